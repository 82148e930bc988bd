// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * softirq.c - tasklets (kernel/softirq.c of 2.6.9): deferred functions run
 * once per tasklet_schedule(), never two at once, in a thread of their own
 * (2.6.9's ksoftirqd) where in_softirq() is true.
 *
 * A tasklet scheduled while it runs runs again after; one disabled stays
 * queued until tasklet_enable(); tasklet_kill() waits until it is neither
 * queued nor running. The high-priority queue of tasklet_hi_schedule()
 * runs first.
 */
#include <pthread.h>
#include <stdint.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/interrupt.h>
#include <ldm/kernel.h>

#include "boot.h"
#include "irq/internals.h"
#include "unload.h"

static pthread_mutex_t tasklet_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t tasklet_more = PTHREAD_COND_INITIALIZER; /* queued, enabled, or stop */
static pthread_cond_t tasklet_ran = PTHREAD_COND_INITIALIZER;  /* a tasklet left the queue */
static struct tasklet_struct *queues[2];		       /* [0]: hi, [1]: normal */
static pthread_t softirq_thread;
static struct tasklet_struct *running_tasklet; /* what ksoftirqd runs now */
static bool softirq_up, softirq_stop;
static bool softirq_running; /* ksoftirqd has started: it holds no lock of its start */

/* The first enabled tasklet of the queues, unlinked; under tasklet_lock. */
static struct tasklet_struct *take_runnable(void)
{
	struct tasklet_struct **p, *t;
	int q;

	for (q = 0; q < 2; q++) {
		for (p = &queues[q]; (t = *p); p = &t->next) {
			if (atomic_read(&t->count))
				continue;
			*p = t->next;
			t->next = NULL;
			return t;
		}
	}
	return NULL;
}

/* Whether the running tasklet lies in [start, start + size); under tasklet_lock. */
static bool running_in_range(const void *start, size_t size)
{
	const struct tasklet_struct *t = running_tasklet;

	return t && ((uintptr_t)t - (uintptr_t)start < size ||
		     (uintptr_t)t->func - (uintptr_t)start < size);
}

/* Whether an enabled tasklet is queued; under tasklet_lock. */
static bool has_runnable(void)
{
	struct tasklet_struct *t;
	int q;

	for (q = 0; q < 2; q++)
		for (t = queues[q]; t; t = t->next)
			if (!atomic_read(&t->count))
				return true;
	return false;
}

static void *ksoftirqd(void *arg)
{
	struct tasklet_struct *t;

	(void)arg;
	pthread_mutex_lock(&tasklet_lock);
	softirq_running = true;
	pthread_cond_broadcast(&tasklet_ran);
	while (!softirq_stop) {
		t = take_runnable();
		if (!t) {
			pthread_cond_wait(&tasklet_more, &tasklet_lock);
			continue;
		}
		__atomic_or_fetch(&t->state, 1UL << TASKLET_STATE_RUN, __ATOMIC_ACQ_REL);
		__atomic_and_fetch(&t->state, ~(1UL << TASKLET_STATE_SCHED), __ATOMIC_ACQ_REL);
		running_tasklet = t;
		pthread_mutex_unlock(&tasklet_lock);
		ldm_softirq_enter();
		t->func(t->data);
		ldm_softirq_exit();
		pthread_mutex_lock(&tasklet_lock);
		running_tasklet = NULL;
		/* @t may be freed by its function only once it is not running: not before this. */
		__atomic_and_fetch(&t->state, ~(1UL << TASKLET_STATE_RUN), __ATOMIC_ACQ_REL);
		pthread_cond_broadcast(&tasklet_ran);
	}
	pthread_mutex_unlock(&tasklet_lock);
	return NULL;
}

/**
 * tasklet_init - set a tasklet up, enabled and not queued
 * @t: the tasklet
 * @func: what it runs
 * @data: given to @func
 */
void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data)
{
	t->next = NULL;
	t->state = 0;
	atomic_set(&t->count, 0);
	t->func = func;
	t->data = data;
}
EXPORT_SYMBOL(tasklet_init);

static void schedule_on(struct tasklet_struct *t, int q)
{
	struct tasklet_struct **p;

	pthread_mutex_lock(&tasklet_lock);
	if (!(__atomic_fetch_or(&t->state, 1UL << TASKLET_STATE_SCHED, __ATOMIC_ACQ_REL) &
	      (1UL << TASKLET_STATE_SCHED))) {
		for (p = &queues[q]; *p; p = &(*p)->next)
			;
		*p = t;
		t->next = NULL;
		pthread_cond_signal(&tasklet_more);
	}
	pthread_mutex_unlock(&tasklet_lock);
}

/**
 * tasklet_schedule - run a tasklet once, soon
 * @t: the tasklet
 *
 * Does nothing if it is queued already; queues it again if it runs now.
 */
void tasklet_schedule(struct tasklet_struct *t)
{
	schedule_on(t, 1);
}
EXPORT_SYMBOL(tasklet_schedule);

/**
 * tasklet_hi_schedule - tasklet_schedule(), ahead of the normal ones
 * @t: the tasklet
 */
void tasklet_hi_schedule(struct tasklet_struct *t)
{
	schedule_on(t, 0);
}
EXPORT_SYMBOL(tasklet_hi_schedule);

static bool tasklet_busy(struct tasklet_struct *t, unsigned long bits)
{
	return __atomic_load_n(&t->state, __ATOMIC_ACQUIRE) & bits;
}

/**
 * tasklet_kill - wait until a tasklet is neither queued nor running
 * @t: the tasklet
 *
 * A queued tasklet runs first (if disabled, it is taken off the queue
 * unrun). Never call it from the tasklet itself.
 */
