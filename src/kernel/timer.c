// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * timer.c - kernel timers (kernel/timer.c of 2.6.9): a list of pending
 * timers sorted by expiry, and one thread that sleeps until the first one
 * is due and runs it. The timer wheel of the kernel serves thousands of
 * timers per CPU; a driver here has a few, and a sorted list keeps the
 * order of expiry plain to see.
 */
#include <pthread.h>
#include <stdint.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/timer.h>

#include "boot.h"
#include "unload.h"
#include "time-internal.h"

/**
 * DOC: how timer.c works
 *
 * All timer state is under timer_lock. A callback runs with the lock
 * dropped; running_timer names it, so that del_timer_sync() can wait for it
 * to return.
 *
 * A process that forks with the runtime up leaves the timer thread behind in
 * the parent: in the child, timers stay pending and never fire, and
 * ldm_exit() reports them.
 */

/* What a pending timer's base points to. */
struct tvec_t_base_s {
	int unused;
};

static struct tvec_t_base_s timer_base;

static pthread_mutex_t timer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t timer_wake; /* a new first timer, or time to stop */
static pthread_cond_t timer_done = PTHREAD_COND_INITIALIZER; /* a callback returned */
static LIST_HEAD(timers);				     /* pending, by expiry */
static struct timer_list *running_timer;
static unsigned int sync_waiters; /* del_timer_sync() calls waiting for it */
static pthread_t timer_thread;
static bool timer_thread_up;
static bool timer_thread_running; /* it has started and reached its loop */
static bool timer_stop;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

/* Under timer_lock. */
static bool in_timer_thread(void)
{
	return timer_thread_up && pthread_equal(pthread_self(), timer_thread);
}

static void detach_timer(struct timer_list *timer)
{
	list_del(&timer->entry);
	__atomic_store_n(&timer->base, NULL, __ATOMIC_RELEASE);
}

/* Insert behind every timer that does not expire later; under timer_lock. */
static void enqueue_timer(struct timer_list *timer)
{
	struct list_head *pos;

	list_for_each_prev(pos, &timers) {
		struct timer_list *other = list_entry(pos, struct timer_list, entry);

		if (!time_after(other->expires, timer->expires))
			break;
	}
	list_add(&timer->entry, pos);
	__atomic_store_n(&timer->base, &timer_base, __ATOMIC_RELEASE);
	/* A new first timer may be due before the thread means to wake. */
	if (timers.next == &timer->entry && timer_thread_up)
		pthread_cond_signal(&timer_wake);
}

static int modify_timer(struct timer_list *timer, unsigned long expires, bool keep_same)
{
	int was_pending;

	if (WARN_ON(!timer->function))
		return 0;
	pthread_mutex_lock(&timer_lock);
	was_pending = timer->base != NULL;
	if (!(keep_same && was_pending && timer->expires == expires)) {
		if (was_pending)
			detach_timer(timer);
		timer->expires = expires;
		enqueue_timer(timer);
	}
	pthread_mutex_unlock(&timer_lock);
	return was_pending;
}

/**
 * __mod_timer - (re)start a timer to fire at @expires
 * @timer: the timer, initialized, with its function set
 * @expires: the tick at which it fires; one already past fires at once
 *
 * What add_timer() calls. A timer without a function is refused with a
 * warning.
 * Return: 1 if the timer was pending (and is now moved), 0 if not.
 */
int __mod_timer(struct timer_list *timer, unsigned long expires)
{
	return modify_timer(timer, expires, false);
}
EXPORT_SYMBOL(__mod_timer);

/**
 * mod_timer - change a timer's expiry, starting it if it is not pending
 * @timer: the timer, initialized, with its function set
 * @expires: the new tick at which it fires
 *
 * Return: 1 if the timer was pending, 0 if it was not (it is now).
 */
int mod_timer(struct timer_list *timer, unsigned long expires)
{
	return modify_timer(timer, expires, true);
}
EXPORT_SYMBOL(mod_timer);

/**
 * del_timer - stop a timer from firing
 * @timer: the timer
 *
 * Its callback may still be running in the timer thread when this returns;
 * del_timer_sync() waits for that.
 * Return: 1 if the timer was pending, 0 if not.
 */
int del_timer(struct timer_list *timer)
{
	int was_pending;

	pthread_mutex_lock(&timer_lock);
	was_pending = timer->base != NULL;
	if (was_pending)
		detach_timer(timer);
	pthread_mutex_unlock(&timer_lock);
	return was_pending;
}
EXPORT_SYMBOL(del_timer);

/**
 * del_timer_sync - stop a timer and wait until its callback is not running
 * @timer: the timer
 *
 * When this returns, the timer is not pending and its callback does not run,
 * even if the callback restarted it. Called from the callback itself (or
 * any timer callback), it does not wait, which would never end.
 * Return: 1 if the timer was pending, 0 if not.
 */
int del_timer_sync(struct timer_list *timer)
{
	int was_pending = 0;

	pthread_mutex_lock(&timer_lock);
	for (;;) {
		if (timer->base) {
			detach_timer(timer);
			was_pending = 1;
		}
		if (running_timer != timer || in_timer_thread())
			break;
		sync_waiters++;
		pthread_cond_wait(&timer_done, &timer_lock);
		sync_waiters--;
	}
	/* The timer thread holds back the next callback until we looked. */
	if (!sync_waiters)
		pthread_cond_broadcast(&timer_done);
	pthread_mutex_unlock(&timer_lock);
	return was_pending;
}
EXPORT_SYMBOL(del_timer_sync);

