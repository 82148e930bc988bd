// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mutex.c - sleeping mutexes (kernel/locking/mutex.c of modern Linux): a
 * flag and an owner under the lock of a wait queue of exclusive sleepers.
 * Unlocking wakes one waiter, which takes the mutex if nobody took it first.
 */
#include <ldm/export.h>
#include <ldm/sched.h>
#include <ldm/kernel.h>
#include <ldm/mutex.h>

#include "sched-internal.h"

/**
 * mutex_init - make a mutex free, with nobody waiting
 * @lock: the mutex, which no thread may hold or wait for
 */
void mutex_init(struct mutex *lock)
{
	lock->locked = 0;
	lock->owner = NULL;
	init_waitqueue_head(&lock->wait);
}
EXPORT_SYMBOL(mutex_init);

/* Take a free mutex; under lock->wait.lock. */
static void mutex_take(struct mutex *lock, struct task_struct *tsk)
{
	__atomic_store_n(&lock->locked, 1, __ATOMIC_RELEASE);
	lock->owner = tsk;
}

/* Wait in @state until the mutex is free and take it, or give up with -EINTR. */
static int mutex_lock_common(struct mutex *lock, int state)
{
	struct task_struct *tsk = current;
	DECLARE_WAITQUEUE(waiter, tsk);
	int ret = 0;

	spin_lock(&lock->wait.lock);
	if (lock->locked) {
		/* The kernel would deadlock here; say why first. */
		WARN_ON(lock->owner == tsk);
		waiter.flags |= WQ_FLAG_EXCLUSIVE;
		__add_wait_queue_tail(&lock->wait, &waiter);
		for (;;) {
			set_current_state(state);
			if (!lock->locked)
				break;
			if (state == TASK_INTERRUPTIBLE && signal_pending(tsk)) {
				ret = -EINTR;
				break;
			}
			spin_unlock(&lock->wait.lock);
			schedule();
			spin_lock(&lock->wait.lock);
		}
		__remove_wait_queue(&lock->wait, &waiter);
		set_current_state(TASK_RUNNING);
	}
	if (!ret)
		mutex_take(lock, tsk);
	spin_unlock(&lock->wait.lock);
	return ret;
}

/**
 * mutex_lock - take a mutex, sleeping until it is free
 * @lock: the mutex, not held by the calling thread
 */
void mutex_lock(struct mutex *lock)
{
	might_sleep();
	mutex_lock_common(lock, TASK_UNINTERRUPTIBLE);
}
EXPORT_SYMBOL(mutex_lock);

/**
 * mutex_lock_interruptible - take a mutex, unless the thread is interrupted
 * while it waits
 * @lock: the mutex, not held by the calling thread
 *
 * Return: 0 with the mutex held, or -EINTR without it if the thread was
 * interrupted (ldm_thread_interrupt()) before the mutex came free.
 */
int mutex_lock_interruptible(struct mutex *lock)
{
	return mutex_lock_common(lock, TASK_INTERRUPTIBLE);
}
EXPORT_SYMBOL(mutex_lock_interruptible);

/**
 * mutex_trylock - take a mutex if it is free, without sleeping
 * @lock: the mutex
 *
 * Return: 1 if taken, 0 if another thread holds it (the opposite of
 * down_trylock()).
 */
int mutex_trylock(struct mutex *lock)
{
	int taken = 0;

	spin_lock(&lock->wait.lock);
	if (!lock->locked) {
		mutex_take(lock, current);
		taken = 1;
	}
	spin_unlock(&lock->wait.lock);
	return taken;
}
EXPORT_SYMBOL(mutex_trylock);

/**
 * mutex_unlock - release a mutex the calling thread holds
 * @lock: the mutex
 *
 * Wakes one waiter, if any.
 */
void mutex_unlock(struct mutex *lock)
{
	spin_lock(&lock->wait.lock);
	WARN_ON(!lock->locked || lock->owner != current);
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
	lock->owner = NULL;
	__wake_up_locked(&lock->wait, TASK_NORMAL);
	spin_unlock(&lock->wait.lock);
}
EXPORT_SYMBOL(mutex_unlock);
