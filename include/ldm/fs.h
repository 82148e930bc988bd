/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/fs.h> - what a 2.6.9 character driver uses of <linux/fs.h>: struct
 * file_operations, struct file, struct inode (as far as a device node has
 * one), iminor()/imajor(), fops_get()/fops_put(), the f_mode bits, and
 * no_llseek(), default_llseek() and nonseekable_open().
 */
#ifndef _LDM_FS_H
#define _LDM_FS_H

#include <fcntl.h>
#include <stdio.h>
#include <ldm/compiler.h>
#include <ldm/kdev_t.h>
#include <ldm/module.h>
#include <ldm/types.h>

/**
 * DOC: how <ldm/fs.h> works
 *
 * There is no VFS here: a front end opens a device through the runtime (for
 * misc devices, ldm_misc_open() of <ldm/miscdevice.h>), which makes the
 * struct file and struct inode the methods see. f_flags holds the flags of
 * open(2) (O_NONBLOCK and the access mode among them), from <fcntl.h>.
 *
 * The members of file_operations are those of 2.6.9 that the runtime calls,
 * with 2.6.9's signatures; unlocked_ioctl comes from 2.6.11 and, when set,
 * is called instead of ioctl. A method left NULL behaves as in 2.6.9 (see
 * docs/misc.md).
 */

#pragma GCC visibility push(default)

struct file;
struct inode;
struct poll_table_struct;

/* f_mode: what the file was opened for, and what it allows. */
#define FMODE_READ   1
#define FMODE_WRITE  2
#define FMODE_LSEEK  4 /* llseek() moves f_pos */
#define FMODE_PREAD  8 /* reads and writes at a given position */
#define FMODE_PWRITE FMODE_PREAD

/**
 * struct file_operations - a driver's methods for an open device
 * @owner: the module the methods live in (THIS_MODULE); a reference is held
 *	on it for as long as a file is open
 * @llseek: move f_pos; NULL means default_llseek()
 * @read: copy up to count bytes at *ppos to the caller's buffer with
 *	copy_to_user(), advance *ppos; return the bytes read or a negative errno
 * @write: the same, from the caller's buffer with copy_from_user()
 * @poll: call poll_wait() for each wait queue that signals a change and
 *	return the POLL* bits that hold now; NULL means DEFAULT_POLLMASK
 * @ioctl: a device-specific command; NULL means -ENOTTY
 * @open: called once per open, with private_data NULL; may set it
 * @flush: called at close, before @release
 * @release: called once per open, when the file is closed (or when the
 *	device is deregistered while the file is open)
 * @unlocked_ioctl: 2.6.11's ioctl without the inode; preferred when set
 */
struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	unsigned int (*poll)(struct file *, struct poll_table_struct *);
	int (*ioctl)(struct inode *, struct file *, unsigned int, unsigned long);
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *);
	int (*release)(struct inode *, struct file *);
	/* modern addition (2.6.11) */
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
};

/**
 * struct inode - the device node a file was opened through
 * @i_rdev: its device number (major:minor)
 */
struct inode {
	dev_t i_rdev;
};

/**
 * struct file - one open of a device
 * @f_op: the driver's methods
 * @f_flags: the open(2) flags
 * @f_mode: FMODE_* bits
 * @f_pos: the position read(2), write(2) and llseek() use
 * @private_data: the driver's, typically set by open()
 */
struct file {
	const struct file_operations *f_op;
	unsigned int f_flags;
	mode_t f_mode;
	loff_t f_pos;
	void *private_data;
};

static inline unsigned int iminor(const struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned int imajor(const struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

/* Take and drop the reference on the module of a file_operations. */
#define fops_get(fops) (((fops) && try_module_get((fops)->owner)) ? (fops) : NULL)
#define fops_put(fops) \
	do { \
		if (fops) \
			module_put((fops)->owner); \
	} while (0)

loff_t no_llseek(struct file *file, loff_t offset, int origin);
loff_t default_llseek(struct file *file, loff_t offset, int origin);
int nonseekable_open(struct inode *inode, struct file *filp);

#pragma GCC visibility pop

#endif /* _LDM_FS_H */
