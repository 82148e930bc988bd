// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * spinlock.c - spinlocks and reader/writer locks (kernel/spinlock.c of
 * 2.6.9, the exported _spin_lock() family behind the spin_lock() macros), on
 * POSIX mutexes and reader/writer locks. See <ldm/spinlock.h> for what the
 * irq and bh forms mean here.
 */
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/spinlock.h>

/**
 * spin_lock_init - make a spinlock unlocked
 * @lock: the lock, which no thread may hold
 */
void spin_lock_init(spinlock_t *lock)
{
	pthread_mutex_init(&lock->mutex, NULL);
}
EXPORT_SYMBOL(spin_lock_init);

/**
 * _spin_lock - take a spinlock, waiting while another thread holds it
 * @lock: the lock
 *
 * Called through spin_lock() and its _irq, _irqsave and _bh forms.
 */
void _spin_lock(spinlock_t *lock)
{
	BUG_ON(pthread_mutex_lock(&lock->mutex));
}
EXPORT_SYMBOL(_spin_lock);

/**
 * _spin_trylock - take a spinlock if it is free
 * @lock: the lock
 *
 * Return: 1 if the lock was taken, 0 if another thread holds it.
 */
int _spin_trylock(spinlock_t *lock)
{
	return pthread_mutex_trylock(&lock->mutex) == 0;
}
EXPORT_SYMBOL(_spin_trylock);

/**
 * _spin_unlock - release a spinlock this thread holds
 * @lock: the lock
 */
void _spin_unlock(spinlock_t *lock)
{
	BUG_ON(pthread_mutex_unlock(&lock->mutex));
}
EXPORT_SYMBOL(_spin_unlock);

/**
 * spin_is_locked - whether some thread holds a spinlock
 * @lock: the lock
 *
 * As in the kernel, the answer may be stale by the time the caller reads it:
 * it is meant for assertions (assert_spin_locked()).
 * Return: 1 if the lock is held, 0 if not.
 */
int spin_is_locked(spinlock_t *lock)
{
	if (pthread_mutex_trylock(&lock->mutex))
		return 1;
	pthread_mutex_unlock(&lock->mutex);
	return 0;
}
EXPORT_SYMBOL(spin_is_locked);

/**
 * rwlock_init - make a reader/writer lock unlocked
 * @lock: the lock, which no thread may hold
 */
void rwlock_init(rwlock_t *lock)
{
	pthread_rwlock_init(&lock->rwlock, NULL);
}
EXPORT_SYMBOL(rwlock_init);

/**
 * _read_lock - take a reader/writer lock for reading
 * @lock: the lock
 *
 * Readers share the lock; a thread that reads may take it again for reading.
 */
void _read_lock(rwlock_t *lock)
{
	BUG_ON(pthread_rwlock_rdlock(&lock->rwlock));
}
EXPORT_SYMBOL(_read_lock);

/**
 * _read_trylock - take a reader/writer lock for reading if no writer has it
 * @lock: the lock
 *
 * Return: 1 if taken, 0 if not.
 */
int _read_trylock(rwlock_t *lock)
{
	return pthread_rwlock_tryrdlock(&lock->rwlock) == 0;
}
EXPORT_SYMBOL(_read_trylock);

/**
 * _read_unlock - release a reader/writer lock taken for reading
 * @lock: the lock
 */
void _read_unlock(rwlock_t *lock)
{
	BUG_ON(pthread_rwlock_unlock(&lock->rwlock));
}
EXPORT_SYMBOL(_read_unlock);

/**
 * _write_lock - take a reader/writer lock for writing, alone
 * @lock: the lock
 */
void _write_lock(rwlock_t *lock)
{
	BUG_ON(pthread_rwlock_wrlock(&lock->rwlock));
}
EXPORT_SYMBOL(_write_lock);

/**
 * _write_trylock - take a reader/writer lock for writing if nobody has it
 * @lock: the lock
 *
 * Return: 1 if taken, 0 if not.
 */
int _write_trylock(rwlock_t *lock)
{
	return pthread_rwlock_trywrlock(&lock->rwlock) == 0;
}
EXPORT_SYMBOL(_write_trylock);

/**
 * _write_unlock - release a reader/writer lock taken for writing
 * @lock: the lock
 */
void _write_unlock(rwlock_t *lock)
{
	BUG_ON(pthread_rwlock_unlock(&lock->rwlock));
}
EXPORT_SYMBOL(_write_unlock);