/* Run the first timer, which is due; under timer_lock, dropped meanwhile. */
static void run_timer(struct timer_list *timer)
{
	void (*fn)(unsigned long) = timer->function;
	unsigned long data = timer->data;

	detach_timer(timer);
	running_timer = timer;
	pthread_mutex_unlock(&timer_lock);
	fn(data);
	pthread_mutex_lock(&timer_lock);
	/* The timer may be gone now: only its address is compared. */
	running_timer = NULL;
	pthread_cond_broadcast(&timer_done);
	/*
	 * A callback that restarts its timer for now would run again before a
	 * del_timer_sync() waiting for it got the lock: let the waiters in
	 * first, to find the timer stopped and take it off.
	 */
	while (sync_waiters)
		pthread_cond_wait(&timer_done, &timer_lock);
}

static void *timer_thread_fn(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&timer_lock);
	timer_thread_running = true;
	pthread_cond_broadcast(&timer_done);
	while (!timer_stop) {
		struct timer_list *first;
		struct timespec deadline;

		if (list_empty(&timers)) {
			pthread_cond_wait(&timer_wake, &timer_lock);
			continue;
		}
		first = list_first_entry(&timers, struct timer_list, entry);
		if (time_before(jiffies, first->expires)) {
			jiffies_to_deadline(first->expires, &deadline);
			pthread_cond_timedwait(&timer_wake, &timer_lock, &deadline);
			continue;
		}
		run_timer(first);
	}
	pthread_mutex_unlock(&timer_lock);
	return NULL;
}

/* fork(): the child gets the timer state whole, and no timer thread. */
static void timers_prepare_fork(void)
{
	pthread_mutex_lock(&timer_lock);
}

static void timers_parent_fork(void)
{
	pthread_mutex_unlock(&timer_lock);
}

static void timers_child_fork(void)
{
	timer_thread_up = false;
	timer_thread_running = false;
	running_timer = NULL;
	pthread_mutex_unlock(&timer_lock);
}

static void timers_atfork(void)
{
	pthread_atfork(timers_prepare_fork, timers_parent_fork, timers_child_fork);
}

/* Boot: start the timer thread; timers added before fire now. */
int init_timers(void)
{
	int error;

	pthread_once(&atfork_once, timers_atfork);
	error = ldm_cond_init_monotonic(&timer_wake);
	if (error)
		return error;
	pthread_mutex_lock(&timer_lock);
	timer_stop = false;
	error = -pthread_create(&timer_thread, NULL, timer_thread_fn, NULL);
	if (!error)
		timer_thread_up = true;
	/*
	 * Return only once the thread runs: while it starts, it may hold a lock
	 * of the C library or of a sanitizer, which a fork() would leave held.
	 */
	while (!error && !timer_thread_running)
		pthread_cond_wait(&timer_done, &timer_lock);
	pthread_mutex_unlock(&timer_lock);
	if (error) {
		pthread_cond_destroy(&timer_wake);
		return error;
	}
	pthread_setname_np(timer_thread, "ktimer");
	return 0;
}

/* Shutdown, first step: stop the thread; pending timers stay pending. */
void timers_stop(void)
{
	pthread_mutex_lock(&timer_lock);
	if (!timer_thread_up) {
		pthread_mutex_unlock(&timer_lock);
		return;
	}
	timer_stop = true;
	pthread_cond_signal(&timer_wake);
	pthread_mutex_unlock(&timer_lock);
	pthread_join(timer_thread, NULL);
	pthread_mutex_lock(&timer_lock);
	timer_thread_up = false;
	timer_thread_running = false;
	pthread_mutex_unlock(&timer_lock);
	pthread_cond_destroy(&timer_wake);
}

/* Shutdown, last step: report each timer still pending, each a missing del_timer(). */
static bool in_range(const void *p, const void *start, size_t size)
{
	return (uintptr_t)p - (uintptr_t)start < size;
}

/**
 * timers_forget_range - take off every pending timer whose struct or function
 * lies in a module's memory, which is about to be unmapped
 * @start: the module's memory
 * @size: its size
 * @owner: the module's name, for the warnings
 *
 * A module that leaves a timer armed at unload (2.6.9's softdog does, after
 * an unexpected close) would have the timer thread run unmapped code: each
 * such timer is named, as a leak of @owner, and deleted. A callback of the
 * module running now is waited for.
 * Return: how many timers were deleted.
 */
unsigned int timers_forget_range(const void *start, size_t size, const char *owner)
{
	struct timer_list *timer, *next;
	unsigned int n = 0;

	pthread_mutex_lock(&timer_lock);
	list_for_each_entry_safe(timer, next, &timers, entry) {
		if (!in_range(timer, start, size) &&
		    !in_range((const void *)(uintptr_t)timer->function, start, size))
			continue;
		printk(KERN_ERR "%s: module unloaded with timer %p (function %p) pending: "
				"deleted\n",
		       owner, (void *)timer, (void *)(uintptr_t)timer->function);
		detach_timer(timer);
		n++;
	}
	while (running_timer && in_range(running_timer, start, size) && !in_timer_thread())
		pthread_cond_wait(&timer_done, &timer_lock);
	pthread_mutex_unlock(&timer_lock);
	return n;
}

void timers_exit(void)
{
	struct timer_list *timer, *next;

	pthread_mutex_lock(&timer_lock);
	list_for_each_entry_safe(timer, next, &timers, entry) {
		printk(KERN_WARNING "ldm: timer %p (function %p) still pending at exit\n",
		       (void *)timer, (void *)(uintptr_t)timer->function);
		detach_timer(timer);
	}
	pthread_mutex_unlock(&timer_lock);
}
