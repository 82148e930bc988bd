// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kernel_lock.c - the big kernel lock (lib/kernel_lock.c of 2.6.9): one
 * recursive lock. It stays held while its holder sleeps, unlike 2.6.9's.
 */
#include <pthread.h>
#include <ldm/export.h>
#include <ldm/smp_lock.h>

static pthread_mutex_t kernel_flag = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static __thread int lock_depth;

/**
 * lock_kernel - take the big kernel lock; a holder may take it again
 */
void lock_kernel(void)
{
	pthread_mutex_lock(&kernel_flag);
	lock_depth++;
}
EXPORT_SYMBOL(lock_kernel);

/**
 * unlock_kernel - drop the big kernel lock once
 */
void unlock_kernel(void)
{
	lock_depth--;
	pthread_mutex_unlock(&kernel_flag);
}
EXPORT_SYMBOL(unlock_kernel);

/**
 * kernel_locked - whether this thread holds the big kernel lock
 */
int kernel_locked(void)
{
	return lock_depth > 0;
}
EXPORT_SYMBOL(kernel_locked);
