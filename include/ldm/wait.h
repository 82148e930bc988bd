/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/wait.h> - wait queues, as <linux/wait.h> of 2.6.9: a head that
 * sleepers queue on, wake_up() and its forms, and the wait_event() family.
 */
#ifndef _LDM_WAIT_H
#define _LDM_WAIT_H

#include <ldm/compiler.h>
#include <ldm/errno.h>
#include <ldm/list.h>
#include <ldm/spinlock.h>

struct task_struct;

/**
 * DOC: how <ldm/wait.h> works
 *
 * How a wait_event() cannot miss its wake-up: the sleeper queues itself and
 * sets its state under the queue's lock, then tests the condition, then
 * sleeps. A waker changes what the condition reads, then calls wake_up(),
 * which takes the same lock and puts every queued sleeper's state back to
 * running. Either the sleeper's test sees the change, or the waker finds it
 * queued and its schedule() returns at once. The condition itself is
 * evaluated without the queue's lock held, so it may take the locks the
 * waker holds around wake_up().
 *
 * The condition is read by one thread and written by another: make it
 * something those threads agree on (under a lock both take, or an atomic),
 * as in the kernel.
 *
 * The wait-status macros of 2.6.9's <linux/wait.h> (WNOHANG...) are the C
 * library's, in <sys/wait.h>; they are not repeated here.
 */

#pragma GCC visibility push(default)

typedef struct __wait_queue wait_queue_t;
typedef int (*wait_queue_func_t)(wait_queue_t *wait, unsigned int mode, int sync, void *key);

int default_wake_function(wait_queue_t *wait, unsigned int mode, int sync, void *key);
int autoremove_wake_function(wait_queue_t *wait, unsigned int mode, int sync, void *key);

/**
 * struct __wait_queue - one sleeper on a wait queue (wait_queue_t)
 * @flags: WQ_FLAG_EXCLUSIVE if a wake_up() wakes only one such sleeper
 * @task: the sleeping task
 * @func: called by wake_up() to wake @task; default_wake_function() or
 *	autoremove_wake_function(), which also takes the entry off the queue
 * @task_list: the entry in the queue
 */
struct __wait_queue {
	unsigned int flags;
#define WQ_FLAG_EXCLUSIVE 0x01
	struct task_struct *task;
	wait_queue_func_t func;
	struct list_head task_list;
};

/**
 * struct __wait_queue_head - a wait queue (wait_queue_head_t)
 * @lock: guards @task_list
 * @task_list: the sleepers, non-exclusive ones first
 */
struct __wait_queue_head {
	spinlock_t lock;
	struct list_head task_list;
};
typedef struct __wait_queue_head wait_queue_head_t;

/* Modern names of the same things. */
typedef wait_queue_t wait_queue_entry_t;

#define __WAITQUEUE_INITIALIZER(name, tsk) \
	{ \
		.flags = 0, .task = (tsk), .func = default_wake_function, \
		.task_list = { NULL, NULL }, \
	}
#define DECLARE_WAITQUEUE(name, tsk) wait_queue_t name = __WAITQUEUE_INITIALIZER(name, tsk)

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) \
	{ \
		.lock = __SPIN_LOCK_INITIALIZER, \
		.task_list = { &(name).task_list, &(name).task_list }, \
	}
#define DECLARE_WAIT_QUEUE_HEAD(name) wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

/** init_waitqueue_head - make a wait queue empty and unlocked */
static inline void init_waitqueue_head(wait_queue_head_t *q)
{
	spin_lock_init(&q->lock);
	INIT_LIST_HEAD(&q->task_list);
}

/** init_waitqueue_entry - make @q an entry that wakes task @p */
static inline void init_waitqueue_entry(wait_queue_t *q, struct task_struct *p)
{
	q->flags = 0;
	q->task = p;
	q->func = default_wake_function;
}

/** init_waitqueue_func_entry - make @q an entry that calls @func on wake-up */
static inline void init_waitqueue_func_entry(wait_queue_t *q, wait_queue_func_t func)
{
	q->flags = 0;
	q->task = NULL;
	q->func = func;
}

/*
 * waitqueue_active - whether anyone sleeps on @q. Unlocked, so only a hint,
 * as in the kernel: the caller must order it against the sleeper's test.
 */
