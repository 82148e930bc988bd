// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * workqueue.c - work queues (kernel/workqueue.c of 2.6.9): one thread per
 * queue runs its work items in the order queued; "events" is the default
 * queue of schedule_work(), started at boot and drained at shutdown.
 *
 * A work item is pending from the moment it is queued (or its delay timer
 * is started) until its function begins, so queueing it again while
 * pending does nothing, and queueing it from its own function runs it once
 * more. flush_workqueue() queues a barrier item behind everything queued
 * so far and waits for it, as modern Linux does; called from the queue's
 * own thread it runs the queued work there and then, as 2.6.9 did.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <ldm/completion.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <ldm/workqueue.h>

#include "boot.h"

/**
 * struct workqueue_struct - a work queue and its thread
 * @lock: guards everything below and the entries of queued work
 * @more_work: signalled when work is queued, or the thread must stop
 * @work_done: broadcast when a work function returns
 * @worklist: queued work, in order
 * @current_work: the work whose function runs, NULL between items
 * @thread: the thread that runs the work
 * @running: the thread has started and waits for work
 * @stop: the thread must return
 * @thread_gone: this is a forked child, and @thread stayed in the parent
 * @name: as given to create_workqueue()
 * @list: in the list of all queues
 */
struct workqueue_struct {
	pthread_mutex_t lock;
	pthread_cond_t more_work;
	pthread_cond_t work_done;
	struct list_head worklist;
	struct work_struct *current_work;
	pthread_t thread;
	bool running;
	bool stop;
	bool thread_gone;
	const char *name;
	struct list_head list;
};

/* The "events" queue of schedule_work(), while the runtime is up. */
static struct workqueue_struct *keventd_wq;

/* Every queue, for fork() to find. */
static pthread_mutex_t workqueues_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(workqueues);
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

/* Set the pending bit; whether it was set already. */
static bool test_and_set_pending(struct work_struct *work)
{
	return __atomic_fetch_or(&work->pending, 1UL, __ATOMIC_ACQ_REL) & 1;
}

static void clear_pending(struct work_struct *work)
{
	__atomic_fetch_and(&work->pending, ~1UL, __ATOMIC_RELEASE);
}

/* Put pending @work at the tail of @wq and wake the thread. */
static void insert_work(struct workqueue_struct *wq, struct work_struct *work)
{
	pthread_mutex_lock(&wq->lock);
	__atomic_store_n(&work->wq_data, wq, __ATOMIC_RELEASE);
	list_add_tail(&work->entry, &wq->worklist);
	pthread_cond_signal(&wq->more_work);
	pthread_mutex_unlock(&wq->lock);
}

/* Run queued @work; under wq->lock, dropped while its function runs. */
static void run_one(struct workqueue_struct *wq, struct work_struct *work)
{
	struct work_struct *outer = wq->current_work;
	work_func_t work_func = work->work_func;
	void (*func)(void *) = work->func;
	void *data = work->data;

	list_del_init(&work->entry);
	wq->current_work = work;
	pthread_mutex_unlock(&wq->lock);

	/* From here, queueing it again runs it again. */
	clear_pending(work);
	if (work_func)
		work_func(work);
	else if (!WARN_ON(!func))
		func(data);

	pthread_mutex_lock(&wq->lock);
	/* @work may be freed by now: not touched again. */
	wq->current_work = outer;
	pthread_cond_broadcast(&wq->work_done);
}

static void *worker_thread(void *arg)
{
	struct workqueue_struct *wq = arg;

	pthread_mutex_lock(&wq->lock);
	wq->running = true;
	pthread_cond_broadcast(&wq->work_done);
	while (!wq->stop) {
		if (list_empty(&wq->worklist))
			pthread_cond_wait(&wq->more_work, &wq->lock);
		else
			run_one(wq, list_first_entry(&wq->worklist, struct work_struct, entry));
	}
	pthread_mutex_unlock(&wq->lock);
	return NULL;
}

static bool in_worker(struct workqueue_struct *wq)
{
	return pthread_equal(pthread_self(), wq->thread);
}

/* fork(): hold every queue still, so the child gets them consistent. */
static void workqueues_prepare_fork(void)
{
	struct workqueue_struct *wq;

	pthread_mutex_lock(&workqueues_lock);
	list_for_each_entry(wq, &workqueues, list)
		pthread_mutex_lock(&wq->lock);
}

