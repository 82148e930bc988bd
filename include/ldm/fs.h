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
#include <ldm/atomic.h>
#include <ldm/compiler.h>
#include <ldm/init.h>
#include <ldm/ioctl.h>
#include <ldm/kdev_t.h>
#include <ldm/kernel.h>
#include <ldm/list.h>
#include <ldm/module.h>
#include <ldm/slab.h>
#include <ldm/spinlock.h>
#include <ldm/stat.h>
#include <ldm/string.h>
#include <ldm/types.h>
#include <ldm/wait.h>

/**
 * DOC: how <ldm/fs.h> works
 *
 * There is no VFS here: a front end opens a character device through the
 * runtime (ldm_chrdev_open() of <libldm/chrdev.h>, by device number; a
 * /proc file through <libldm/proc.h>), which makes the struct file and
 * struct inode the methods see, and frees them at the last release. A
 * module never allocates either, so the runtime may add members. f_flags
 * holds the flags of open(2) (O_NONBLOCK and the access mode among them),
 * from <fcntl.h>; f_owner the process that receives SIGIO (fasync).
 *
 * The members of file_operations are 2.6.9's, with 2.6.9's signatures; the
 * runtime calls llseek, read, write, poll, ioctl, open, flush, release and
 * fasync, and never the others (a driver may set them all the same).
 * unlocked_ioctl comes from 2.6.11 and, when set, is called instead of
 * ioctl. A method left NULL behaves as in 2.6.9 (see docs/chrdev.md).
 */

#pragma GCC visibility push(default)

struct file;
struct inode;
struct poll_table_struct;
struct kiocb;
struct vm_area_struct;
struct file_lock;
struct iovec;
struct page;
struct cdev;
typedef int (*filldir_t)(void *, const char *, int, loff_t, ino_t, unsigned int);
typedef int (*read_actor_t)(void *, struct page *, unsigned long, unsigned long);

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
 * @fasync: O_ASYNC turned on (@on 1) or off (0) for the file, whose
 *	descriptor in its owner's process is @fd: typically fasync_helper()
 * @unlocked_ioctl: 2.6.11's ioctl without the inode; preferred when set
 *
 * The other members are 2.6.9's and never called.
 */
struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *, loff_t, int);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*aio_read)(struct kiocb *, char __user *, size_t, loff_t);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	ssize_t (*aio_write)(struct kiocb *, const char __user *, size_t, loff_t);
	int (*readdir)(struct file *, void *, filldir_t);
	unsigned int (*poll)(struct file *, struct poll_table_struct *);
	int (*ioctl)(struct inode *, struct file *, unsigned int, unsigned long);
	int (*mmap)(struct file *, struct vm_area_struct *);
	int (*open)(struct inode *, struct file *);
	int (*flush)(struct file *);
	int (*release)(struct inode *, struct file *);
	int (*fsync)(struct file *, void *, int datasync);
	int (*aio_fsync)(struct kiocb *, int datasync);
	int (*fasync)(int, struct file *, int);
	int (*lock)(struct file *, int, struct file_lock *);
	ssize_t (*readv)(struct file *, const struct iovec *, unsigned long, loff_t *);
	ssize_t (*writev)(struct file *, const struct iovec *, unsigned long, loff_t *);
	ssize_t (*sendfile)(struct file *, loff_t *, size_t, read_actor_t, void *);
	ssize_t (*sendpage)(struct file *, struct page *, int, size_t, loff_t *, int);
	unsigned long (*get_unmapped_area)(struct file *, unsigned long, unsigned long,
					   unsigned long, unsigned long);
	int (*check_flags)(int);
	int (*dir_notify)(struct file *filp, unsigned long arg);
	int (*flock)(struct file *, int, struct file_lock *);
	/* modern addition (2.6.11) */
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
};

