// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sched.c - threads as tasks: current, task states, schedule(),
 * schedule_timeout() and wake_up_process() (kernel/sched.c and
 * kernel/timer.c of 2.6.9), signal_pending() and flush_signals()
 * (kernel/signal.c), and ldm_thread_interrupt(), which stands in for the
 * signal that interrupts a sleeping kernel task.
 */
#include <sched.h>
#include <string.h>
#include <unistd.h>
#include <ldm/export.h>
#include <ldm/interrupt.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/sched.h>
#include <ldm/slab.h>
#include <libldm/runtime.h>

#include "sched-internal.h"
#include "time-internal.h"

/**
 * DOC: how sched.c works
 *
 * A thread's task_struct lives in its thread-local storage, set up the first
 * time the thread reads current. Sleeping is a wait on the task's own
 * condition variable until its state is TASK_RUNNING again; every change of
 * state happens under the task's lock, which is what makes a wake-up that
 * comes between "set the state" and "schedule()" count. Known threads are
 * listed so that ldm_thread_interrupt() can find them by pthread_t; a
 * thread's entry goes when the thread exits (a thread-specific key's
 * destructor).
 */

/* An interrupt for a thread that has no task_struct yet. */
struct pending_interrupt {
	pthread_t thread;
	struct list_head list;
};

static pthread_mutex_t tasks_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(tasks);
static LIST_HEAD(pending_interrupts);
static pthread_once_t task_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t task_key;
static bool task_key_ok;

static __thread struct task_struct self;
static __thread bool self_known;

/* At thread exit: forget the thread. */
static void task_exit(void *arg)
{
	struct task_struct *p = arg;

	pthread_mutex_lock(&tasks_lock);
	list_del(&p->tasks);
	pthread_mutex_unlock(&tasks_lock);
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	self_known = false;
}

/* fork(): the child gets the list whole (its other threads' entries stay, unused). */
static void tasks_lock_fork(void)
{
	pthread_mutex_lock(&tasks_lock);
}

static void tasks_unlock_fork(void)
{
	pthread_mutex_unlock(&tasks_lock);
}

static void task_key_create(void)
{
	task_key_ok = pthread_key_create(&task_key, task_exit) == 0;
	pthread_atfork(tasks_lock_fork, tasks_unlock_fork, tasks_unlock_fork);
}

/* Take the interrupt posted for @thread before it was known; under tasks_lock. */
static int take_pending_interrupt(pthread_t thread)
{
	struct pending_interrupt *pi, *n;

	list_for_each_entry_safe(pi, n, &pending_interrupts, list) {
		if (pthread_equal(pi->thread, thread)) {
			list_del(&pi->list);
			kfree(pi);
			return 1;
		}
	}
	return 0;
}

/**
 * get_current - the calling thread's task_struct (what current reads)
 *
 * The first call in a thread sets the task up: running, not interrupted
 * unless ldm_thread_interrupt() named the thread before, and findable by
 * ldm_thread_interrupt() until the thread exits.
 * Return: the task, valid until the thread exits.
 */
struct task_struct *get_current(void)
{
	struct task_struct *p = &self;

	if (likely(self_known))
		return p;
	p->thread = pthread_self();
	p->pid = gettid();
	if (pthread_getname_np(p->thread, p->comm, sizeof(p->comm)))
		p->comm[0] = '\0';
	pthread_mutex_init(&p->lock, NULL);
	BUG_ON(ldm_cond_init_monotonic(&p->wake));
	p->__state = TASK_RUNNING;
	INIT_LIST_HEAD(&p->tasks);
	/* The process's credentials, until a front end sets others. */
	p->uid = p->suid = getuid();
	p->euid = p->fsuid = geteuid();
	p->gid = p->sgid = getgid();
	p->egid = p->fsgid = getegid();

	pthread_once(&task_key_once, task_key_create);
	pthread_mutex_lock(&tasks_lock);
	p->sigpending = take_pending_interrupt(p->thread);
	/* Listed only if the entry is sure to go when the thread exits. */
	if (task_key_ok && pthread_setspecific(task_key, p) == 0)
		list_add_tail(&p->tasks, &tasks);
	pthread_mutex_unlock(&tasks_lock);
	self_known = true;
	return p;
}
EXPORT_SYMBOL(get_current);

/**
 * set_current_state - set the calling thread's state before it sleeps
 * @state: TASK_INTERRUPTIBLE or TASK_UNINTERRUPTIBLE to go to sleep at the
 *	next schedule(), TASK_RUNNING to stay awake
 *
 * Set the state, then test what is waited for, then call schedule(): a
 * wake-up that comes in between puts the state back to TASK_RUNNING, and
 * schedule() returns at once.
 */
