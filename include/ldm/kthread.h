/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/kthread.h> - the kthread API of <linux/kthread.h> in 2.6.9:
 * kthread_create() and kthread_run(), kthread_should_stop(), kthread_stop().
 */
#ifndef _LDM_KTHREAD_H
#define _LDM_KTHREAD_H

#include <ldm/err.h>
#include <ldm/sched.h>

#pragma GCC visibility push(default)

struct task_struct *kthread_create(int (*threadfn)(void *data), void *data, const char *namefmt,
				   ...) __attribute__((format(printf, 3, 4)));
void kthread_bind(struct task_struct *k, unsigned int cpu);
int kthread_stop(struct task_struct *k);
int kthread_should_stop(void);

/**
 * kthread_run - kthread_create(), then wake the thread
 * @threadfn: its function
 * @data: given to it
 * @namefmt: printf format of its name
 */
#define kthread_run(threadfn, data, namefmt, ...) \
	({ \
		struct task_struct *__k = kthread_create(threadfn, data, namefmt, ##__VA_ARGS__); \
		if (!IS_ERR(__k)) \
			wake_up_process(__k); \
		__k; \
	})

#pragma GCC visibility pop

#endif /* _LDM_KTHREAD_H */