/**
 * struct inode - the node a file was opened through
 * @i_ino: its number
 * @i_mode: its type and permissions
 * @i_uid: its owner
 * @i_gid: its group
 * @i_rdev: its device number (major:minor)
 * @i_size: its size
 * @i_cdev: the character device it was opened through (fs/char_dev.c)
 * @i_cindex: unused, as in 2.6.9
 * @u: a pointer for the file system's own use
 */
struct inode {
	unsigned long i_ino;
	umode_t i_mode;
	uid_t i_uid;
	gid_t i_gid;
	dev_t i_rdev;
	loff_t i_size;
	struct cdev *i_cdev;
	int i_cindex;
	union {
		void *generic_ip;
	} u;
};

/* What a file's name is, as far as a driver asks: its inode. */
struct qstr {
	const unsigned char *name;
	unsigned int len;
	unsigned int hash;
};

struct dentry {
	struct inode *d_inode;
	struct qstr d_name;
};

/**
 * struct fown_struct - who receives the file's SIGIO
 * @lock: guards the rest
 * @pid: the process (F_SETOWN; ldm_chrdev_set_owner() here), negative for
 *	a process group, 0 for none
 * @uid: the real user of whoever named it
 * @euid: the effective user of whoever named it
 * @signum: the signal to send instead of SIGIO (F_SETSIG), 0 for SIGIO
 * @ldm_pidfd: ldm: a pidfd on @pid (on the group's leader for a group),
 *	-1 if there is none; it dies with the process, as modern Linux's
 *	struct pid, so that a pid reused by another process is never
 *	signalled. Meaningful only while @pid is not 0.
 */
struct fown_struct {
	rwlock_t lock;
	int pid;
	uid_t uid, euid;
	int signum;
	int ldm_pidfd;
};

/**
 * struct file - one open of a device
 * @f_dentry: its name, whose d_inode is the node it was opened through
 * @f_vfsmnt: unused
 * @f_op: the driver's methods; an open method may replace them (2.6.9's
 *	input core and misc layer do), and the new ones are called from then
 * @f_count: references (the runtime's)
 * @f_flags: the open(2) flags
 * @f_mode: FMODE_* bits
 * @f_error: unused
 * @f_pos: the position read(2), write(2) and llseek() use
 * @f_owner: who receives SIGIO
 * @f_uid: the user that opened it
 * @f_gid: the group that opened it
 * @f_version: changes with f_pos (seq_file reads it)
 * @private_data: the driver's, typically set by open()
 */
struct file {
	struct dentry *f_dentry;
	void *f_vfsmnt;
	const struct file_operations *f_op;
	atomic_t f_count;
	unsigned int f_flags;
	mode_t f_mode;
	int f_error;
	loff_t f_pos;
	struct fown_struct f_owner;
	uid_t f_uid;
	gid_t f_gid;
	unsigned long f_version;
	void *private_data;
};

/**
 * struct fasync_struct - a file that asked for SIGIO (O_ASYNC)
 * @magic: FASYNC_MAGIC
 * @fa_fd: its descriptor in its owner's process
 * @fa_next: the next on the driver's list
 * @fa_file: the file
 */
struct fasync_struct {
	int magic;
	int fa_fd;
	struct fasync_struct *fa_next;
	struct file *fa_file;
};

#define FASYNC_MAGIC 0x4601

#ifndef FASYNC
#define FASYNC O_ASYNC
#endif

int fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp);
int f_setown(struct file *filp, unsigned long arg, int force);
void f_delown(struct file *filp);
void kill_fasync(struct fasync_struct **fp, int sig, int band);
void __kill_fasync(struct fasync_struct *fa, int sig, int band);

/* Character devices: fs/char_dev.c (and <ldm/cdev.h>). */
#define MAX_CHRDEV	       255
#define CHRDEV_MAJOR_HASH_SIZE 255

int register_chrdev_region(dev_t from, unsigned int count, const char *name);
int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count, const char *name);
void unregister_chrdev_region(dev_t from, unsigned int count);
int register_chrdev(unsigned int major, const char *name, const struct file_operations *fops);
int unregister_chrdev(unsigned int major, const char *name);

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
