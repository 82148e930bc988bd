/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/mutex.h> - sleeping mutexes, as <linux/mutex.h> of modern Linux
 * (2.6.16 on; 2.6.9 drivers used a semaphore made with DECLARE_MUTEX, which
 * <ldm/semaphore.h> keeps meaning that).
 *
 * One owner at a time, released by the thread that took it, not recursive.
 * A waiter sleeps as a task (<ldm/sched.h>), so mutex_lock_interruptible()
 * gives up with -EINTR when its thread is interrupted.
 */
#ifndef _LDM_MUTEX_H
#define _LDM_MUTEX_H

#include <ldm/sched.h>
#include <ldm/wait.h>

#pragma GCC visibility push(default)

/**
 * struct mutex - a sleeping lock with one owner
 * @locked: 1 while held; read with mutex_is_locked()
 * @owner: the holder's task, NULL when free
 * @wait: the threads waiting for it; its lock guards @locked and @owner
 */
struct mutex {
	int locked;
	struct task_struct *owner;
	wait_queue_head_t wait;
};

#define __MUTEX_INITIALIZER(lockname) \
	{ \
		.locked = 0, .owner = NULL, \
		.wait = __WAIT_QUEUE_HEAD_INITIALIZER((lockname).wait), \
	}

#define DEFINE_MUTEX(mutexname) struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

void mutex_init(struct mutex *lock);
void mutex_lock(struct mutex *lock);
int mutex_lock_interruptible(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

/**
 * mutex_is_locked - whether some thread holds @lock (a hint: it may change
 * at once)
 * @lock: the mutex
 *
 * Return: 1 if held, 0 if free.
 */
static inline int mutex_is_locked(struct mutex *lock)
{
	return __atomic_load_n(&lock->locked, __ATOMIC_ACQUIRE);
}

/* Modern: a mutex that is no longer used; nothing to free here. */
static inline void mutex_destroy(struct mutex *lock)
{
	(void)lock;
}

#pragma GCC visibility pop

#endif /* _LDM_MUTEX_H */
