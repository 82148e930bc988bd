// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rwsem.c - reader/writer semaphores (lib/rwsem.c), on POSIX rwlocks.
 */
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/rwsem.h>

void init_rwsem(struct rw_semaphore *sem)
{
	pthread_rwlock_init(&sem->lock, NULL);
}
EXPORT_SYMBOL(init_rwsem);

void down_read(struct rw_semaphore *sem)
{
	BUG_ON(pthread_rwlock_rdlock(&sem->lock));
}
EXPORT_SYMBOL(down_read);

/* Return: 1 if the lock was taken, as the kernel's. */
int down_read_trylock(struct rw_semaphore *sem)
{
	return pthread_rwlock_tryrdlock(&sem->lock) == 0;
}
EXPORT_SYMBOL(down_read_trylock);

void up_read(struct rw_semaphore *sem)
{
	pthread_rwlock_unlock(&sem->lock);
}
EXPORT_SYMBOL(up_read);

void down_write(struct rw_semaphore *sem)
{
	BUG_ON(pthread_rwlock_wrlock(&sem->lock));
}
EXPORT_SYMBOL(down_write);

/* Return: 1 if the lock was taken, as the kernel's. */
int down_write_trylock(struct rw_semaphore *sem)
{
	return pthread_rwlock_trywrlock(&sem->lock) == 0;
}
EXPORT_SYMBOL(down_write_trylock);

void up_write(struct rw_semaphore *sem)
{
	pthread_rwlock_unlock(&sem->lock);
}
EXPORT_SYMBOL(up_write);

/**
 * downgrade_write - turn a held write lock into a read lock
 * @sem: the semaphore, held for writing
 *
 * Unlike 2.6.9's, not atomic: the host's rwlock cannot be downgraded, so
 * the write lock is dropped and a read lock taken, and another writer may
 * get in between. A caller that needs what it wrote to stay as it is
 * rechecks it after the call.
 */
void downgrade_write(struct rw_semaphore *sem)
{
	pthread_rwlock_unlock(&sem->lock);
	BUG_ON(pthread_rwlock_rdlock(&sem->lock));
}
EXPORT_SYMBOL(downgrade_write);
