// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rcupdate.c - read-copy update (kernel/rcupdate.c of 2.6.9), by a
 * reader-writer lock: a read section holds it for reading, a grace period
 * takes it for writing once. call_rcu() queues its callback; a work item
 * of the "events" queue waits one grace period for all queued so far and
 * runs them, in the order queued.
 */
#include <pthread.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/rcupdate.h>
#include <ldm/workqueue.h>

/* Readers prefer themselves: a nested read section never waits for a writer. */
static pthread_rwlock_t rcu_lock = PTHREAD_RWLOCK_INITIALIZER;
static __thread unsigned int rcu_nesting;

static pthread_mutex_t rcu_queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t rcu_queue_done = PTHREAD_COND_INITIALIZER;
static struct rcu_head *rcu_queue, **rcu_queue_tail = &rcu_queue;
static unsigned long rcu_queued, rcu_completed; /* callbacks queued and run since boot */

/**
 * rcu_read_lock - begin a read section
 *
 * Sections nest; none may sleep.
 */
void rcu_read_lock(void)
{
	if (!rcu_nesting++)
		pthread_rwlock_rdlock(&rcu_lock);
}
EXPORT_SYMBOL(rcu_read_lock);

/**
 * rcu_read_unlock - end a read section
 */
void rcu_read_unlock(void)
{
	if (WARN_ON(!rcu_nesting))
		return;
	if (!--rcu_nesting)
		pthread_rwlock_unlock(&rcu_lock);
}
EXPORT_SYMBOL(rcu_read_unlock);

/**
 * synchronize_rcu - wait until every read section begun before has ended
 *
 * Never call it inside a read section (it would wait for itself).
 */
void synchronize_rcu(void)
{
	if (WARN_ON(rcu_nesting))
		return;
	pthread_rwlock_wrlock(&rcu_lock);
	pthread_rwlock_unlock(&rcu_lock);
}
EXPORT_SYMBOL(synchronize_rcu);

/**
 * synchronize_kernel - 2.6.9's name of synchronize_rcu()
 *
 * 2.6.9 waits here for every CPU to pass a quiescent state, which ends
 * every read section begun before, as synchronize_rcu() waits for them.
 */
void synchronize_kernel(void)
{
	synchronize_rcu();
}
EXPORT_SYMBOL(synchronize_kernel);

static void rcu_process_callbacks(void *unused)
{
	struct rcu_head *list, *next;
	unsigned long n = 0;

	(void)unused;
	pthread_mutex_lock(&rcu_queue_lock);
	list = rcu_queue;
	rcu_queue = NULL;
	rcu_queue_tail = &rcu_queue;
	pthread_mutex_unlock(&rcu_queue_lock);
	if (!list)
		return;
	synchronize_rcu();
	for (; list; list = next, n++) {
		next = list->next;
		list->func(list->arg);
	}
	pthread_mutex_lock(&rcu_queue_lock);
	rcu_completed += n;
	pthread_cond_broadcast(&rcu_queue_done);
	pthread_mutex_unlock(&rcu_queue_lock);
}

static DECLARE_WORK(rcu_work, rcu_process_callbacks, NULL);

/**
 * call_rcu - run a function after a grace period
 * @head: the callback's place, in the object to free, say
 * @func: what runs, in the "events" thread, once every read section begun
 *	before this call has ended
 * @arg: given to @func (2.6.9's form: container_of() is yours)
 */
void call_rcu(struct rcu_head *head, void (*func)(void *arg), void *arg)
{
	head->func = func;
	head->arg = arg;
	head->next = NULL;
	pthread_mutex_lock(&rcu_queue_lock);
	*rcu_queue_tail = head;
	rcu_queue_tail = &head->next;
	rcu_queued++;
	pthread_mutex_unlock(&rcu_queue_lock);
	schedule_work(&rcu_work);
}
EXPORT_SYMBOL(call_rcu);

/**
 * rcu_barrier - wait until every callback queued so far has run
 *
 * What a module's exit calls before its code, which the callbacks run,
 * goes away.
 */
void rcu_barrier(void)
{
	unsigned long target;

	pthread_mutex_lock(&rcu_queue_lock);
	target = rcu_queued;
	pthread_mutex_unlock(&rcu_queue_lock);
	schedule_work(&rcu_work);
	pthread_mutex_lock(&rcu_queue_lock);
	while ((long)(rcu_completed - target) < 0)
		pthread_cond_wait(&rcu_queue_done, &rcu_queue_lock);
	pthread_mutex_unlock(&rcu_queue_lock);
}
EXPORT_SYMBOL(rcu_barrier);
