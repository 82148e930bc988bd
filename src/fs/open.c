// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * open.c - nonseekable_open() (fs/open.c of 2.6.9).
 */
#include <ldm/export.h>
#include <ldm/fs.h>

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
