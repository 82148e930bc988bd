// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * open.c - what open(2) does to a file once its methods are known
 * (ldm_file_open(), as dentry_open() of 2.6.9's fs/open.c), and
 * nonseekable_open().
 */
#include <ldm/export.h>
#include <ldm/fs.h>
#include <ldm/sched.h>

#include "file.h"

/* Open flags that act at open(2) only and are not kept in f_flags. */
#define OPEN_ONLY_FLAGS (O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC)

/**
 * ldm_file_open - set up an open file and call its open method
 * @file: the file, zeroed
 * @dentry: its name, zeroed or named; its d_inode becomes @inode
 * @inode: what it is opened through
 * @fops: its methods; the caller holds a reference (fops_get()), which
 *	the file keeps, or which is dropped if the open fails
 * @flags: open(2) flags
 *
 * As 2.6.9's dentry_open(): f_flags are @flags without those that act at
 * open(2) only (O_CREAT, O_EXCL, O_NOCTTY, O_TRUNC); f_mode says the
 * access mode with FMODE_LSEEK, FMODE_PREAD and FMODE_PWRITE, which
 * nonseekable_open() takes away; the file acts for the credentials the
 * thread has (f_uid, f_gid) and has no owner for SIGIO. Then the open
 * method, which may replace f_op (whose reference the file then holds).
 * Return: 0, or the open method's error, the reference dropped.
 */
int ldm_file_open(struct file *file, struct dentry *dentry, struct inode *inode,
		  const struct file_operations *fops, int flags)
{
	int err;

	dentry->d_inode = inode;
	file->f_dentry = dentry;
	file->f_op = fops;
	atomic_set(&file->f_count, 1);
	rwlock_init(&file->f_owner.lock);
	file->f_owner.ldm_pidfd = -1;
	file->f_uid = current->fsuid;
	file->f_gid = current->fsgid;
	file->f_flags = (unsigned int)(flags & ~OPEN_ONLY_FLAGS);
	file->f_mode =
		(mode_t)(((flags + 1) & O_ACCMODE) | FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	err = fops->open ? fops->open(inode, file) : 0;
	if (err)
		fops_put(file->f_op); /* an open that replaced f_op and failed put the old back */
	return err;
}

/**
 * nonseekable_open - make a file refuse llseek(), pread and pwrite
 * @inode: the device node
 * @filp: the file being opened
 *
 * Called by a driver's open method. llseek() then returns -ESPIPE, and so
 * do reads and writes at a position given by the caller (pread, pwrite);
 * plain reads and writes still pass f_pos to the driver, which ignores it.
 * Return: 0.
 */
int nonseekable_open(struct inode *inode, struct file *filp)
{
	(void)inode;
	filp->f_mode &= ~(mode_t)(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	return 0;
}
EXPORT_SYMBOL(nonseekable_open);
