// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * semaphore.c - counting semaphores (arch/.../semaphore.c of 2.6.9), on a
 * POSIX mutex and condition variable.
 */
#include <ldm/export.h>
#include <ldm/semaphore.h>

/**
 * sema_init - set a semaphore's count
 * @sem: the semaphore
 * @val: its initial count (1: a mutex, 0: locked)
 */
void sema_init(struct semaphore *sem, int val)
{
	pthread_mutex_init(&sem->lock, NULL);
	pthread_cond_init(&sem->wait, NULL);
	sem->count = val;
}
EXPORT_SYMBOL(sema_init);

/**
 * down - take the semaphore, sleeping until it is available
 * @sem: the semaphore
 */
void down(struct semaphore *sem)
{
	pthread_mutex_lock(&sem->lock);
	while (sem->count <= 0)
		pthread_cond_wait(&sem->wait, &sem->lock);
	sem->count--;
	pthread_mutex_unlock(&sem->lock);
}
EXPORT_SYMBOL(down);

/**
 * down_interruptible - take the semaphore; no signals interrupt a thread
 * here, so this is down() that returns 0
 * @sem: the semaphore
 */
int down_interruptible(struct semaphore *sem)
{
	down(sem);
	return 0;
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

	pthread_mutex_lock(&sem->lock);
	busy = sem->count <= 0;
	if (!busy)
		sem->count--;
	pthread_mutex_unlock(&sem->lock);
	return busy;
}
EXPORT_SYMBOL(down_trylock);

/**
 * up - release the semaphore, waking a waiter
 * @sem: the semaphore
 */
void up(struct semaphore *sem)
{
	pthread_mutex_lock(&sem->lock);
	sem->count++;
	pthread_cond_signal(&sem->wait);
	pthread_mutex_unlock(&sem->lock);
}
EXPORT_SYMBOL(up);
