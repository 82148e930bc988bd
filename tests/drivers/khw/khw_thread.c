// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * khw_thread.c - the two kinds of kernel thread of 2.6.9, stopped at rmmod:
 * a kernel_thread() daemon in the style of kseriod (daemonize,
 * allow_signal(SIGTERM), a wait_event_interruptible() loop that freezes on
 * PF_FREEZE, complete_and_exit()), stopped with kill_proc(); and a
 * kthread_run() worker stopped with kthread_stop(). What each did is
 * counted in read-only parameters.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/suspend.h>
#include <linux/errno.h>

static int events, frozen, kthread_loops;
module_param(events, int, 0444);
module_param(frozen, int, 0444);
module_param(kthread_loops, int, 0444);
/* Write 1 to give the daemon an event. */
static int kick;
module_param(kick, int, 0644);

static DECLARE_WAIT_QUEUE_HEAD(khw_wait);
static DECLARE_COMPLETION(khw_exited);
static int khw_pid;
static struct task_struct *khw_task;

static int khw_daemon(void *unused)
{
	daemonize("khwd");
	allow_signal(SIGTERM);
	do {
		wait_event_interruptible(khw_wait, kick);
		if (kick) {
			kick = 0;
			events++;
		}
		if (current->flags & PF_FREEZE) {
			frozen++;
			refrigerator(PF_FREEZE);
		}
	} while (!signal_pending(current));
	printk(KERN_INFO "khwd: %s exiting after %d events\n", current->comm, events);
	complete_and_exit(&khw_exited, 0);
}

static int khw_worker(void *data)
{
	while (!kthread_should_stop()) {
		kthread_loops++;
		if (current->flags & PF_FREEZE)
			refrigerator(PF_FREEZE);
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule_timeout(HZ);
		set_current_state(TASK_RUNNING);
	}
	return 42;
}

static int __init khw_thread_init(void)
{
	khw_pid = kernel_thread(khw_daemon, NULL, CLONE_KERNEL);
	if (khw_pid < 0)
		return khw_pid;
	khw_task = kthread_run(khw_worker, NULL, "khw_worker/%d", 0);
	if (IS_ERR(khw_task)) {
		kill_proc(khw_pid, SIGTERM, 1);
		wait_for_completion(&khw_exited);
		return PTR_ERR(khw_task);
	}
	return 0;
}

static void __exit khw_thread_exit(void)
{
	int ret = kthread_stop(khw_task);

	printk(KERN_INFO "khw_thread: worker returned %d\n", ret);
	kill_proc(khw_pid, SIGTERM, 1);
	wait_for_completion(&khw_exited);
}

module_init(khw_thread_init);
module_exit(khw_thread_exit);
MODULE_LICENSE("GPL");
