// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * process.c - the freezer (kernel/power/process.c of 2.6.9): before a
 * suspend, every kernel thread is asked to freeze (PF_FREEZE, and its
 * interruptible sleep ends as for a signal); it calls refrigerator() at a
 * safe point of its loop and sleeps there until the resume thaws it.
 * Only kernel threads (kernel_thread(), kthread_create()) are frozen: the
 * host's threads are not the runtime's to stop.
 */
#include <pthread.h>
#include <time.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/sched.h>
#include <ldm/suspend.h>

#include "sched-internal.h"
#include "time-internal.h"

/* How long the freezer waits for the threads to reach refrigerator(), as 2.6.9. */
#define FREEZE_TIMEOUT_SEC 6

static pthread_mutex_t freezer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t freezer_wait; /* a thread entered refrigerator() */
static pthread_once_t freezer_once = PTHREAD_ONCE_INIT;

static void freezer_setup(void)
{
	BUG_ON(ldm_cond_init_monotonic(&freezer_wait));
}

static bool freezable(const struct task_struct *p)
{
	return p->ldm_kernel_thread && !(p->flags & PF_NOFREEZE) && p != current;
}

/**
 * refrigerator - freeze the calling thread until the resume
 * @flag: the flag that asked it to (PF_FREEZE)
 *
 * Called by a kernel thread that found @flag in current->flags. Clears it,
 * marks the thread PF_FROZEN, and sleeps until thaw_processes(); a signal
 * the freeze woke it with is forgotten, a real one stays pending.
 */
void refrigerator(unsigned long flag)
{
	struct task_struct *p = current;

	pthread_once(&freezer_once, freezer_setup);
	pthread_mutex_lock(&freezer_lock);
	pthread_mutex_lock(&p->lock);
	__atomic_and_fetch(&p->flags, ~flag, __ATOMIC_RELAXED);
	__atomic_or_fetch(&p->flags, PF_FROZEN, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&p->lock);
	pthread_cond_broadcast(&freezer_wait);
	pthread_mutex_unlock(&freezer_lock);

	pthread_mutex_lock(&p->lock);
	while (__atomic_load_n(&p->flags, __ATOMIC_RELAXED) & PF_FROZEN)
		pthread_cond_wait(&p->wake, &p->lock);
	p->__state = TASK_RUNNING;
	pthread_mutex_unlock(&p->lock);
}
EXPORT_SYMBOL(refrigerator);

static void ask_to_freeze(struct task_struct *p, void *data)
{
	(void)data;
	if (!freezable(p))
		return;
	pthread_mutex_lock(&p->lock);
	if (!(p->flags & PF_FROZEN)) {
		__atomic_or_fetch(&p->flags, PF_FREEZE, __ATOMIC_RELAXED);
		if (p->__state == TASK_INTERRUPTIBLE) {
			p->__state = TASK_RUNNING;
			pthread_cond_signal(&p->wake);
		}
	}
	pthread_mutex_unlock(&p->lock);
}

static void count_unfrozen(struct task_struct *p, void *data)
{
	if (freezable(p) && !(__atomic_load_n(&p->flags, __ATOMIC_RELAXED) & PF_FROZEN))
		(*(int *)data)++;
}

static void thaw(struct task_struct *p, void *data)
{
	(void)data;
	if (!p->ldm_kernel_thread)
		return;
	pthread_mutex_lock(&p->lock);
	__atomic_and_fetch(&p->flags, ~(PF_FROZEN | PF_FREEZE), __ATOMIC_RELAXED);
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
}

/**
 * freeze_processes - freeze every kernel thread
 *
 * Waits up to 6 s (2.6.9's bound) for them all to reach refrigerator().
 * Return: 0, or -EBUSY if some did not (they are thawed again, and
 * the log says how many).
 */
int freeze_processes(void)
{
	struct timespec deadline;
	int todo;

	pthread_once(&freezer_once, freezer_setup);
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += FREEZE_TIMEOUT_SEC;
	pthread_mutex_lock(&freezer_lock);
	for (;;) {
		for_each_task(ask_to_freeze, NULL);
		todo = 0;
		for_each_task(count_unfrozen, &todo);
		if (!todo)
			break;
		if (pthread_cond_timedwait(&freezer_wait, &freezer_lock, &deadline) == ETIMEDOUT)
			break;
	}
	pthread_mutex_unlock(&freezer_lock);
	if (!todo)
		return 0;
	printk(KERN_ERR "Stopping tasks failed (%d tasks remaining)\n", todo);
	thaw_processes();
	return -EBUSY;
}
EXPORT_SYMBOL(freeze_processes);

/**
 * thaw_processes - let the frozen kernel threads go on
 */
void thaw_processes(void)
{
	for_each_task(thaw, NULL);
}
EXPORT_SYMBOL(thaw_processes);
