/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/tty_ldisc.h> - line disciplines, as <linux/tty_ldisc.h> of 2.6.9:
 * what a tty hands the characters it receives to, and what a process's
 * reads and writes of it go through (serport makes a serio port of one).
 */
#ifndef _LDM_TTY_LDISC_H
#define _LDM_TTY_LDISC_H

#include <ldm/fs.h>
#include <ldm/poll.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct tty_struct;
struct termios;

/**
 * struct tty_ldisc - a line discipline
 * @magic: TTY_LDISC_MAGIC
 * @name: its name, as /proc/tty/ldiscs lists it
 * @num: its number (N_TTY...), set by tty_register_ldisc()
 * @flags: LDISC_FLAG_DEFINED while registered
 * @open: attached to a tty
 * @close: detached from it
 * @flush_buffer: drop what it holds
 * @chars_in_buffer: how much it holds
 * @read: a process reads the tty
 * @write: a process writes it
 * @ioctl: an ioctl of the tty it does not handle itself
 * @set_termios: the tty's settings changed
 * @poll: a process polls the tty
 * @hangup: the tty hung up
 * @receive_buf: the driver received @count characters, with flags @fp
 * @receive_room: how many it may take now
 * @write_wakeup: the driver has room again (with TTY_DO_WRITE_WAKEUP)
 * @owner: its module, held while a tty uses it
 * @refcount: the ttys using it
 */
struct tty_ldisc {
	int magic;
	char *name;
	int num;
	int flags;
	int (*open)(struct tty_struct *);
	void (*close)(struct tty_struct *);
	void (*flush_buffer)(struct tty_struct *tty);
	ssize_t (*chars_in_buffer)(struct tty_struct *tty);
	ssize_t (*read)(struct tty_struct *tty, struct file *file, unsigned char __user *buf,
			size_t nr);
	ssize_t (*write)(struct tty_struct *tty, struct file *file, const unsigned char __user *buf,
			 size_t nr);
	int (*ioctl)(struct tty_struct *tty, struct file *file, unsigned int cmd,
		     unsigned long arg);
	void (*set_termios)(struct tty_struct *tty, struct termios *old);
	unsigned int (*poll)(struct tty_struct *, struct file *, struct poll_table_struct *);
	int (*hangup)(struct tty_struct *tty);
	void (*receive_buf)(struct tty_struct *, const unsigned char *cp, char *fp, int count);
	int (*receive_room)(struct tty_struct *);
	void (*write_wakeup)(struct tty_struct *);
	struct module *owner;
	int refcount;
};

#define TTY_LDISC_MAGIC 0x5403

#define LDISC_FLAG_DEFINED 0x00000001

#define MODULE_ALIAS_LDISC(ldisc) MODULE_ALIAS("tty-ldisc-" __stringify(ldisc))

#pragma GCC visibility pop

#endif /* _LDM_TTY_LDISC_H */
