/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/spinlock.h> - spinlocks and reader/writer locks, as <linux/spinlock.h>
 * of 2.6.9 on SMP, where spin_lock() calls the exported _spin_lock().
 */
#ifndef _LDM_SPINLOCK_H
#define _LDM_SPINLOCK_H

#include <pthread.h>
#include <ldm/compiler.h>
#include <ldm/kernel.h>
#include <ldm/processor.h> /* cpu_relax(), as 2.6.9 brings it */
#include <ldm/typecheck.h>
/* 2.6.9's spinlock.h brings the interrupt flag calls (<asm/system.h>). */
#include <ldm/irqflags.h>

/**
 * DOC: how <ldm/spinlock.h> works
 *
 * Built on POSIX mutexes and reader/writer locks: real mutual exclusion that
 * ThreadSanitizer understands, and a waiter that sleeps in the C library
 * instead of burning a CPU, since a thread that holds a lock here may be
 * preempted at any point. Each thread is a processor: the _irq and _irqsave
 * forms also disable the thread's interrupts while the lock is held, so an
 * interrupt the thread raises itself (a model answering a port write) waits
 * until it releases the lock instead of running its handler inside it; the
 * _bh forms take the lock like the plain ones (tasklets, timer callbacks and
 * work run in threads of their own, so the plain lock already excludes
 * them).
 *
 * As in the kernel, a spinlock is not recursive, is released by the thread
 * that took it, and read_lock() may nest inside another read_lock() of the
 * same lock (the C library's default reader/writer lock prefers readers).
 */

#pragma GCC visibility push(default)

/**
 * spinlock_t - a lock held for short sections
 * @mutex: the POSIX mutex that provides the exclusion; use the API only
 */
typedef struct {
	pthread_mutex_t mutex;
} spinlock_t;

/**
 * rwlock_t - a lock with many readers or one writer
 * @rwlock: the POSIX reader/writer lock; use the API only
 */
typedef struct {
	pthread_rwlock_t rwlock;
} rwlock_t;

/* Brace initializers, for use inside another structure's initializer. */
#define __SPIN_LOCK_INITIALIZER \
	{ \
		.mutex = PTHREAD_MUTEX_INITIALIZER \
	}
#define __RW_LOCK_INITIALIZER \
	{ \
		.rwlock = PTHREAD_RWLOCK_INITIALIZER \
	}

/*
 * 2.6.9 spells the unlocked value as a compound literal, which GCC and Clang
 * accept as the initializer of a static object too.
 */
#define SPIN_LOCK_UNLOCKED	   (spinlock_t) __SPIN_LOCK_INITIALIZER
#define RW_LOCK_UNLOCKED	   (rwlock_t) __RW_LOCK_INITIALIZER
#define __SPIN_LOCK_UNLOCKED(name) SPIN_LOCK_UNLOCKED
#define __RW_LOCK_UNLOCKED(name)   RW_LOCK_UNLOCKED

/* The modern spelling of a statically initialized lock. */
#define DEFINE_SPINLOCK(name) spinlock_t name = __SPIN_LOCK_INITIALIZER
#define DEFINE_RWLOCK(name)   rwlock_t name = __RW_LOCK_INITIALIZER

void spin_lock_init(spinlock_t *lock);
void _spin_lock(spinlock_t *lock);
int _spin_trylock(spinlock_t *lock);
void _spin_unlock(spinlock_t *lock);
int spin_is_locked(spinlock_t *lock);

void rwlock_init(rwlock_t *lock);
void _read_lock(rwlock_t *lock);
int _read_trylock(rwlock_t *lock);
void _read_unlock(rwlock_t *lock);
void _write_lock(rwlock_t *lock);
int _write_trylock(rwlock_t *lock);
void _write_unlock(rwlock_t *lock);

/*
 * The _irq and _irqsave forms disable the calling thread's interrupts
 * before taking the lock and enable them (or restore them) after
 * releasing it: a line raised meanwhile by that thread is delivered then
 * (docs/hardware.md).
 */
#define spin_lock(lock)	      _spin_lock(lock)
#define spin_trylock(lock)    _spin_trylock(lock)
#define spin_unlock(lock)     _spin_unlock(lock)
#define spin_lock_bh(lock)    _spin_lock(lock)
#define spin_unlock_bh(lock)  _spin_unlock(lock)
#define spin_trylock_bh(lock) _spin_trylock(lock)
#define spin_lock_irq(lock) \
	do { \
		local_irq_disable(); \
		_spin_lock(lock); \
	} while (0)
#define spin_unlock_irq(lock) \
	do { \
		_spin_unlock(lock); \
		local_irq_enable(); \
	} while (0)
#define spin_trylock_irq(lock) \
	({ \
		int __got; \
		local_irq_disable(); \
		__got = _spin_trylock(lock); \
		if (!__got) \
			local_irq_enable(); \
		__got; \
	})
#define spin_lock_irqsave(lock, flags) \
	do { \
		local_irq_save(flags); \
		_spin_lock(lock); \
	} while (0)
#define spin_unlock_irqrestore(lock, flags) \
	do { \
		_spin_unlock(lock); \
		local_irq_restore(flags); \
	} while (0)
#define spin_trylock_irqsave(lock, flags) \
	({ \
		int __got; \
		local_irq_save(flags); \
		__got = _spin_trylock(lock); \
		if (!__got) \
			local_irq_restore(flags); \
		__got; \
	})
#define assert_spin_locked(lock) BUG_ON(!spin_is_locked(lock))

#define read_lock(lock)	   _read_lock(lock)
#define read_trylock(lock) _read_trylock(lock)
#define read_unlock(lock)  _read_unlock(lock)
#define read_lock_irq(lock) \
	do { \
		local_irq_disable(); \
		_read_lock(lock); \
	} while (0)
#define read_unlock_irq(lock) \
	do { \
		_read_unlock(lock); \
		local_irq_enable(); \
	} while (0)
#define read_lock_bh(lock)   _read_lock(lock)
#define read_unlock_bh(lock) _read_unlock(lock)
#define read_lock_irqsave(lock, flags) \
	do { \
		local_irq_save(flags); \
		_read_lock(lock); \
	} while (0)
#define read_unlock_irqrestore(lock, flags) \
	do { \
		_read_unlock(lock); \
		local_irq_restore(flags); \
	} while (0)

#define write_lock(lock)    _write_lock(lock)
#define write_trylock(lock) _write_trylock(lock)
#define write_unlock(lock)  _write_unlock(lock)
#define write_lock_irq(lock) \
	do { \
		local_irq_disable(); \
		_write_lock(lock); \
	} while (0)
#define write_unlock_irq(lock) \
	do { \
		_write_unlock(lock); \
		local_irq_enable(); \
	} while (0)
#define write_lock_bh(lock)   _write_lock(lock)
#define write_unlock_bh(lock) _write_unlock(lock)
#define write_lock_irqsave(lock, flags) \
	do { \
		local_irq_save(flags); \
		_write_lock(lock); \
	} while (0)
#define write_unlock_irqrestore(lock, flags) \
	do { \
		_write_unlock(lock); \
		local_irq_restore(flags); \
	} while (0)

#pragma GCC visibility pop

#endif /* _LDM_SPINLOCK_H */
