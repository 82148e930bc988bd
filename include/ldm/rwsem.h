/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/rwsem.h> - reader/writer semaphores, as <linux/rwsem.h>, on POSIX
 * reader/writer locks.
 */
#ifndef _LDM_RWSEM_H
#define _LDM_RWSEM_H

#include <pthread.h>

#pragma GCC visibility push(default)

struct rw_semaphore {
	pthread_rwlock_t lock;
};

#define __RWSEM_INITIALIZER(name) \
	{ \
		.lock = PTHREAD_RWLOCK_INITIALIZER \
	}
#define DECLARE_RWSEM(name) struct rw_semaphore name = __RWSEM_INITIALIZER(name)

void init_rwsem(struct rw_semaphore *sem);
void down_read(struct rw_semaphore *sem);
int down_read_trylock(struct rw_semaphore *sem);
void up_read(struct rw_semaphore *sem);
void down_write(struct rw_semaphore *sem);
int down_write_trylock(struct rw_semaphore *sem);
void up_write(struct rw_semaphore *sem);
void downgrade_write(struct rw_semaphore *sem);

#pragma GCC visibility pop

#endif /* _LDM_RWSEM_H */