void set_current_state(long state)
{
	struct task_struct *p = current;

	pthread_mutex_lock(&p->lock);
	p->__state = state;
	pthread_mutex_unlock(&p->lock);
}
EXPORT_SYMBOL(set_current_state);

/* Whether @p may stop sleeping; under its lock. */
static bool task_runnable(const struct task_struct *p)
{
	return p->__state == TASK_RUNNING ||
	       (p->__state == TASK_INTERRUPTIBLE &&
		(p->sigpending || (__atomic_load_n(&p->flags, __ATOMIC_RELAXED) & PF_FREEZE)));
}

/**
 * __might_sleep - warn when a function that may sleep is called where
 *	sleeping is not allowed
 * @file: the caller's file (what might_sleep() gives)
 * @line: and line
 *
 * In an interrupt handler, a tasklet or with interrupts disabled, it warns
 * as 2.6.9 does, with the stack, at most once a second.
 */
void __might_sleep(const char *file, int line)
{
	static unsigned long prev_jiffy;
	unsigned long now;

	if (!in_atomic() && !irqs_disabled())
		return;
	now = jiffies;
	if (prev_jiffy && time_before(now, prev_jiffy + HZ))
		return;
	prev_jiffy = now ? now : 1;
	printk(KERN_ERR "Debug: sleeping function called from invalid context at %s:%d\n", file,
	       line);
	printk(KERN_ERR "in_atomic():%d, irqs_disabled():%d\n", in_atomic() ? 1 : 0,
	       irqs_disabled() ? 1 : 0);
	dump_stack();
}
EXPORT_SYMBOL(__might_sleep);

/**
 * schedule - sleep until woken, in the state set by set_current_state()
 *
 * Returns at once if the state is TASK_RUNNING, or TASK_INTERRUPTIBLE with
 * the thread interrupted. Leaves the state TASK_RUNNING.
 */
void schedule(void)
{
	struct task_struct *p = current;

	pthread_mutex_lock(&p->lock);
	while (!task_runnable(p))
		pthread_cond_wait(&p->wake, &p->lock);
	p->__state = TASK_RUNNING;
	pthread_mutex_unlock(&p->lock);
}
EXPORT_SYMBOL(schedule);

/**
 * schedule_timeout - sleep until woken or until @timeout ticks have passed
 * @timeout: ticks (jiffies) to sleep at most; MAX_SCHEDULE_TIMEOUT for no
 *	limit
 *
 * Sleeps in the state set by set_current_state(), as schedule() does, and
 * leaves it TASK_RUNNING.
 * Return: 0 if the time ran out, else the ticks that were left (at most
 * @timeout); MAX_SCHEDULE_TIMEOUT when called with it.
 */
long schedule_timeout(long timeout)
{
	struct task_struct *p = current;
	struct timespec deadline;
	unsigned long expire;
	long left;

	might_sleep();
	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return timeout;
	}
	if (timeout < 0) {
		printk(KERN_ERR "schedule_timeout: wrong timeout value %lx\n",
		       (unsigned long)timeout);
		dump_stack();
		set_current_state(TASK_RUNNING);
		return 0;
	}
	expire = jiffies + (unsigned long)timeout;
	jiffies_to_deadline(expire, &deadline);

	pthread_mutex_lock(&p->lock);
	while (!task_runnable(p))
		if (pthread_cond_timedwait(&p->wake, &p->lock, &deadline) == ETIMEDOUT)
			break;
	p->__state = TASK_RUNNING;
	pthread_mutex_unlock(&p->lock);

	left = (long)(expire - jiffies);
	return left < 0 ? 0 : left;
}
EXPORT_SYMBOL(schedule_timeout);

/**
 * schedule_timeout_interruptible - schedule_timeout() in TASK_INTERRUPTIBLE
 * @timeout: ticks to sleep at most
 *
 * Return: as schedule_timeout().
 */
long schedule_timeout_interruptible(long timeout)
{
	set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_interruptible);

/**
 * schedule_timeout_uninterruptible - schedule_timeout() in TASK_UNINTERRUPTIBLE
 * @timeout: ticks to sleep at most
 *
 * Return: as schedule_timeout().
 */
long schedule_timeout_uninterruptible(long timeout)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_uninterruptible);