void tasklet_kill(struct tasklet_struct *t)
{
	struct tasklet_struct **p;
	int q;

	if (in_interrupt())
		printk(KERN_WARNING "Attempt to kill tasklet from interrupt\n");
	pthread_mutex_lock(&tasklet_lock);
	if (atomic_read(&t->count)) {
		for (q = 0; q < 2; q++)
			for (p = &queues[q]; *p; p = &(*p)->next)
				if (*p == t) {
					*p = t->next;
					__atomic_and_fetch(&t->state, ~(1UL << TASKLET_STATE_SCHED),
							   __ATOMIC_ACQ_REL);
					break;
				}
	}
	while (softirq_up &&
	       tasklet_busy(t, (1UL << TASKLET_STATE_SCHED) | (1UL << TASKLET_STATE_RUN)))
		pthread_cond_wait(&tasklet_ran, &tasklet_lock);
	pthread_mutex_unlock(&tasklet_lock);
}
EXPORT_SYMBOL(tasklet_kill);

/**
 * tasklet_disable_nosync - keep a tasklet from running, without waiting
 * @t: the tasklet
 *
 * Calls nest; a schedule meanwhile keeps it queued until tasklet_enable().
 */
void tasklet_disable_nosync(struct tasklet_struct *t)
{
	atomic_inc(&t->count);
}
EXPORT_SYMBOL(tasklet_disable_nosync);

/**
 * tasklet_disable - keep a tasklet from running, and wait if it runs now
 * @t: the tasklet
 */
void tasklet_disable(struct tasklet_struct *t)
{
	tasklet_disable_nosync(t);
	pthread_mutex_lock(&tasklet_lock);
	while (softirq_up && !pthread_equal(pthread_self(), softirq_thread) &&
	       tasklet_busy(t, 1UL << TASKLET_STATE_RUN))
		pthread_cond_wait(&tasklet_ran, &tasklet_lock);
	pthread_mutex_unlock(&tasklet_lock);
}
EXPORT_SYMBOL(tasklet_disable);

/**
 * tasklet_enable - undo one tasklet_disable()
 * @t: the tasklet
 */
void tasklet_enable(struct tasklet_struct *t)
{
	pthread_mutex_lock(&tasklet_lock);
	atomic_dec(&t->count);
	pthread_cond_signal(&tasklet_more);
	pthread_mutex_unlock(&tasklet_lock);
}
EXPORT_SYMBOL(tasklet_enable);

static bool in_range(const void *p, const void *start, size_t size)
{
	return (uintptr_t)p - (uintptr_t)start < size;
}

/**
 * tasklets_forget_range - drop the tasklets a module left queued
 * @start: the module's memory, about to be unmapped
 * @size: its size
 * @owner: the module's name, for the warnings
 *
 * A queued tasklet that lies in the module, or whose function does, is
 * named as a leak of @owner and taken off the queue; one running there is
 * waited for.
 * Return: how many were dropped.
 */
unsigned int tasklets_forget_range(const void *start, size_t size, const char *owner)
{
	struct tasklet_struct **p, *t;
	unsigned int n = 0;
	int q;

	pthread_mutex_lock(&tasklet_lock);
	for (q = 0; q < 2; q++) {
		for (p = &queues[q]; (t = *p);) {
			if (!in_range(t, start, size) &&
			    !in_range((const void *)(uintptr_t)t->func, start, size)) {
				p = &t->next;
				continue;
			}
			*p = t->next;
			printk(KERN_ERR "%s: module unloaded with tasklet %p scheduled: dropped\n",
			       owner, (void *)t);
			n++;
		}
	}
	while (softirq_up && running_in_range(start, size))
		pthread_cond_wait(&tasklet_ran, &tasklet_lock);
	pthread_mutex_unlock(&tasklet_lock);
	return n;
}

/**
 * softirq_init - start the tasklets' thread
 *
 * Return: 0, or a negative errno.
 */
int softirq_init(void)
{
	int err;

	pthread_mutex_lock(&tasklet_lock);
	softirq_stop = false;
	softirq_running = false;
	err = -pthread_create(&softirq_thread, NULL, ksoftirqd, NULL);
	if (!err)
		softirq_up = true;
	/*
	 * Return only once the thread runs: while it starts, it may hold a lock
	 * of the C library or of a sanitizer, which a fork() would leave held.
	 */
	while (!err && !softirq_running)
		pthread_cond_wait(&tasklet_ran, &tasklet_lock);
	pthread_mutex_unlock(&tasklet_lock);
	if (!err)
		pthread_setname_np(softirq_thread, "ksoftirqd");
	return err;
}

/**
 * softirq_exit - run what is queued, then stop the thread
 *
 * Tasklets still queued but disabled are dropped and reported.
 */
void softirq_exit(void)
{
	struct tasklet_struct *t;
	int q;

	if (!softirq_up)
		return;
	pthread_mutex_lock(&tasklet_lock);
	while (has_runnable())
		pthread_cond_wait(&tasklet_ran, &tasklet_lock);
	softirq_stop = true;
	pthread_cond_signal(&tasklet_more);
	pthread_mutex_unlock(&tasklet_lock);
	pthread_join(softirq_thread, NULL);
	softirq_up = false;
	for (q = 0; q < 2; q++) {
		for (t = queues[q]; t; t = t->next)
			fprintf(stderr, "ldm: a disabled tasklet (%p) was still scheduled\n",
				(void *)t);
		queues[q] = NULL;
	}
}
