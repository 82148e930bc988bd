/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * time-internal.h - the monotonic clock behind jiffies, for the parts of the
 * runtime that sleep until a tick (kernel/sched.c, kernel/timer.c,
 * kernel/workqueue.c). Private to libldm.
 */
#ifndef _LDM_TIME_INTERNAL_H
#define _LDM_TIME_INTERNAL_H

#include <pthread.h>
#include <time.h>
#include <ldm/jiffies.h>
#include <ldm/time.h>

#define NSEC_PER_JIFFY ((u64)NSEC_PER_SEC / HZ)

/* The monotonic clock, in nanoseconds. */
u64 ldm_clock_ns(void);

/* The monotonic time at which jiffies reaches @j, for pthread_cond_timedwait. */
void jiffies_to_deadline(unsigned long j, struct timespec *ts);

/* A condition variable whose timed waits use the monotonic clock. */
int ldm_cond_init_monotonic(pthread_cond_t *cond);

#endif /* _LDM_TIME_INTERNAL_H */
