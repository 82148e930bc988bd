// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kthread.c - the kthread API of 2.6.9 (kernel/kthread.c): a thread made
 * by kthread_create() sleeps until woken (kthread_run() does both), runs
 * its function, and kthread_stop() makes kthread_should_stop() true, wakes
 * it, waits for the function to return and gives back what it returned.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <ldm/completion.h>
#include <ldm/err.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kthread.h>
#include <ldm/list.h>
#include <ldm/sched.h>
#include <ldm/slab.h>

#include "sched-internal.h"

/**
 * struct kthread - a thread of kthread_create(), until kthread_stop()
 * @task: its task_struct, valid while !@exited
 * @threadfn: its function
 * @data: given to @threadfn
 * @started: completed when @task is set and the thread sleeps
 * @done: completed when @threadfn has returned
 * @should_stop: kthread_stop() was called
 * @exited: @threadfn returned; the thread is gone or going
 * @result: what @threadfn returned
 * @list: in kthreads
 */
struct kthread {
	struct task_struct *task;
	int (*threadfn)(void *data);
	void *data;
	struct completion started;
	struct completion done;
	bool should_stop;
	bool exited;
	int result;
	struct list_head list;
};

/* Guards kthreads and each one's exited; a thread's task is alive while it is listed unexited. */
static pthread_mutex_t kthreads_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(kthreads);

static void *kthread_main(void *arg)
{
	struct kthread *k = arg;
	struct task_struct *me = current;
	int ret = -EINTR;

	pthread_mutex_lock(&me->lock);
	me->ldm_kernel_thread = true;
	me->ldm_kthread = k;
	pthread_mutex_unlock(&me->lock);
	pthread_setname_np(pthread_self(), me->comm);
	k->task = me;
	/* Asleep before the creator can wake it: no wake-up is lost. */
	set_current_state(TASK_INTERRUPTIBLE);
	complete(&k->started);
	schedule();

	if (!kthread_should_stop())
		ret = kernel_thread_body(k->threadfn, k->data);

	pthread_mutex_lock(&kthreads_lock);
	k->result = ret;
	k->exited = true;
	complete(&k->done);
	pthread_mutex_unlock(&kthreads_lock);
	return NULL;
}

/**
 * kthread_create - make a kernel thread, asleep
 * @threadfn: what it runs once woken; it returns when kthread_should_stop()
 * @data: given to @threadfn
 * @namefmt: printf format of its name (current->comm)
 *
 * Wake it with wake_up_process() (kthread_run() does), collect it with
 * kthread_stop().
 * Return: its task, or ERR_PTR(-ENOMEM) or another negative errno.
 */
struct task_struct *kthread_create(int (*threadfn)(void *data), void *data, const char *namefmt,
				   ...)
{
	pthread_attr_t attr;
	struct kthread *k;
	pthread_t thread;
	va_list args;
	int err;

	k = kzalloc(sizeof(*k), GFP_KERNEL);
	if (!k)
		return ERR_PTR(-ENOMEM);
	k->threadfn = threadfn;
	k->data = data;
	init_completion(&k->started);
	init_completion(&k->done);
	err = -ENOMEM;
	if (pthread_attr_init(&attr))
		goto err_free;
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_mutex_lock(&kthreads_lock);
	list_add(&k->list, &kthreads);
	pthread_mutex_unlock(&kthreads_lock);
	err = -pthread_create(&thread, &attr, kthread_main, k);
	pthread_attr_destroy(&attr);
	if (err)
		goto err_unlist;
	wait_for_completion(&k->started);
	/* The name, set while the thread sleeps. */
	va_start(args, namefmt);
	pthread_mutex_lock(&k->task->lock);
	vsnprintf(k->task->comm, sizeof(k->task->comm), namefmt, args);
	pthread_mutex_unlock(&k->task->lock);
	va_end(args);
	return k->task;

err_unlist:
	pthread_mutex_lock(&kthreads_lock);
	list_del(&k->list);
	pthread_mutex_unlock(&kthreads_lock);
err_free:
	kfree(k);
	return ERR_PTR(err);
}
EXPORT_SYMBOL(kthread_create);

/**
 * kthread_bind - keep a kthread on one CPU (nothing to do: the host places threads)
 * @k: the thread
 * @cpu: the CPU
 */
void kthread_bind(struct task_struct *k, unsigned int cpu)
{
	(void)k;
	(void)cpu;
}
EXPORT_SYMBOL(kthread_bind);

/**
 * kthread_should_stop - whether kthread_stop() was called for this thread
 *
 * Return: 1 in a kthread that must return now, else 0.
 */
int kthread_should_stop(void)
{
	struct kthread *k = current->ldm_kthread;

	return k && __atomic_load_n(&k->should_stop, __ATOMIC_ACQUIRE);
}
EXPORT_SYMBOL(kthread_should_stop);

/**
 * kthread_stop - stop a kthread and collect what it returned
 * @k: what kthread_create() gave
 *
 * Makes kthread_should_stop() true, wakes the thread, and waits for its
 * function to return. A thread never woken is stopped without running.
 * Return: what the function returned, -EINTR if it never ran, or -ESRCH
 * if @k is not a kthread (or was stopped already).
 */
int kthread_stop(struct task_struct *k)
{
	struct kthread *kt = NULL, *pos;
	int ret;

	pthread_mutex_lock(&kthreads_lock);
	list_for_each_entry(pos, &kthreads, list) {
		if (pos->task == k) {
			kt = pos;
			break;
		}
	}
	if (!kt) {
		pthread_mutex_unlock(&kthreads_lock);
		return -ESRCH;
	}
	list_del(&kt->list);
	__atomic_store_n(&kt->should_stop, true, __ATOMIC_RELEASE);
	if (!kt->exited)
		wake_up_process(k);
	pthread_mutex_unlock(&kthreads_lock);
	wait_for_completion(&kt->done);
	/* The thread touches @kt no more once done is complete and the lock dropped. */
	pthread_mutex_lock(&kthreads_lock);
	ret = kt->result;
	pthread_mutex_unlock(&kthreads_lock);
	kfree(kt);
	return ret;
}
EXPORT_SYMBOL(kthread_stop);
