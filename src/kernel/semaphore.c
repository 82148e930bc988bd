// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * semaphore.c - counting semaphores (arch/.../semaphore.c of 2.6.9), on a
 * wait queue, so that a sleeper in down_interruptible() is woken by
 * ldm_thread_interrupt() as a task by a signal.
 */
#include <ldm/export.h>
#include <ldm/sched.h>
#include <ldm/semaphore.h>

/**
 * sema_init - set a semaphore's count
 * @sem: the semaphore
 * @val: its initial count (1: a mutex, 0: locked)
 */
void sema_init(struct semaphore *sem, int val)
{
	sem->count = val;
	init_waitqueue_head(&sem->wait);
}
EXPORT_SYMBOL(sema_init);

/* Sleep in @state until the count is positive and take one, or give up with -EINTR. */
static int down_common(struct semaphore *sem, int state)
{
	struct task_struct *tsk;
	int ret = 0;

	might_sleep();

	spin_lock(&sem->wait.lock);
	if (sem->count > 0) {
		sem->count--;
		spin_unlock(&sem->wait.lock);
		return 0;
	}
	tsk = current;
	{
		DECLARE_WAITQUEUE(waiter, tsk);

		waiter.flags |= WQ_FLAG_EXCLUSIVE;
		__add_wait_queue_tail(&sem->wait, &waiter);
		for (;;) {
			set_current_state(state);
			if (sem->count > 0)
				break;
			if (state == TASK_INTERRUPTIBLE && signal_pending(tsk)) {
				ret = -EINTR;
				break;
			}
			spin_unlock(&sem->wait.lock);
			schedule();
			spin_lock(&sem->wait.lock);
		}
		__remove_wait_queue(&sem->wait, &waiter);
		set_current_state(TASK_RUNNING);
	}
	if (!ret)
		sem->count--;
	else if (sem->count > 0)
		/* An up() may have picked us: hand it on. */
		__wake_up_locked(&sem->wait, TASK_NORMAL);
	spin_unlock(&sem->wait.lock);
	return ret;
}

/**
 * down - take the semaphore, sleeping until it is available
 * @sem: the semaphore
 */
void down(struct semaphore *sem)
{
	down_common(sem, TASK_UNINTERRUPTIBLE);
}
EXPORT_SYMBOL(down);

/**
 * down_interruptible - take the semaphore, unless the thread is interrupted
 * @sem: the semaphore
 *
 * Return: 0 when taken, -EINTR if ldm_thread_interrupt() named the thread
 * before or while it waited (as a signal does to a task in 2.6.9).
 */
int down_interruptible(struct semaphore *sem)
{
	return down_common(sem, TASK_INTERRUPTIBLE);
}
EXPORT_SYMBOL(down_interruptible);

/**
 * down_trylock - take the semaphore if it is free
 * @sem: the semaphore
 *
 * Return: 0 if taken, 1 if not (the kernel's inverted convention).
 */
int down_trylock(struct semaphore *sem)
{
	int busy;

	spin_lock(&sem->wait.lock);
	busy = sem->count <= 0;
	if (!busy)
		sem->count--;
	spin_unlock(&sem->wait.lock);
	return busy;
}
EXPORT_SYMBOL(down_trylock);

/**
 * up - release the semaphore, waking a waiter
 * @sem: the semaphore
 */
void up(struct semaphore *sem)
{
	spin_lock(&sem->wait.lock);
	sem->count++;
	__wake_up_locked(&sem->wait, TASK_NORMAL);
	spin_unlock(&sem->wait.lock);
}
EXPORT_SYMBOL(up);
