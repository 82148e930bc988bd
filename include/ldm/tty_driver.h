/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/tty_driver.h> - the driver side of a tty, as <linux/tty_driver.h>
 * of 2.6.9 shapes it: what a line discipline calls to send characters
 * (tty->driver->write).
 *
 * ldm has no tty core: nothing here registers a driver of ttys
 * (tty_register_driver() and alloc_tty_driver() are not provided, and a
 * module calling them is refused at load, naming them); the structure is
 * what a line discipline and a test's tty see (docs/kernel-services.md).
 */
#ifndef _LDM_TTY_DRIVER_H
#define _LDM_TTY_DRIVER_H

#include <ldm/fs.h>
#include <ldm/list.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct tty_struct;
struct termios;

/**
 * struct tty_driver - a driver of ttys (2.6.9's fields; its operations are
 * its own members, as then)
 */
struct tty_driver {
	int magic;
	struct cdev *cdev;
	struct module *owner;
	const char *driver_name;
	const char *devfs_name;
	const char *name;
	int name_base;
	short major;
	short minor_start;
	short num;
	short type;
	short subtype;
	int flags;
	int refcount;
	struct proc_dir_entry *proc_entry;
	struct tty_driver *other;
	struct tty_struct **ttys;
	struct termios **termios;
	struct termios **termios_locked;
	void *driver_state;

	int (*open)(struct tty_struct *tty, struct file *filp);
	void (*close)(struct tty_struct *tty, struct file *filp);
	int (*write)(struct tty_struct *tty, int from_user, const unsigned char *buf, int count);
	void (*put_char)(struct tty_struct *tty, unsigned char ch);
	void (*flush_chars)(struct tty_struct *tty);
	int (*write_room)(struct tty_struct *tty);
	int (*chars_in_buffer)(struct tty_struct *tty);
	int (*ioctl)(struct tty_struct *tty, struct file *file, unsigned int cmd,
		     unsigned long arg);
	void (*set_termios)(struct tty_struct *tty, struct termios *old);
	void (*throttle)(struct tty_struct *tty);
	void (*unthrottle)(struct tty_struct *tty);
	void (*stop)(struct tty_struct *tty);
	void (*start)(struct tty_struct *tty);
	void (*hangup)(struct tty_struct *tty);
	void (*break_ctl)(struct tty_struct *tty, int state);
	void (*flush_buffer)(struct tty_struct *tty);
	void (*set_ldisc)(struct tty_struct *tty);
	void (*wait_until_sent)(struct tty_struct *tty, int timeout);
	void (*send_xchar)(struct tty_struct *tty, char ch);
	int (*read_proc)(char *page, char **start, off_t off, int count, int *eof, void *data);
	int (*write_proc)(struct file *file, const char __user *buffer, unsigned long count,
			  void *data);
	int (*tiocmget)(struct tty_struct *tty, struct file *file);
	int (*tiocmset)(struct tty_struct *tty, struct file *file, unsigned int set,
			unsigned int clear);
	struct list_head tty_drivers;
};

#define TTY_DRIVER_MAGIC 0x5402

/* tty_driver->flags */
#define TTY_DRIVER_INSTALLED	 0x0001
#define TTY_DRIVER_RESET_TERMIOS 0x0002
#define TTY_DRIVER_REAL_RAW	 0x0004
#define TTY_DRIVER_NO_DEVFS	 0x0008

/* tty_driver->type and subtype */
#define TTY_DRIVER_TYPE_SYSTEM	0x0001
#define TTY_DRIVER_TYPE_CONSOLE 0x0002
#define TTY_DRIVER_TYPE_SERIAL	0x0003
#define TTY_DRIVER_TYPE_PTY	0x0004
#define TTY_DRIVER_TYPE_SCC	0x0005
#define TTY_DRIVER_TYPE_SYSCONS 0x0006
#define SYSTEM_TYPE_TTY		0x0001
#define SYSTEM_TYPE_CONSOLE	0x0002
#define SYSTEM_TYPE_SYSCONS	0x0003
#define SYSTEM_TYPE_SYSPTMX	0x0004
#define PTY_TYPE_MASTER		0x0001
#define PTY_TYPE_SLAVE		0x0002
#define SERIAL_TYPE_NORMAL	1

#pragma GCC visibility pop

#endif /* _LDM_TTY_DRIVER_H */
