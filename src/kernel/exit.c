// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * exit.c - 2.6.9's kernel threads: kernel_thread() (arch/i386/kernel/
 * process.c), daemonize() and complete_and_exit() (kernel/exit.c). Each
 * kernel thread is a detached thread of the process with a task_struct
 * from its first instruction, so that kill_proc() finds it by the pid
 * kernel_thread() returned.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <ldm/completion.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/sched.h>
#include <ldm/slab.h>

#include "sched-internal.h"

/**
 * DOC: how a kernel thread ends
 *
 * A kernel thread ends when its function returns, or when it calls
 * complete_and_exit(). The latter jumps back to the thread's start in the
 * runtime first and completes there, so that once the module's exit
 * routine sees the completion, no frame of the thread is left in the
 * module's code, which rmmod may unmap at once.
 */

struct kernel_thread_start {
	int (*fn)(void *);
	void *arg;
	struct completion started;
	pid_t pid;
};

/* Where complete_and_exit() jumps to, in a kernel thread; and what it completes. */
static __thread jmp_buf *exit_jump;
static __thread struct completion *exit_completion;
static __thread long exit_code;

/**
 * kernel_thread_body - run a kernel thread's function, in that thread
 * @fn: the function
 * @arg: given to it
 *
 * Returns when @fn returns, or when it calls complete_and_exit(), whose
 * completion is completed here, out of @fn's frames.
 * Return: what @fn returned, or the code given to complete_and_exit().
 */
int kernel_thread_body(int (*fn)(void *), void *arg)
{
	jmp_buf jump;
	int ret;

	exit_jump = &jump;
	exit_completion = NULL;
	exit_code = 0;
	if (!setjmp(jump))
		ret = fn(arg);
	else
		ret = (int)exit_code;
	exit_jump = NULL;
	if (exit_completion)
		complete(exit_completion);
	exit_completion = NULL;
	return ret;
}

static void *kernel_thread_main(void *data)
{
	struct kernel_thread_start *start = data;
	int (*fn)(void *) = start->fn;
	void *arg = start->arg;
	struct task_struct *me = current;

	pthread_mutex_lock(&me->lock);
	me->ldm_kernel_thread = true;
	pthread_mutex_unlock(&me->lock);
	start->pid = me->pid;
	complete(&start->started);
	/* @start is the creator's, gone from here. */

	kernel_thread_body(fn, arg);
	return NULL;
}

/**
 * kernel_thread - start a kernel thread
 * @fn: what it runs; the thread ends when it returns
 * @arg: given to @fn
 * @flags: CLONE_ flags (unused: every thread shares everything)
 *
 * The thread is running, with its task_struct, when this returns.
 * Return: its pid (for kill_proc()), or a negative errno.
 */
int kernel_thread(int (*fn)(void *), void *arg, unsigned long flags)
{
	struct kernel_thread_start start = { .fn = fn, .arg = arg };
	pthread_attr_t attr;
	pthread_t thread;
	int err;

	(void)flags;
	init_completion(&start.started);
	if (pthread_attr_init(&attr))
		return -ENOMEM;
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = -pthread_create(&thread, &attr, kernel_thread_main, &start);
	pthread_attr_destroy(&attr);
	if (err)
		return err;
	wait_for_completion(&start.started);
	return start.pid;
}
EXPORT_SYMBOL(kernel_thread);

/**
 * daemonize - make the calling thread a kernel daemon with a name
 * @name: printf format of its name (current->comm, and the thread's name)
 *
 * It ignores every signal from then on, but those allow_signal() lets in
 * (and those sent before that call, held until it: allow_signal()).
 */
void daemonize(const char *name, ...)
{
	struct task_struct *p = current;
	va_list args;

	pthread_mutex_lock(&p->lock);
	va_start(args, name);
	vsnprintf(p->comm, sizeof(p->comm), name, args);
	va_end(args);
	p->ldm_kernel_thread = true;
	p->ldm_allowed_signals = 0;
	p->sigpending = 0;
	pthread_mutex_unlock(&p->lock);
	pthread_setname_np(pthread_self(), p->comm);
}
EXPORT_SYMBOL(daemonize);

/**
 * complete_and_exit - end the calling kernel thread, then complete @comp
 * @comp: the completion its stopper waits on (may be NULL)
 * @code: its exit code (what kthread_stop() returns, for a kthread)
 *
 * Never returns. The completion comes after the thread has left the
 * caller's code, so a module's exit routine may wait for it and go.
 */
void complete_and_exit(struct completion *comp, long code)
{
	exit_completion = comp;
	exit_code = code;
	if (exit_jump)
		longjmp(*exit_jump, 1);
	/* Not a kernel thread: a thread of the host. */
	if (comp)
		complete(comp);
	pthread_exit(NULL);
}
EXPORT_SYMBOL(complete_and_exit);