static void workqueues_parent_fork(void)
{
	struct workqueue_struct *wq;

	list_for_each_entry(wq, &workqueues, list)
		pthread_mutex_unlock(&wq->lock);
	pthread_mutex_unlock(&workqueues_lock);
}

/* In the child: the threads stayed in the parent. */
static void workqueues_child_fork(void)
{
	struct workqueue_struct *wq;

	list_for_each_entry(wq, &workqueues, list) {
		wq->thread_gone = true;
		wq->current_work = NULL;
		pthread_mutex_unlock(&wq->lock);
	}
	pthread_mutex_unlock(&workqueues_lock);
}

static void workqueues_atfork(void)
{
	pthread_atfork(workqueues_prepare_fork, workqueues_parent_fork, workqueues_child_fork);
}

/*
 * A thread that is starting may hold a lock of the C library or of a
 * sanitizer's allocator: a fork() then would leave it held forever in the
 * child. The queue is handed out only once its thread waits for work.
 */
static void wait_until_running(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&wq->lock);
	while (!wq->running)
		pthread_cond_wait(&wq->work_done, &wq->lock);
	pthread_mutex_unlock(&wq->lock);
}

/**
 * __create_workqueue - make a work queue and start its thread
 * @name: its name, kept (not copied) for as long as the queue lives
 * @singlethread: 2.6.9's choice of one thread or one per CPU; one here
 *
 * Called through create_workqueue() and create_singlethread_workqueue().
 * Return: the queue, or NULL if out of memory or threads.
 */
struct workqueue_struct *__create_workqueue(const char *name, int singlethread)
{
	struct workqueue_struct *wq;
	char comm[16];

	pthread_once(&atfork_once, workqueues_atfork);
	wq = kzalloc(sizeof(*wq), GFP_KERNEL);
	if (!wq)
		return NULL;
	wq->name = name;
	INIT_LIST_HEAD(&wq->worklist);
	pthread_mutex_init(&wq->lock, NULL);
	pthread_cond_init(&wq->more_work, NULL);
	pthread_cond_init(&wq->work_done, NULL);
	if (pthread_create(&wq->thread, NULL, worker_thread, wq))
		goto err_free;
	/* The kernel's thread names: "events/0" for a queue per CPU. */
	snprintf(comm, sizeof(comm), singlethread ? "%s" : "%s/0", name);
	pthread_setname_np(wq->thread, comm);
	wait_until_running(wq);
	pthread_mutex_lock(&workqueues_lock);
	list_add_tail(&wq->list, &workqueues);
	pthread_mutex_unlock(&workqueues_lock);
	return wq;

err_free:
	pthread_cond_destroy(&wq->work_done);
	pthread_cond_destroy(&wq->more_work);
	pthread_mutex_destroy(&wq->lock);
	kfree(wq);
	return NULL;
}
EXPORT_SYMBOL_GPL(__create_workqueue);

/**
 * queue_work - queue work on a work queue
 * @wq: the queue
 * @work: the work, initialized with INIT_WORK() or DECLARE_WORK()
 *
 * Return: 1 if queued, 0 if it was pending already (it runs once).
 */
int queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	if (test_and_set_pending(work))
		return 0;
	insert_work(wq, work);
	return 1;
}
EXPORT_SYMBOL_GPL(queue_work);

/* The delay timer of a delayed work: queue it now. */
static void delayed_work_timer_fn(unsigned long data)
{
	struct work_struct *work = (struct work_struct *)data;

	insert_work(__atomic_load_n(&work->wq_data, __ATOMIC_ACQUIRE), work);
}

/**
 * queue_delayed_work - queue work on a work queue after a delay
 * @wq: the queue
 * @work: the work (2.6.9), or a modern struct delayed_work
 * @delay: ticks (jiffies) to wait first; 0 queues at once
 *
 * Return: 1 if queued or delayed, 0 if it was pending already.
 */
int(queue_delayed_work)(struct workqueue_struct *wq, struct work_struct *work, unsigned long delay)
{
	if (test_and_set_pending(work))
		return 0;
	if (!delay) {
		insert_work(wq, work);
		return 1;
	}
	__atomic_store_n(&work->wq_data, wq, __ATOMIC_RELEASE);
	work->timer.function = delayed_work_timer_fn;
	work->timer.data = (unsigned long)work;
	work->timer.expires = jiffies + delay;
	add_timer(&work->timer);
	return 1;
}
EXPORT_SYMBOL_GPL(queue_delayed_work);

