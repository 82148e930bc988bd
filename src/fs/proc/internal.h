/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * internal.h - what the files of src/fs/proc/ share. Private to libldm.
 */
#ifndef _LDM_FS_PROC_INTERNAL_H
#define _LDM_FS_PROC_INTERNAL_H

/* generic.c: the lock of the tree's links */
void proc_tree_lock(void);
void proc_tree_unlock(void);

#endif /* _LDM_FS_PROC_INTERNAL_H */