static inline int waitqueue_active(wait_queue_head_t *q)
{
	return !list_empty(&q->task_list);
}

/* Queue operations for callers that hold q->lock. */
static inline void __add_wait_queue(wait_queue_head_t *head, wait_queue_t *new)
{
	list_add(&new->task_list, &head->task_list);
}

static inline void __add_wait_queue_tail(wait_queue_head_t *head, wait_queue_t *new)
{
	list_add_tail(&new->task_list, &head->task_list);
}

static inline void __remove_wait_queue(wait_queue_head_t *head, wait_queue_t *old)
{
	(void)head;
	list_del(&old->task_list);
}

void add_wait_queue(wait_queue_head_t *q, wait_queue_t *wait);
void add_wait_queue_exclusive(wait_queue_head_t *q, wait_queue_t *wait);
void remove_wait_queue(wait_queue_head_t *q, wait_queue_t *wait);

void __wake_up(wait_queue_head_t *q, unsigned int mode, int nr_exclusive, void *key);
void __wake_up_locked(wait_queue_head_t *q, unsigned int mode);

/*
 * wake_up() wakes every non-exclusive sleeper and one exclusive sleeper;
 * the _interruptible forms wake only those sleeping interruptibly; _all
 * wakes every one; _nr wakes up to @nr exclusive ones.
 */
#define wake_up(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x)			__wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_locked(x)		__wake_up_locked((x), TASK_NORMAL)
#define wake_up_interruptible(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_nr(x, nr) __wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_interruptible_all(x)	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_interruptible_sync(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)

void prepare_to_wait(wait_queue_head_t *q, wait_queue_t *wait, int state);
void prepare_to_wait_exclusive(wait_queue_head_t *q, wait_queue_t *wait, int state);
void finish_wait(wait_queue_head_t *q, wait_queue_t *wait);

/* An entry for the calling thread that leaves the queue when woken. */
#define DEFINE_WAIT(name) \
	wait_queue_t name = { \
		.flags = 0, \
		.task = current, \
		.func = autoremove_wake_function, \
		.task_list = LIST_HEAD_INIT((name).task_list), \
	}

#define init_wait(wait) \
	do { \
		(wait)->flags = 0; \
		(wait)->task = current; \
		(wait)->func = autoremove_wake_function; \
		INIT_LIST_HEAD(&(wait)->task_list); \
	} while (0)

/* The old sleeping calls of 2.6.9: racy by design, kept for old drivers. */
void sleep_on(wait_queue_head_t *q);
long sleep_on_timeout(wait_queue_head_t *q, long timeout);
void interruptible_sleep_on(wait_queue_head_t *q);
long interruptible_sleep_on_timeout(wait_queue_head_t *q, long timeout);

/*
 * __ldm_wait_event - the loop behind every wait_event form
 * @wq: the wait queue (an lvalue, as every wait_event form takes it)
 * @condition: what is waited for, tested after each wake-up
 * @state: TASK_UNINTERRUPTIBLE, or TASK_INTERRUPTIBLE to give up when the
 *	thread is interrupted (see ldm_thread_interrupt())
 * @exclusive: 1 to be woken alone among the exclusive sleepers
 * @timeout: ticks to wait at most, or MAX_SCHEDULE_TIMEOUT
 *
 * Each pass queues the thread and sets its state first, then tests
 * @condition, then sleeps: so a wake_up() after the test is not lost.
 * Return (a long): -ERESTARTSYS if interrupted, 0 if the time ran out with
 * @condition false, else the ticks left, at least 1.
 */
#define __ldm_prepare_wait(q, wait, state, exclusive) \
	((exclusive) ? prepare_to_wait_exclusive(q, wait, state) : prepare_to_wait(q, wait, state))

#define __ldm_wait_event(wq, condition, state, exclusive, timeout) \
	({ \
		long __ldm_left = (timeout), __ldm_res; \
		DEFINE_WAIT(__ldm_wait); \
\
		for (;;) { \
			__ldm_prepare_wait(&(wq), &__ldm_wait, state, exclusive); \
			if (condition) { \
				__ldm_res = __ldm_left ? __ldm_left : 1; \
				break; \
			} \
			if (!__ldm_left) { \
				__ldm_res = 0; \
				break; \
			} \
			if ((state) == TASK_INTERRUPTIBLE && signal_pending(current)) { \
				__ldm_res = -ERESTARTSYS; \
				break; \
			} \
			__ldm_left = schedule_timeout(__ldm_left); \
		} \
		finish_wait(&(wq), &__ldm_wait); \
		__ldm_res; \
	})

