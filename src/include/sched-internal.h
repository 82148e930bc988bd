/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sched-internal.h - what the wait queues (kernel/wait.c) need of the
 * scheduler (kernel/sched.c), and what completions and mutexes need of the
 * wait queues. Private to libldm.
 */
#ifndef _LDM_SCHED_INTERNAL_H
#define _LDM_SCHED_INTERNAL_H

#include <ldm/sched.h>
#include <ldm/wait.h>

/* try_to_wake_up(): wake @p if its state is one of @state; 1 if it was. */
int wake_up_state(struct task_struct *p, unsigned int state);

/* __wake_up() for a caller that holds q->lock; @nr_exclusive 0 wakes all. */
void __wake_up_locked_nr(wait_queue_head_t *q, unsigned int mode, int nr_exclusive);

/* Call @fn on each known task, under the tasks' lock (the freezer walks them so). */
void for_each_task(void (*fn)(struct task_struct *p, void *data), void *data);

/* kernel/exit.c: run a kernel thread's @fn so that complete_and_exit() works in it */
int kernel_thread_body(int (*fn)(void *), void *arg);

#endif /* _LDM_SCHED_INTERNAL_H */