/* What flush_workqueue() queues, and waits for. */
struct wq_barrier {
	struct work_struct work;
	struct completion done;
};

static void wq_barrier_func(struct work_struct *work)
{
	complete(&container_of(work, struct wq_barrier, work)->done);
}

/*
 * The first queued work a flush from inside the queue's own work may run:
 * not another flusher's barrier, which must wait until the work that called
 * this has returned, since it was queued before that barrier. Under wq->lock.
 */
static struct work_struct *first_runnable(struct workqueue_struct *wq, bool skip_barriers)
{
	struct work_struct *work;

	list_for_each_entry(work, &wq->worklist, entry)
		if (!skip_barriers || work->work_func != wq_barrier_func)
			return work;
	return NULL;
}

/**
 * flush_workqueue - wait until all work queued so far has run
 * @wq: the queue
 *
 * Work queued meanwhile, or by the work itself, is not waited for, nor
 * delayed work whose delay has not run out. Called from a function that
 * runs on @wq, it runs the queued work itself before returning (as 2.6.9
 * did); other threads' flushes still wait for that function to return.
 */
void flush_workqueue(struct workqueue_struct *wq)
{
	struct wq_barrier barrier;

	pthread_mutex_lock(&wq->lock);
	if (in_worker(wq) || wq->thread_gone) {
		struct work_struct *work;

		while ((work = first_runnable(wq, in_worker(wq))))
			run_one(wq, work);
		pthread_mutex_unlock(&wq->lock);
		return;
	}
	pthread_mutex_unlock(&wq->lock);
	INIT_WORK(&barrier.work, wq_barrier_func);
	init_completion(&barrier.done);
	queue_work(wq, &barrier.work);
	wait_for_completion(&barrier.done);
}
EXPORT_SYMBOL_GPL(flush_workqueue);

/* Stop @wq's thread, and report work that was queued but never ran. */
static void stop_worker(struct workqueue_struct *wq)
{
	struct work_struct *work, *next;

	pthread_mutex_lock(&workqueues_lock);
	list_del(&wq->list);
	pthread_mutex_unlock(&workqueues_lock);

	pthread_mutex_lock(&wq->lock);
	wq->stop = true;
	pthread_cond_signal(&wq->more_work);
	pthread_mutex_unlock(&wq->lock);
	/* Set only in a child of fork(), before this call. */
	if (!wq->thread_gone)
		pthread_join(wq->thread, NULL);

	list_for_each_entry_safe(work, next, &wq->worklist, entry) {
		printk(KERN_WARNING "ldm: work %p (function %p) queued on %s never ran\n",
		       (void *)work,
		       work->work_func ? (void *)(uintptr_t)work->work_func :
					 (void *)(uintptr_t)work->func,
		       wq->name);
		list_del_init(&work->entry);
		clear_pending(work);
	}
}

/**
 * destroy_workqueue - run what is queued, then stop and free a work queue
 * @wq: the queue; nothing may queue work on it any more
 *
 * Must not be called from @wq's own work (it could not wait for itself).
 */
void destroy_workqueue(struct workqueue_struct *wq)
{
	if (WARN_ON(in_worker(wq)))
		return;
	flush_workqueue(wq);
	stop_worker(wq);
	pthread_cond_destroy(&wq->work_done);
	pthread_cond_destroy(&wq->more_work);
	pthread_mutex_destroy(&wq->lock);
	kfree(wq);
}
EXPORT_SYMBOL_GPL(destroy_workqueue);

/**
 * cancel_delayed_work - stop a delayed work whose delay has not run out
 * @work: the work (2.6.9), or a modern struct delayed_work
 *
 * If the delay ran out already, the work is queued or running: the function
 * may still run, or be running, when this returns; flush_scheduled_work()
 * (or cancel_delayed_work_sync()) waits for it.
 * Return: 1 if the delay was stopped and the work will not run, else 0.
 */
int(cancel_delayed_work)(struct work_struct *work)
{
	int ret = del_timer_sync(&work->timer);

	if (ret)
		clear_pending(work);
	return ret;
}
EXPORT_SYMBOL(cancel_delayed_work);

/*
 * Take @work off its queue if queued, and wait until its function is not
 * running (unless called from that function); 1 if it was queued.
 */
