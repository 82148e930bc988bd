/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/timer.h> - kernel timers, as <linux/timer.h> of 2.6.9: a function
 * called with its data once jiffies reaches the timer's expiry.
 *
 * Every callback runs in one thread of the runtime, the timer thread, which
 * ldm_init() starts and ldm_exit() stops - the counterpart of the timer
 * softirq. Callbacks run one at a time, in order of expiry (timers that
 * expire at the same tick in the order they were added), never before their
 * tick, and may sleep, though a callback that sleeps holds up the others.
 * Timers added while the runtime is down fire once it is up. A timer still
 * pending at ldm_exit() is reported, like a leaked kobject, and dropped.
 */
#ifndef _LDM_TIMER_H
#define _LDM_TIMER_H

#include <ldm/compiler.h>
#include <ldm/jiffies.h>
#include <ldm/list.h>

#pragma GCC visibility push(default)

struct tvec_t_base_s;

/**
 * struct timer_list - a timer
 * @entry: its place among the pending timers
 * @expires: the tick (jiffies value) at which it fires
 * @function: called with @data in the timer thread
 * @data: the argument of @function
 * @base: the runtime's timer base while pending, NULL otherwise; read it
 *	with timer_pending()
 */
struct timer_list {
	struct list_head entry;
	unsigned long expires;
	void (*function)(unsigned long data);
	unsigned long data;
	struct tvec_t_base_s *base;
};

#define TIMER_INITIALIZER(_function, _expires, _data) \
	{ \
		.entry = { NULL, NULL }, .expires = (_expires), .function = (_function), \
		.data = (_data), .base = NULL, \
	}

/* Modern: a statically initialized timer. */
#define DEFINE_TIMER(_name, _function, _expires, _data) \
	struct timer_list _name = TIMER_INITIALIZER(_function, _expires, _data)

/**
 * init_timer - make a timer ready for the other calls, not pending
 * @timer: the timer; set its function, data and expires before adding it
 */
static inline void init_timer(struct timer_list *timer)
{
	timer->entry.next = NULL;
	timer->entry.prev = NULL;
	timer->base = NULL;
}

/**
 * setup_timer - init_timer() and set the function and its data (modern)
 * @timer: the timer
 * @function: called with @data when the timer fires
 * @data: the argument of @function
 */
static inline void setup_timer(struct timer_list *timer, void (*function)(unsigned long),
			       unsigned long data)
{
	timer->function = function;
	timer->data = data;
	init_timer(timer);
}

/**
 * timer_pending - whether a timer is waiting to fire
 * @timer: the timer
 *
 * A timer stops pending when its callback begins, so a callback that is
 * running does not count.
 * Return: 1 if pending, 0 if not.
 */
static inline int timer_pending(const struct timer_list *timer)
{
	return __atomic_load_n(&timer->base, __ATOMIC_ACQUIRE) != NULL;
}

int __mod_timer(struct timer_list *timer, unsigned long expires);
int mod_timer(struct timer_list *timer, unsigned long expires);
int del_timer(struct timer_list *timer);
int del_timer_sync(struct timer_list *timer);
#define del_singleshot_timer_sync(t) del_timer_sync(t)

/**
 * add_timer - start a timer that is not pending
 * @timer: the timer, with function, data and expires set; an expiry in the
 *	past fires at once
 */
static inline void add_timer(struct timer_list *timer)
{
	__mod_timer(timer, timer->expires);
}

#pragma GCC visibility pop

#endif /* _LDM_TIMER_H */
