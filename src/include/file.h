/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * file.h - the one way an open file is set up, for every kind the runtime
 * opens (character devices, /proc files): ldm_file_open() of open.c, as
 * Linux has one do_dentry_open(). Private to libldm.
 */
#ifndef _LDM_FILE_H
#define _LDM_FILE_H

#include <ldm/fs.h>

int ldm_file_open(struct file *file, struct dentry *dentry, struct inode *inode,
		  const struct file_operations *fops, int flags);

#endif /* _LDM_FILE_H */