/**
 * wait_event - sleep until @condition is true
 * @wq: the wait queue to sleep on
 * @condition: a C expression, tested again after every wake-up of @wq
 *
 * Sleeps uninterruptibly. Whoever makes @condition true calls wake_up(&@wq).
 */
#define wait_event(wq, condition) \
	do { \
		if (!(condition)) \
			(void)__ldm_wait_event(wq, condition, TASK_UNINTERRUPTIBLE, 0, \
					       MAX_SCHEDULE_TIMEOUT); \
	} while (0)

/**
 * wait_event_timeout - sleep until @condition is true or @timeout ticks pass
 * @wq: the wait queue to sleep on
 * @condition: a C expression, tested again after every wake-up of @wq
 * @timeout: ticks (jiffies) to wait at most
 *
 * Return (a long): 0 if the time ran out with @condition false, else the
 * ticks left, at least 1 (modern Linux; 2.6.9 could return 0 for a
 * condition that came true in the last tick).
 */
#define wait_event_timeout(wq, condition, timeout) \
	({ \
		long __ldm_t = (timeout); \
		if (condition) \
			__ldm_t = __ldm_t ? __ldm_t : 1; \
		else \
			__ldm_t = \
				__ldm_wait_event(wq, condition, TASK_UNINTERRUPTIBLE, 0, __ldm_t); \
		__ldm_t; \
	})

/**
 * wait_event_interruptible - sleep until @condition is true or the thread
 * is interrupted
 * @wq: the wait queue to sleep on
 * @condition: a C expression, tested again after every wake-up of @wq
 *
 * Return (an int): 0 when @condition is true, -ERESTARTSYS if the thread
 * was interrupted (ldm_thread_interrupt()) first.
 */
#define wait_event_interruptible(wq, condition) \
	({ \
		int __ldm_r = 0; \
		if (!(condition) && __ldm_wait_event(wq, condition, TASK_INTERRUPTIBLE, 0, \
						     MAX_SCHEDULE_TIMEOUT) < 0) \
			__ldm_r = -ERESTARTSYS; \
		__ldm_r; \
	})

/**
 * wait_event_interruptible_timeout - wait_event_interruptible() for at most
 * @timeout ticks
 * @wq: the wait queue to sleep on
 * @condition: a C expression, tested again after every wake-up of @wq
 * @timeout: ticks (jiffies) to wait at most
 *
 * Return (a long): -ERESTARTSYS if interrupted, 0 if the time ran out with
 * @condition false, else the ticks left, at least 1.
 */
#define wait_event_interruptible_timeout(wq, condition, timeout) \
	({ \
		long __ldm_t = (timeout); \
		if (condition) \
			__ldm_t = __ldm_t ? __ldm_t : 1; \
		else \
			__ldm_t = __ldm_wait_event(wq, condition, TASK_INTERRUPTIBLE, 0, __ldm_t); \
		__ldm_t; \
	})

/**
 * wait_event_interruptible_exclusive - wait_event_interruptible() as an
 * exclusive sleeper: a wake_up() wakes one such sleeper, not all
 * @wq: the wait queue to sleep on
 * @condition: a C expression, tested again after every wake-up of @wq
 *
 * Return (an int): 0, or -ERESTARTSYS if interrupted.
 */
#define wait_event_interruptible_exclusive(wq, condition) \
	({ \
		int __ldm_r = 0; \
		if (!(condition) && __ldm_wait_event(wq, condition, TASK_INTERRUPTIBLE, 1, \
						     MAX_SCHEDULE_TIMEOUT) < 0) \
			__ldm_r = -ERESTARTSYS; \
		__ldm_r; \
	})

#pragma GCC visibility pop

/*
 * The wait_event() macros use current, schedule_timeout() and the task
 * states. <ldm/sched.h> comes last: it brings completions and semaphores,
 * which need the wait queues above (2.6.9's wait.h needs no sched.h; ldm's
 * users of wait.h always had it).
 */
#include <ldm/sched.h>

#endif /* _LDM_WAIT_H */