/**
 * wake_up_state - wake a task if it sleeps in one of @state
 * @p: the task
 * @state: TASK_INTERRUPTIBLE, TASK_UNINTERRUPTIBLE, or both
 *
 * Return: 1 if @p was in one of @state and is now running, 0 if not.
 */
int wake_up_state(struct task_struct *p, unsigned int state)
{
	int woken = 0;

	pthread_mutex_lock(&p->lock);
	if (p->__state & (long)state) {
		p->__state = TASK_RUNNING;
		pthread_cond_signal(&p->wake);
		woken = 1;
	}
	pthread_mutex_unlock(&p->lock);
	return woken;
}

/**
 * wake_up_process - wake a sleeping task
 * @p: the task
 *
 * Return: 1 if @p was sleeping (or about to) and is now running, 0 if it
 * was running already.
 */
int wake_up_process(struct task_struct *p)
{
	return wake_up_state(p, TASK_NORMAL);
}
EXPORT_SYMBOL(wake_up_process);

/**
 * yield - let another thread run
 */
void yield(void)
{
	sched_yield();
}
EXPORT_SYMBOL(yield);

/**
 * signal_pending - whether a task was interrupted
 * @p: the task, usually current
 *
 * Return: 1 from ldm_thread_interrupt() on the task's thread, or from
 * kill_proc() of a signal it allows, until flush_signals() or
 * ldm_thread_clear_interrupt(); 1 too while the freezer asks it to freeze
 * (PF_FREEZE), as 2.6.9's freezer wakes a task with a signal; else 0.
 */
int signal_pending(struct task_struct *p)
{
	int pending;

	pthread_mutex_lock(&p->lock);
	pending = p->sigpending || (__atomic_load_n(&p->flags, __ATOMIC_RELAXED) & PF_FREEZE);
	pthread_mutex_unlock(&p->lock);
	return pending;
}
EXPORT_SYMBOL(signal_pending);

/**
 * flush_signals - forget that a task was interrupted
 * @p: the task
 */
void flush_signals(struct task_struct *p)
{
	pthread_mutex_lock(&p->lock);
	p->sigpending = 0;
	p->ldm_held_signals = 0;
	pthread_mutex_unlock(&p->lock);
}
EXPORT_SYMBOL(flush_signals);

/* Mark @p interrupted and wake it if it sleeps interruptibly; under p->lock. */
static void signal_wake_up(struct task_struct *p)
{
	p->sigpending = 1;
	if (p->__state == TASK_INTERRUPTIBLE) {
		p->__state = TASK_RUNNING;
		pthread_cond_signal(&p->wake);
	}
}

/**
 * allow_signal - let a kernel thread be interrupted by a signal
 * @sig: the signal (SIGTERM, say)
 *
 * A kernel thread takes no signal after daemonize() but those it allows:
 * kill_proc() of one then makes signal_pending() true and ends its
 * interruptible sleep.
 *
 * Not 2.6.9: a signal sent to the thread before it allowed it (between
 * kernel_thread() and this call) is held, and pending from here on. 2.6.9
 * dropped it, and a module unloaded right after its init (ldm run, a test)
 * would wait forever for a thread that never heard its stop (serio.c's
 * kseriod).
 * Return: 0, or -EINVAL for a signal number out of range.
 */
int allow_signal(int sig)
{
	struct task_struct *p = current;
	unsigned long bit;

	if (sig < 1 || sig > (int)BITS_PER_LONG)
		return -EINVAL;
	bit = 1UL << (sig - 1);
	pthread_mutex_lock(&p->lock);
	p->ldm_allowed_signals |= bit;
	if (p->ldm_held_signals & bit) {
		p->ldm_held_signals &= ~bit;
		signal_wake_up(p);
	}
	pthread_mutex_unlock(&p->lock);
	return 0;
}
EXPORT_SYMBOL(allow_signal);

/**
 * disallow_signal - undo allow_signal()
 * @sig: the signal
 *
 * Return: 0, or -EINVAL.
 */
int disallow_signal(int sig)
{
	struct task_struct *p = current;

	if (sig < 1 || sig > (int)BITS_PER_LONG)
		return -EINVAL;
	pthread_mutex_lock(&p->lock);
	p->ldm_allowed_signals &= ~(1UL << (sig - 1));
	pthread_mutex_unlock(&p->lock);
	return 0;
}
EXPORT_SYMBOL(disallow_signal);

