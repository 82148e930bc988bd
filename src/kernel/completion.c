// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * completion.c - completions (complete(), complete_all() and
 * wait_for_completion() of kernel/sched.c in 2.6.9; the timeout and
 * interruptible waits of kernel/sched/completion.c in modern Linux), on a
 * wait queue whose lock also guards the count.
 */
#include <limits.h>
#include <ldm/completion.h>
#include <ldm/export.h>
#include <ldm/sched.h>
#include <ldm/kernel.h>

#include "sched-internal.h"

/* complete_all() sets the count this high: no number of waits uses it up. */
#define DONE_FOR_ALL (UINT_MAX / 2)

/**
 * complete - let one waiter of a completion through
 * @x: the completion
 *
 * Wakes one thread waiting on @x, or lets the next wait return at once.
 */
void complete(struct completion *x)
{
	spin_lock(&x->wait.lock);
	if (x->done < DONE_FOR_ALL)
		x->done++;
	__wake_up_locked(&x->wait, TASK_NORMAL);
	spin_unlock(&x->wait.lock);
}
EXPORT_SYMBOL(complete);

/**
 * complete_all - let every waiter of a completion through, now and later
 * @x: the completion
 *
 * Every wait on @x returns at once until init_completion() or
 * reinit_completion().
 */
void complete_all(struct completion *x)
{
	spin_lock(&x->wait.lock);
	x->done = DONE_FOR_ALL;
	__wake_up_locked_nr(&x->wait, TASK_NORMAL, 0);
	spin_unlock(&x->wait.lock);
}
EXPORT_SYMBOL(complete_all);

/*
 * Wait for @x in @state for at most @timeout ticks; under x->wait.lock.
 * Returns -ERESTARTSYS if interrupted, 0 on timeout, else the ticks left
 * (at least 1) with one completion consumed.
 */
static long wait_done_locked(struct completion *x, long timeout, int state)
{
	DECLARE_WAITQUEUE(wait, current);

	if (!x->done) {
		/* Exclusive: complete() wakes one waiter, which takes one count. */
		wait.flags |= WQ_FLAG_EXCLUSIVE;
		__add_wait_queue_tail(&x->wait, &wait);
		while (!x->done && timeout) {
			if (state == TASK_INTERRUPTIBLE && signal_pending(current)) {
				timeout = -ERESTARTSYS;
				break;
			}
			set_current_state(state);
			spin_unlock(&x->wait.lock);
			timeout = schedule_timeout(timeout);
			spin_lock(&x->wait.lock);
		}
		__remove_wait_queue(&x->wait, &wait);
		if (!x->done)
			return timeout;
	}
	if (x->done < DONE_FOR_ALL)
		x->done--;
	return timeout ? timeout : 1;
}

static long wait_done(struct completion *x, long timeout, int state)
{
	spin_lock(&x->wait.lock);
	timeout = wait_done_locked(x, timeout, state);
	spin_unlock(&x->wait.lock);
	return timeout;
}

/* A timeout in ticks as schedule_timeout() takes it. */
static long timeout_ticks(unsigned long timeout)
{
	return timeout > (unsigned long)MAX_SCHEDULE_TIMEOUT ? MAX_SCHEDULE_TIMEOUT : (long)timeout;
}

/**
 * wait_for_completion - sleep until a completion is completed
 * @x: the completion
 *
 * Sleeps uninterruptibly, and consumes one complete().
 */
void wait_for_completion(struct completion *x)
{
	might_sleep();
	wait_done(x, MAX_SCHEDULE_TIMEOUT, TASK_UNINTERRUPTIBLE);
}
EXPORT_SYMBOL(wait_for_completion);

/**
 * wait_for_completion_timeout - wait_for_completion() for at most @timeout
 * ticks
 * @x: the completion
 * @timeout: ticks (jiffies) to wait at most
 *
 * Return: 0 if the time ran out, else the ticks left, at least 1.
 */
unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout)
{
	return (unsigned long)wait_done(x, timeout_ticks(timeout), TASK_UNINTERRUPTIBLE);
}
EXPORT_SYMBOL(wait_for_completion_timeout);

/**
 * wait_for_completion_interruptible - wait_for_completion() that gives up
 * when the thread is interrupted
 * @x: the completion
 *
 * Return: 0 when completed, -ERESTARTSYS if the thread was interrupted
 * (ldm_thread_interrupt()) first.
 */
int wait_for_completion_interruptible(struct completion *x)
{
	long ret = wait_done(x, MAX_SCHEDULE_TIMEOUT, TASK_INTERRUPTIBLE);

	return ret < 0 ? (int)ret : 0;
}
EXPORT_SYMBOL(wait_for_completion_interruptible);

/**
 * wait_for_completion_interruptible_timeout - both of the above
 * @x: the completion
 * @timeout: ticks (jiffies) to wait at most
 *
 * Return: -ERESTARTSYS if interrupted, 0 if the time ran out, else the
 * ticks left, at least 1.
 */
long wait_for_completion_interruptible_timeout(struct completion *x, unsigned long timeout)
{
	return wait_done(x, timeout_ticks(timeout), TASK_INTERRUPTIBLE);
}
EXPORT_SYMBOL(wait_for_completion_interruptible_timeout);

/**
 * try_wait_for_completion - consume a completion if there is one, without
 * sleeping
 * @x: the completion
 *
 * Return: true if a complete() was consumed, false if none was waiting.
 */
bool try_wait_for_completion(struct completion *x)
{
	bool ret;

	spin_lock(&x->wait.lock);
	ret = x->done != 0;
	if (ret && x->done < DONE_FOR_ALL)
		x->done--;
	spin_unlock(&x->wait.lock);
	return ret;
}
EXPORT_SYMBOL(try_wait_for_completion);

/**
 * completion_done - whether a wait on a completion would return at once
 * @x: the completion
 *
 * Return: true if a complete() is waiting to be consumed.
 */
bool completion_done(struct completion *x)
{
	bool ret;

	spin_lock(&x->wait.lock);
	ret = x->done != 0;
	spin_unlock(&x->wait.lock);
	return ret;
}
EXPORT_SYMBOL(completion_done);

/**
 * reinit_completion - make a completion not done again
 * @x: the completion; no thread may be waiting on it
 */
void reinit_completion(struct completion *x)
{
	spin_lock(&x->wait.lock);
	x->done = 0;
	spin_unlock(&x->wait.lock);
}
EXPORT_SYMBOL(reinit_completion);
