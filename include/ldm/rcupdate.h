/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/rcupdate.h> - read-copy update, as <linux/rcupdate.h> of 2.6.9:
 * readers mark their sections with rcu_read_lock()/rcu_read_unlock() and
 * never block writers; a writer waits for the readers of the old version
 * with synchronize_rcu(), or has a callback run after them with call_rcu().
 *
 * Here a read section holds a reader-writer lock for reading (nesting
 * counted per thread) and a grace period is taking it for writing once:
 * every section that began before has ended then. Readers must not sleep,
 * as in 2.6.9, and synchronize_rcu() must not be called inside one.
 */
#ifndef _LDM_RCUPDATE_H
#define _LDM_RCUPDATE_H

#include <ldm/compiler.h>
#include <ldm/list.h>
#include <ldm/rculist.h>

#pragma GCC visibility push(default)

/**
 * struct rcu_head - a callback queued by call_rcu()
 * @next: in the queue (the runtime's)
 * @func: what runs after the grace period
 * @arg: 2.6.9's argument to @func
 */
struct rcu_head {
	struct rcu_head *next;
	void (*func)(void *arg);
	void *arg;
};

#define RCU_HEAD_INIT(head) \
	{ \
		.next = NULL, .func = NULL, .arg = NULL \
	}
#define RCU_HEAD(head) struct rcu_head head = RCU_HEAD_INIT(head)
#define INIT_RCU_HEAD(ptr) \
	do { \
		(ptr)->next = NULL; \
		(ptr)->func = NULL; \
		(ptr)->arg = NULL; \
	} while (0)

void rcu_read_lock(void);
void rcu_read_unlock(void);
#define rcu_read_lock_bh()   rcu_read_lock()
#define rcu_read_unlock_bh() rcu_read_unlock()

void synchronize_rcu(void);
void synchronize_kernel(void);
void call_rcu(struct rcu_head *head, void (*func)(void *arg), void *arg);
#define call_rcu_bh(head, func, arg) call_rcu(head, func, arg)
void rcu_barrier(void);

#pragma GCC visibility pop

#endif /* _LDM_RCUPDATE_H */
