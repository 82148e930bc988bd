/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/sched.h> - the part of <linux/sched.h> a driver uses: current, task
 * states, schedule() and schedule_timeout(), wake_up_process(), and
 * signal_pending(). A front end interrupts a thread sleeping in a driver
 * with ldm_thread_interrupt() of <libldm/runtime.h>.
 */
#ifndef _LDM_SCHED_H
#define _LDM_SCHED_H

#include <limits.h>
#include <pthread.h>
#include <ldm/compiler.h>
#include <ldm/errno.h>
#include <ldm/list.h>
#include <ldm/types.h>

/**
 * DOC: how <ldm/sched.h> works
 *
 * Every thread that sleeps in the runtime has a struct task_struct, made the
 * first time the thread needs one (reading current does it). A thread sleeps
 * as a kernel task does: it sets its state to TASK_INTERRUPTIBLE or
 * TASK_UNINTERRUPTIBLE, checks what it waits for, then calls schedule(),
 * which returns at once if a wake-up came in between - so no wake-up is lost.
 *
 * Signals: threads of the runtime get no signals; what a driver sees of
 * one is signal_pending(current), true in a thread a front end interrupted
 * until flush_signals(current), and every interruptible wait returning
 * -ERESTARTSYS (or -EINTR, or the time left) meanwhile.
 */

#pragma GCC visibility push(default)

/* Task states, as 2.6.9 numbers them. */
#define TASK_RUNNING	     0
#define TASK_INTERRUPTIBLE   1
#define TASK_UNINTERRUPTIBLE 2
#define TASK_NORMAL	     (TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

#define TASK_COMM_LEN 16

/* schedule_timeout() with this sleeps until woken, with no timeout. */
#define MAX_SCHEDULE_TIMEOUT LONG_MAX

/**
 * struct task_struct - a thread, as the runtime's sleeping functions see it
 * @pid: the thread's id (gettid())
 * @comm: the thread's name when it got its task_struct
 *
 * Drivers read @pid and @comm (as in printk("%s", current->comm)); every
 * other member belongs to the runtime: the state is changed with
 * set_current_state(), or, as 2.6.9 drivers still do, by a store to
 * current->state (the same member as __state): a thread setting its own
 * state before schedule() races with a waker as it does in the kernel,
 * where the wake-up wins.
 */
struct task_struct {
	pid_t pid;
	char comm[TASK_COMM_LEN];
	/*
	 * PF_ flags: a kernel thread reads PF_FREEZE here, as 2.6.9's loops
	 * do, and calls refrigerator() (<ldm/suspend.h>).
	 */
	unsigned long flags;
	/*
	 * The credentials of whom the thread acts for: the process's, or
	 * those a front end set with ldm_thread_set_cred(); read them with
	 * capable() for the capabilities (2.6.9 names; cap_effective holds
	 * the first 32, as 2.6.9's kernel_cap_t).
	 */
	uid_t uid, euid, suid, fsuid;
	gid_t gid, egid, sgid, fsgid;
	__u32 cap_effective;

	/* private to kernel/sched.c */
	pthread_t thread;
	pthread_mutex_t lock; /* guards __state and sigpending */
	pthread_cond_t wake;  /* signalled when __state goes to running */
	union {
		long __state;
		long state; /* 2.6.9's name: current->state = TASK_RUNNING */
	};
	int sigpending;
	unsigned long ldm_allowed_signals; /* a kernel thread's allow_signal() mask */
	unsigned long ldm_held_signals;	   /* sent to it before it allowed them */
	bool ldm_kernel_thread;		   /* made by kernel_thread() or kthread_create() */
	void *ldm_kthread;	     /* kernel/kthread.c's record, for kthread_should_stop() */
	int ldm_cred_set;	     /* credentials set by the host, not the process's */
	unsigned long long ldm_caps; /* the effective capabilities, all of them */
	struct list_head tasks;	     /* in the list of known threads */
};

/* Task flags, as 2.6.9 numbers them. */
#define PF_FREEZE   0x00004000 /* should be frozen for suspend */
#define PF_NOFREEZE 0x00008000 /* never frozen */
#define PF_FROZEN   0x00010000 /* frozen for suspend */

struct task_struct *get_current(void);
/* The calling thread's task_struct. */
#define current get_current()

void set_current_state(long state);
#define __set_current_state(state) set_current_state(state)

void schedule(void);
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_uninterruptible(long timeout);
int wake_up_process(struct task_struct *p);
void yield(void);

int signal_pending(struct task_struct *p);
void flush_signals(struct task_struct *p);

/* Kernel threads (kernel/exit.c, kernel/signal.c of 2.6.9). */
#define CLONE_FS      0x00000200
#define CLONE_FILES   0x00000400
#define CLONE_SIGHAND 0x00000800
#define CLONE_KERNEL  (CLONE_FS | CLONE_FILES | CLONE_SIGHAND)
struct completion;
int kernel_thread(int (*fn)(void *), void *arg, unsigned long flags);
void daemonize(const char *name, ...) __attribute__((format(printf, 1, 2)));
void complete_and_exit(struct completion *comp, long code) __attribute__((noreturn));
int allow_signal(int sig);
int disallow_signal(int sig);
int kill_proc(pid_t pid, int sig, int priv);
int send_sig(int sig, struct task_struct *p, int priv);

/* Threads are preempted by the system: nothing to give up voluntarily. */
static inline int cond_resched(void)
{
	return 0;
}

/*
 * A function that may sleep says so: called in an interrupt handler, a
 * tasklet, or with interrupts disabled, it warns as 2.6.9 does (the
 * runtime's own sleeping calls, down() and msleep() among them, say it).
 */
void __might_sleep(const char *file, int line);
#define might_sleep() __might_sleep(__FILE__, __LINE__)
#define might_sleep_if(cond) \
	do { \
		if (cond) \
			might_sleep(); \
	} while (0)

#pragma GCC visibility pop

/*
 * What <linux/sched.h> of 2.6.9 brings a driver besides: the kernel's
 * helpers, strings, capabilities, signal numbers (SIGIO, POLL_IN), time,
 * jiffies and HZ, timers, wait queues, completions, semaphores, memory.
 */
#include <signal.h>
#include <ldm/capability.h>
#include <ldm/completion.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/param.h>
#include <ldm/semaphore.h>
#include <ldm/slab.h>
#include <ldm/spinlock.h>
#include <ldm/string.h>
#include <ldm/time.h>
#include <ldm/timer.h>
#include <ldm/wait.h>

#endif /* _LDM_SCHED_H */