/* Deliver @sig to @p if it takes it; under tasks_lock. */
static void deliver_signal(struct task_struct *p, int sig)
{
	pthread_mutex_lock(&p->lock);
	/* A thread of the host is not a kernel thread: every signal interrupts it. */
	if (!p->ldm_kernel_thread || (p->ldm_allowed_signals & (1UL << (sig - 1))))
		signal_wake_up(p);
	else
		p->ldm_held_signals |= 1UL << (sig - 1);
	pthread_mutex_unlock(&p->lock);
}

/**
 * kill_proc - send a signal to a task by its pid
 * @pid: the task's pid (what kernel_thread() returned)
 * @sig: the signal
 * @priv: 1 from the kernel (unused)
 *
 * The signal interrupts the task, as ldm_thread_interrupt() does, if it
 * is a kernel thread that allowed it (allow_signal()) or a thread of the
 * host; a kernel thread that did not allow it ignores it. Signal 0 only
 * checks that the task exists.
 * Return: 0, -ESRCH if no task has @pid, -EINVAL for a bad @sig.
 */
int kill_proc(pid_t pid, int sig, int priv)
{
	struct task_struct *p;
	int err = -ESRCH;

	(void)priv;
	if (sig < 0 || sig > (int)BITS_PER_LONG)
		return -EINVAL;
	pthread_mutex_lock(&tasks_lock);
	list_for_each_entry(p, &tasks, tasks) {
		if (p->pid != pid)
			continue;
		if (sig)
			deliver_signal(p, sig);
		err = 0;
		break;
	}
	pthread_mutex_unlock(&tasks_lock);
	return err;
}
EXPORT_SYMBOL(kill_proc);

/**
 * send_sig - send a signal to a task
 * @sig: the signal
 * @p: the task, alive
 * @priv: 1 from the kernel (unused)
 *
 * Return: as kill_proc().
 */
int send_sig(int sig, struct task_struct *p, int priv)
{
	return kill_proc(p->pid, sig, priv);
}
EXPORT_SYMBOL(send_sig);

/**
 * for_each_task - call @fn on each known task, under the tasks' lock
 * @fn: what to call; it must not sleep nor take tasks_lock
 * @data: given to @fn
 */
void for_each_task(void (*fn)(struct task_struct *p, void *data), void *data)
{
	struct task_struct *p;

	pthread_mutex_lock(&tasks_lock);
	list_for_each_entry(p, &tasks, tasks)
		fn(p, data);
	pthread_mutex_unlock(&tasks_lock);
}

/* Post an interrupt for a thread that has not read current yet; under tasks_lock. */
static void post_pending_interrupt(pthread_t thread)
{
	struct pending_interrupt *pi;

	list_for_each_entry(pi, &pending_interrupts, list)
		if (pthread_equal(pi->thread, thread))
			return;
	pi = kmalloc(sizeof(*pi), GFP_ATOMIC);
	if (!pi) {
		printk(KERN_WARNING "ldm: out of memory: an interrupt was lost\n");
		return;
	}
	pi->thread = thread;
	list_add_tail(&pi->list, &pending_interrupts);
}

/**
 * ldm_thread_interrupt - interrupt a thread, as a signal interrupts a task
 * @thread: the thread
 *
 * Marks @thread interrupted and wakes it if it sleeps interruptibly, on
 * whatever wait queue, completion, mutex or timeout. Its interruptible wait
 * then returns -ERESTARTSYS (mutex_lock_interruptible(): -EINTR), and so
 * does every later one until the thread calls ldm_thread_clear_interrupt().
 * A thread that has not slept in the runtime yet finds the mark when it
 * first does. Uninterruptible sleeps go on undisturbed.
 *
 * For a front end that runs driver code on behalf of a request (the FUSE
 * daemon): when the request is interrupted, interrupt the thread that
 * serves it; that thread calls ldm_thread_clear_interrupt() when the
 * request is over, as the kernel delivers a signal on the way back to user
 * space.
 */
void ldm_thread_interrupt(pthread_t thread)
{
	struct task_struct *p;

	pthread_mutex_lock(&tasks_lock);
	list_for_each_entry(p, &tasks, tasks) {
		if (!pthread_equal(p->thread, thread))
			continue;
		pthread_mutex_lock(&p->lock);
		signal_wake_up(p);
		pthread_mutex_unlock(&p->lock);
		goto out;
	}
	post_pending_interrupt(thread);
out:
	pthread_mutex_unlock(&tasks_lock);
}

/**
 * ldm_thread_clear_interrupt - forget that the calling thread was interrupted
 *
 * flush_signals(current): the interrupted request is over, and the next
 * interruptible wait sleeps again.
 */
void ldm_thread_clear_interrupt(void)
{
	flush_signals(current);
}
