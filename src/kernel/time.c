// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * time.c - jiffies (the tick counter of kernel/timer.c and get_jiffies_64()
 * of kernel/time.c), read from the system's monotonic clock rather than
 * counted by a timer interrupt: a tick is 1/HZ second of that clock, and no
 * thread has to run to advance it.
 */
#include <ldm/export.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/time.h>

#include "time-internal.h"

u64 ldm_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

/**
 * get_jiffies_64 - the tick count
 *
 * What the jiffies and jiffies_64 macros read: the monotonic clock in units
 * of 1/HZ second.
 * Return: the number of ticks since the clock's origin.
 */
u64 get_jiffies_64(void)
{
	return ldm_clock_ns() / NSEC_PER_JIFFY;
}
EXPORT_SYMBOL(get_jiffies_64);

void jiffies_to_deadline(unsigned long j, struct timespec *ts)
{
	/* Past what the clock can reach in any run: as good as never. */
	if (j > (u64)INT64_MAX / NSEC_PER_JIFFY) {
		ts->tv_sec = (time_t)(INT64_MAX / NSEC_PER_SEC);
		ts->tv_nsec = 0;
		return;
	}
	ts->tv_sec = (time_t)((u64)j * NSEC_PER_JIFFY / NSEC_PER_SEC);
	ts->tv_nsec = (long)((u64)j * NSEC_PER_JIFFY % NSEC_PER_SEC);
}

int ldm_cond_init_monotonic(pthread_cond_t *cond)
{
	pthread_condattr_t attr;
	int error;

	error = pthread_condattr_init(&attr);
	if (error)
		return -error;
	error = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	if (!error)
		error = pthread_cond_init(cond, &attr);
	pthread_condattr_destroy(&attr);
	return -error;
}

/**
 * do_gettimeofday - the wall clock, to the microsecond
 * @tv: where to put it
 */
void do_gettimeofday(struct timeval *tv)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	tv->tv_sec = ts.tv_sec;
	tv->tv_usec = ts.tv_nsec / 1000;
}
EXPORT_SYMBOL(do_gettimeofday);

/**
 * get_seconds - the wall clock, in seconds since the epoch
 */
unsigned long get_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME_COARSE, &ts);
	return (unsigned long)ts.tv_sec;
}
EXPORT_SYMBOL(get_seconds);

/**
 * current_kernel_time - the wall clock, to the tick
 */
struct timespec current_kernel_time(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME_COARSE, &ts);
	return ts;
}
EXPORT_SYMBOL(current_kernel_time);
