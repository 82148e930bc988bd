/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/poll.h> - what a driver's poll method uses, as <linux/poll.h> and
 * <asm/poll.h> of 2.6.9: the poll_table a caller hands in, poll_wait(), and
 * the POLL* event bits.
 *
 * The event bits are the C library's where its <poll.h> defines them (it is
 * included first, so either header may come first in a translation unit);
 * the values are the same as the kernel's on x86-64. struct pollfd is the C
 * library's as well.
 */
#ifndef _LDM_POLL_H
#define _LDM_POLL_H

#include <poll.h>
#include <ldm/fs.h>
#include <ldm/sched.h>
#include <ldm/string.h>
#include <ldm/uaccess.h>
#include <ldm/wait.h>

#pragma GCC visibility push(default)

#ifndef POLLIN
#define POLLIN 0x0001
#endif
#ifndef POLLPRI
#define POLLPRI 0x0002
#endif
#ifndef POLLOUT
#define POLLOUT 0x0004
#endif
#ifndef POLLERR
#define POLLERR 0x0008
#endif
#ifndef POLLHUP
#define POLLHUP 0x0010
#endif
#ifndef POLLNVAL
#define POLLNVAL 0x0020
#endif
#ifndef POLLRDNORM
#define POLLRDNORM 0x0040
#endif
#ifndef POLLRDBAND
#define POLLRDBAND 0x0080
#endif
#ifndef POLLWRNORM
#define POLLWRNORM 0x0100
#endif
#ifndef POLLWRBAND
#define POLLWRBAND 0x0200
#endif
#ifndef POLLMSG
#define POLLMSG 0x0400
#endif
#ifndef POLLREMOVE
#define POLLREMOVE 0x1000
#endif

/* What a file without a poll method reports: always readable and writable. */
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

struct file;
struct poll_table_struct;

typedef void (*poll_queue_proc)(struct file *file, wait_queue_head_t *wait_address,
				struct poll_table_struct *p);

/**
 * struct poll_table_struct - how a poll method registers its wait queues
 * (poll_table)
 * @qproc: called by poll_wait() for each wait queue whose wake_up() may
 *	change what the poll method would report
 */
typedef struct poll_table_struct {
	poll_queue_proc qproc;
} poll_table;

/**
 * poll_wait - tell the caller of a poll method which wait queue to watch
 * @filp: the file being polled
 * @wait_address: a wait queue the driver wakes when the file's state changes
 * @p: the poll table the method was given; NULL when the caller only asks
 *	for the current state (then nothing is registered)
 *
 * It does not sleep: the caller sleeps, after the method has returned.
 */
static inline void poll_wait(struct file *filp, wait_queue_head_t *wait_address, poll_table *p)
{
	if (p && wait_address)
		p->qproc(filp, wait_address, p);
}

static inline void init_poll_funcptr(poll_table *pt, poll_queue_proc qproc)
{
	pt->qproc = qproc;
}

#pragma GCC visibility pop

#endif /* _LDM_POLL_H */
