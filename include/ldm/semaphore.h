/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/semaphore.h> - counting semaphores, as <asm/semaphore.h> of 2.6.9
 * (where DECLARE_MUTEX and init_MUTEX still made semaphores).
 */
#ifndef _LDM_SEMAPHORE_H
#define _LDM_SEMAPHORE_H

#include <ldm/wait.h>

#pragma GCC visibility push(default)

/* @count and the sleepers on @wait are under @wait.lock. */
struct semaphore {
	int count;
	wait_queue_head_t wait;
};

#define __SEMAPHORE_INITIALIZER(name, n) \
	{ \
		.count = (n), .wait = __WAIT_QUEUE_HEAD_INITIALIZER((name).wait), \
	}

#define __DECLARE_SEMAPHORE_GENERIC(name, count) \
	struct semaphore name = __SEMAPHORE_INITIALIZER(name, count)
#define DECLARE_MUTEX(name)	   __DECLARE_SEMAPHORE_GENERIC(name, 1)
#define DECLARE_MUTEX_LOCKED(name) __DECLARE_SEMAPHORE_GENERIC(name, 0)

void sema_init(struct semaphore *sem, int val);
void down(struct semaphore *sem);
int down_interruptible(struct semaphore *sem);
int down_trylock(struct semaphore *sem);
void up(struct semaphore *sem);

static inline void init_MUTEX(struct semaphore *sem)
{
	sema_init(sem, 1);
}

static inline void init_MUTEX_LOCKED(struct semaphore *sem)
{
	sema_init(sem, 0);
}

#pragma GCC visibility pop

#endif /* _LDM_SEMAPHORE_H */
