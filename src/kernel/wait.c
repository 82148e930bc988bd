// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * wait.c - wait queues: adding and removing sleepers, prepare_to_wait() and
 * finish_wait() (kernel/fork.c of 2.6.9), __wake_up(), the wake functions
 * and the old sleep_on() calls (kernel/sched.c of 2.6.9); modern Linux
 * keeps them all in kernel/sched/wait.c.
 *
 * Lock order: a queue's lock, then a task's lock (taken inside to set or
 * wake the task's state). Every entry's list and flags are touched under
 * the lock of the queue it is on.
 */
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/wait.h>

#include "sched-internal.h"

/**
 * add_wait_queue - queue a sleeper that every wake_up() wakes
 * @q: the wait queue
 * @wait: the entry, not on any queue
 */
void add_wait_queue(wait_queue_head_t *q, wait_queue_t *wait)
{
	spin_lock(&q->lock);
	wait->flags &= ~WQ_FLAG_EXCLUSIVE;
	__add_wait_queue(q, wait);
	spin_unlock(&q->lock);
}
EXPORT_SYMBOL(add_wait_queue);

/**
 * add_wait_queue_exclusive - queue a sleeper of which a wake_up() wakes one
 * @q: the wait queue
 * @wait: the entry, not on any queue
 *
 * Exclusive sleepers go at the tail, behind the others, so that a wake-up
 * reaches every non-exclusive sleeper before it stops at an exclusive one.
 */
void add_wait_queue_exclusive(wait_queue_head_t *q, wait_queue_t *wait)
{
	spin_lock(&q->lock);
	wait->flags |= WQ_FLAG_EXCLUSIVE;
	__add_wait_queue_tail(q, wait);
	spin_unlock(&q->lock);
}
EXPORT_SYMBOL(add_wait_queue_exclusive);

/**
 * remove_wait_queue - take a sleeper off a wait queue
 * @q: the wait queue
 * @wait: the entry, on @q
 */
void remove_wait_queue(wait_queue_head_t *q, wait_queue_t *wait)
{
	spin_lock(&q->lock);
	__remove_wait_queue(q, wait);
	spin_unlock(&q->lock);
}
EXPORT_SYMBOL(remove_wait_queue);

/**
 * default_wake_function - wake the task of a wait queue entry
 * @wait: the entry
 * @mode: the states to wake the task from (TASK_NORMAL, TASK_INTERRUPTIBLE)
 * @sync: unused: there is no CPU to stay on
 * @key: unused
 *
 * Return: 1 if the task was asleep (or about to sleep) in one of @mode.
 */
int default_wake_function(wait_queue_t *wait, unsigned int mode, int sync, void *key)
{
	(void)sync;
	(void)key;
	return wake_up_state(wait->task, mode);
}
EXPORT_SYMBOL(default_wake_function);

/**
 * autoremove_wake_function - wake the task and take its entry off the queue
 * @wait: the entry
 * @mode: the states to wake the task from
 * @sync: unused
 * @key: unused
 *
 * The entry stays queued if the task was not woken (it was running, or
 * sleeps in a state outside @mode), so a later wake-up still finds it.
 * Return: as default_wake_function().
 */
int autoremove_wake_function(wait_queue_t *wait, unsigned int mode, int sync, void *key)
{
	int woken = default_wake_function(wait, mode, sync, key);

	if (woken)
		list_del_init(&wait->task_list);
	return woken;
}
EXPORT_SYMBOL(autoremove_wake_function);

/*
 * Call the wake function of each sleeper, front to back, until
 * @nr_exclusive exclusive ones have been woken (0: no limit); under q->lock.
 */
static void wake_up_sleepers(wait_queue_head_t *q, unsigned int mode, int nr_exclusive, void *key)
{
	wait_queue_t *curr, *next;

	list_for_each_entry_safe(curr, next, &q->task_list, task_list) {
		bool exclusive = curr->flags & WQ_FLAG_EXCLUSIVE;

		if (!curr->func(curr, mode, 0, key) || !exclusive)
			continue;
		if (--nr_exclusive == 0)
			break;
	}
}

/**
 * __wake_up - wake sleepers of a wait queue (what the wake_up macros call)
 * @q: the wait queue
 * @mode: which sleepers: TASK_NORMAL for all, TASK_INTERRUPTIBLE for those
 *	that sleep interruptibly
 * @nr_exclusive: how many exclusive sleepers to wake; 0 for all
 * @key: passed to each sleeper's wake function
 */
void __wake_up(wait_queue_head_t *q, unsigned int mode, int nr_exclusive, void *key)
{
	spin_lock(&q->lock);
	wake_up_sleepers(q, mode, nr_exclusive, key);
	spin_unlock(&q->lock);
}
EXPORT_SYMBOL(__wake_up);

/**
 * __wake_up_locked - wake_up() for a caller that holds q->lock
 * @q: the wait queue
 * @mode: which sleepers
 *
 * Not exported, as in 2.6.9.
 */
void __wake_up_locked(wait_queue_head_t *q, unsigned int mode)
{
	wake_up_sleepers(q, mode, 1, NULL);
}

/* __wake_up() for a caller that holds q->lock, waking up to @nr_exclusive. */
void __wake_up_locked_nr(wait_queue_head_t *q, unsigned int mode, int nr_exclusive)
{
	wake_up_sleepers(q, mode, nr_exclusive, NULL);
}

/* Queue @wait if it is not queued yet, and set the task's state; under q->lock. */
static void queue_and_set_state(wait_queue_head_t *q, wait_queue_t *wait, int state, bool exclusive)
{
	if (list_empty(&wait->task_list)) {
		if (exclusive)
			__add_wait_queue_tail(q, wait);
		else
			__add_wait_queue(q, wait);
	}
	set_current_state(state);
}

/**
 * prepare_to_wait - queue the calling thread and set its state, before it
 * tests what it waits for and calls schedule()
 * @q: the wait queue
 * @wait: the thread's entry (DEFINE_WAIT), queued or not
 * @state: TASK_INTERRUPTIBLE or TASK_UNINTERRUPTIBLE
 */
void prepare_to_wait(wait_queue_head_t *q, wait_queue_t *wait, int state)
{
	spin_lock(&q->lock);
	wait->flags &= ~WQ_FLAG_EXCLUSIVE;
	queue_and_set_state(q, wait, state, false);
	spin_unlock(&q->lock);
}
EXPORT_SYMBOL(prepare_to_wait);

/**
 * prepare_to_wait_exclusive - prepare_to_wait() as an exclusive sleeper
 * @q: the wait queue
 * @wait: the thread's entry (DEFINE_WAIT), queued or not
 * @state: TASK_INTERRUPTIBLE or TASK_UNINTERRUPTIBLE
 */
void prepare_to_wait_exclusive(wait_queue_head_t *q, wait_queue_t *wait, int state)
{
	spin_lock(&q->lock);
	wait->flags |= WQ_FLAG_EXCLUSIVE;
	queue_and_set_state(q, wait, state, true);
	spin_unlock(&q->lock);
}
EXPORT_SYMBOL(prepare_to_wait_exclusive);

/**
 * finish_wait - end a wait: running again, and off the queue
 * @q: the wait queue
 * @wait: the thread's entry, queued or taken off by its wake-up
 */
void finish_wait(wait_queue_head_t *q, wait_queue_t *wait)
{
	set_current_state(TASK_RUNNING);
	spin_lock(&q->lock);
	if (!list_empty(&wait->task_list))
		list_del_init(&wait->task_list);
	spin_unlock(&q->lock);
}
EXPORT_SYMBOL(finish_wait);

/* The sleep_on() calls: one sleep, with no condition to test. */
static long sleep_on_common(wait_queue_head_t *q, int state, long timeout)
{
	DECLARE_WAITQUEUE(wait, current);

	/* The state first: a wake-up once queued is not lost. */
	set_current_state(state);
	add_wait_queue(q, &wait);
	timeout = schedule_timeout(timeout);
	remove_wait_queue(q, &wait);
	return timeout;
}

/**
 * sleep_on - sleep uninterruptibly on a queue until the next wake-up
 * @q: the wait queue
 *
 * Racy by design (a wake-up before the call is missed); use wait_event().
 */
void sleep_on(wait_queue_head_t *q)
{
	sleep_on_common(q, TASK_UNINTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
}
EXPORT_SYMBOL(sleep_on);

/**
 * sleep_on_timeout - sleep_on() for at most @timeout ticks
 * @q: the wait queue
 * @timeout: ticks to sleep at most
 *
 * Return: 0 if the time ran out, else the ticks left.
 */
long sleep_on_timeout(wait_queue_head_t *q, long timeout)
{
	return sleep_on_common(q, TASK_UNINTERRUPTIBLE, timeout);
}
EXPORT_SYMBOL(sleep_on_timeout);

/**
 * interruptible_sleep_on - sleep on a queue until the next wake-up or an
 * interrupt
 * @q: the wait queue
 *
 * Racy by design; use wait_event_interruptible().
 */
void interruptible_sleep_on(wait_queue_head_t *q)
{
	sleep_on_common(q, TASK_INTERRUPTIBLE, MAX_SCHEDULE_TIMEOUT);
}
EXPORT_SYMBOL(interruptible_sleep_on);

/**
 * interruptible_sleep_on_timeout - interruptible_sleep_on() for at most
 * @timeout ticks
 * @q: the wait queue
 * @timeout: ticks to sleep at most
 *
 * Return: 0 if the time ran out, else the ticks left.
 */
long interruptible_sleep_on_timeout(wait_queue_head_t *q, long timeout)
{
	return sleep_on_common(q, TASK_INTERRUPTIBLE, timeout);
}
EXPORT_SYMBOL(interruptible_sleep_on_timeout);