static int cancel_queued_and_wait(struct work_struct *work)
{
	struct workqueue_struct *wq = __atomic_load_n(&work->wq_data, __ATOMIC_ACQUIRE);
	int ret = 0;

	if (!wq)
		return 0;
	pthread_mutex_lock(&wq->lock);
	if (!list_empty(&work->entry)) {
		list_del_init(&work->entry);
		clear_pending(work);
		ret = 1;
	}
	while (wq->current_work == work && !in_worker(wq))
		pthread_cond_wait(&wq->work_done, &wq->lock);
	pthread_mutex_unlock(&wq->lock);
	return ret;
}

/**
 * cancel_work_sync - stop work from running, and wait if it is running
 * @work: the work, queued, delayed, running or idle
 *
 * Modern Linux. When this returns, @work is not pending and its function is
 * not running, unless the function queues it again.
 * Return: 1 if it was pending, 0 if not.
 */
int cancel_work_sync(struct work_struct *work)
{
	int ret = (cancel_delayed_work)(work);

	return cancel_queued_and_wait(work) || ret;
}
EXPORT_SYMBOL_GPL(cancel_work_sync);

/**
 * cancel_delayed_work_sync - cancel_work_sync() for delayed work
 * @work: the work (2.6.9), or a modern struct delayed_work
 *
 * Return: 1 if it was pending, 0 if not.
 */
int(cancel_delayed_work_sync)(struct work_struct *work)
{
	return cancel_work_sync(work);
}
EXPORT_SYMBOL(cancel_delayed_work_sync);

/* The events queue, or NULL with a warning that names @caller. */
static struct workqueue_struct *events_wq(const char *caller)
{
	struct workqueue_struct *wq = __atomic_load_n(&keventd_wq, __ATOMIC_ACQUIRE);

	if (!wq)
		printk(KERN_WARNING "ldm: %s() while the runtime is down: nothing done\n", caller);
	return wq;
}

/**
 * schedule_work - queue work on the "events" queue
 * @work: the work
 *
 * Return: 1 if queued, 0 if it was pending already (or the runtime is down).
 */
int schedule_work(struct work_struct *work)
{
	struct workqueue_struct *wq = events_wq(__func__);

	return wq ? queue_work(wq, work) : 0;
}
EXPORT_SYMBOL(schedule_work);

/**
 * schedule_delayed_work - queue work on the "events" queue after a delay
 * @work: the work (2.6.9), or a modern struct delayed_work
 * @delay: ticks (jiffies) to wait first
 *
 * Return: 1 if delayed or queued, 0 if it was pending already (or the
 * runtime is down).
 */
int(schedule_delayed_work)(struct work_struct *work, unsigned long delay)
{
	struct workqueue_struct *wq = events_wq(__func__);

	return wq ? (queue_delayed_work)(wq, work, delay) : 0;
}
EXPORT_SYMBOL(schedule_delayed_work);

/**
 * flush_scheduled_work - wait until all work scheduled so far has run
 */
void flush_scheduled_work(void)
{
	struct workqueue_struct *wq = __atomic_load_n(&keventd_wq, __ATOMIC_ACQUIRE);

	if (wq)
		flush_workqueue(wq);
}
EXPORT_SYMBOL(flush_scheduled_work);

/**
 * current_is_keventd - whether the caller runs in the "events" thread
 *
 * Return: 1 if it does, 0 if not.
 */
int current_is_keventd(void)
{
	struct workqueue_struct *wq = __atomic_load_n(&keventd_wq, __ATOMIC_ACQUIRE);

	return wq && in_worker(wq);
}

/**
 * keventd_up - whether the "events" queue runs
 *
 * Return: 1 between ldm_init() and ldm_exit(), else 0.
 */
int keventd_up(void)
{
	return __atomic_load_n(&keventd_wq, __ATOMIC_ACQUIRE) != NULL;
}

/* Boot: start the "events" queue. */
int init_workqueues(void)
{
	struct workqueue_struct *wq = create_workqueue("events");

	if (!wq)
		return -ENOMEM;
	__atomic_store_n(&keventd_wq, wq, __ATOMIC_RELEASE);
	return 0;
}

/*
 * Shutdown: run what is scheduled, then stop "events". Scheduling work from
 * here on is refused with a warning.
 */
void workqueues_exit(void)
{
	struct workqueue_struct *wq = __atomic_load_n(&keventd_wq, __ATOMIC_ACQUIRE);

	if (!wq)
		return;
	flush_workqueue(wq);
	__atomic_store_n(&keventd_wq, NULL, __ATOMIC_RELEASE);
	destroy_workqueue(wq);
}
