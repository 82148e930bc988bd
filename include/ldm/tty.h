/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/tty.h> - the line-discipline side of the tty layer of 2.6.9
 * (<linux/tty.h>): struct tty_struct, the line discipline numbers, and
 * tty_register_ldisc() with the calls a line discipline makes.
 *
 * ldm has no tty core, consoles or serial drivers: line disciplines
 * register (serport's N_MOUSE), are listed in /proc/tty/ldiscs, and are
 * attached to a tty by whoever has one (tty_ldisc_get(), then the
 * discipline's open); none is made from /dev (docs/kernel-services.md).
 */
#ifndef _LDM_TTY_H
#define _LDM_TTY_H

#include <ldm/fs.h>
#include <ldm/list.h>
#include <ldm/major.h>
#include <ldm/semaphore.h>
#include <ldm/spinlock.h>
#include <ldm/tty_driver.h>
#include <ldm/tty_ldisc.h>
#include <ldm/wait.h>
#include <ldm/workqueue.h>

#pragma GCC visibility push(default)

/* Line disciplines (2.6.9's <asm/termios.h>) */
#define N_TTY	       0
#define N_SLIP	       1
#define N_MOUSE	       2
#define N_PPP	       3
#define N_STRIP	       4
#define N_AX25	       5
#define N_X25	       6
#define N_6PACK	       7
#define N_MASC	       8
#define N_R3964	       9
#define N_PROFIBUS_FDL 10
#define N_IRDA	       11
#define N_SMSBLOCK     12
#define N_HDLC	       13
#define N_SYNC_PPP     14
#define N_HCI	       15

#define NR_LDISCS 16

/* The flag byte of each received character (receive_buf's fp) */
#define TTY_NORMAL  0
#define TTY_BREAK   1
#define TTY_FRAME   2
#define TTY_PARITY  3
#define TTY_OVERRUN 4

#define TTY_MAGIC 0x5401

/* tty->flags: bit numbers */
#define TTY_THROTTLED	    0
#define TTY_IO_ERROR	    1
#define TTY_OTHER_CLOSED    2
#define TTY_EXCLUSIVE	    3
#define TTY_DEBUG	    4
#define TTY_DO_WRITE_WAKEUP 5
#define TTY_PUSH	    6
#define TTY_CLOSING	    7
#define TTY_DONT_FLIP	    8
#define TTY_LDISC	    9
#define TTY_HW_COOK_OUT	    14
#define TTY_HW_COOK_IN	    15
#define TTY_PTY_LOCK	    16
#define TTY_NO_WRITE_SPLIT  17
#define TTY_HUPPED	    18

struct termios;
struct fasync_struct;

/**
 * struct tty_struct - a tty, as its line discipline and driver see it
 * (2.6.9's fields, less n_tty's own buffers and the flip buffer)
 * @magic: TTY_MAGIC
 * @driver: its driver (driver->write sends characters)
 * @index: its number among the driver's
 * @ldisc: its line discipline, a copy of the registered one
 * @termios: its settings (no termios here: ldm has no tty core)
 * @name: its name, "ttyS0"
 * @flags: TTY_* bits
 * @count: its opens
 * @disc_data: the line discipline's
 * @driver_data: the driver's
 */
struct tty_struct {
	int magic;
	struct tty_driver *driver;
	int index;
	struct tty_ldisc ldisc;
	struct semaphore termios_sem;
	struct termios *termios, *termios_locked;
	char name[64];
	int pgrp;
	int session;
	unsigned long flags;
	int count;
	unsigned char stopped : 1, hw_stopped : 1, flow_stopped : 1, packet : 1;
	unsigned char low_latency : 1, warned : 1;
	unsigned char ctrl_status;
	struct tty_struct *link;
	struct fasync_struct *fasync;
	int alt_speed;
	wait_queue_head_t write_wait;
	wait_queue_head_t read_wait;
	void *disc_data;
	void *driver_data;
	struct list_head tty_files;
	spinlock_t read_lock;
};

int tty_register_ldisc(int disc, struct tty_ldisc *new_ldisc);
struct tty_ldisc *tty_ldisc_get(int disc);
void tty_ldisc_put(int disc);
struct tty_ldisc *tty_ldisc_ref(struct tty_struct *tty);
void tty_ldisc_deref(struct tty_ldisc *ld);
void tty_wakeup(struct tty_struct *tty);
char *tty_name(struct tty_struct *tty, char *buf);

#pragma GCC visibility pop

#endif /* _LDM_TTY_H */
