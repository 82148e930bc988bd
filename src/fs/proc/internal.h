/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * internal.h - what the files of src/fs/proc/ share. Private to libldm.
 */
#ifndef _LDM_FS_PROC_INTERNAL_H
#define _LDM_FS_PROC_INTERNAL_H

struct proc_dir_entry;
struct ldm_proc_entry;

/* generic.c: the lock of the tree's links, and an entry's last reference */
void proc_tree_lock(void);
void proc_tree_unlock(void);
void de_put(struct proc_dir_entry *de);

/*
 * The host's handle of an entry (<libldm/proc.h>) is the entry itself,
 * under a name of the host API's own: these two convert at the boundary.
 */
static inline struct proc_dir_entry *to_de(struct ldm_proc_entry *entry)
{
	return (struct proc_dir_entry *)entry;
}

static inline struct ldm_proc_entry *to_entry(struct proc_dir_entry *de)
{
	return (struct ldm_proc_entry *)de;
}

#endif /* _LDM_FS_PROC_INTERNAL_H */
