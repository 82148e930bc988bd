// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * delay.c - msleep() and msleep_interruptible() (kernel/timer.c of 2.6.9),
 * which sleep as a task for whole ticks, and udelay() and ndelay()
 * (arch/i386/lib/delay.c), which here sleep on the monotonic clock for the
 * exact time instead of spinning.
 */
#include <errno.h>
#include <time.h>
#include <ldm/delay.h>
#include <ldm/export.h>
#include <ldm/jiffies.h>
#include <ldm/sched.h>

#include "time-internal.h"

/**
 * msleep - sleep for at least @msecs milliseconds
 * @msecs: the time, rounded up to whole ticks
 *
 * Nothing cuts the sleep short, not even ldm_thread_interrupt().
 */
void msleep(unsigned int msecs)
{
	long left = (long)msecs_to_jiffies(msecs);

	while (left)
		left = schedule_timeout_uninterruptible(left);
}
EXPORT_SYMBOL(msleep);

/**
 * msleep_interruptible - sleep for @msecs milliseconds, unless interrupted
 * @msecs: the time, rounded up to whole ticks
 *
 * Return: 0 after the whole time, else the milliseconds that were left when
 * the thread was interrupted (ldm_thread_interrupt()).
 */
unsigned long msleep_interruptible(unsigned int msecs)
{
	long left = (long)msecs_to_jiffies(msecs);

	while (left && !signal_pending(current))
		left = schedule_timeout_interruptible(left);
	return jiffies_to_msecs((unsigned long)left);
}
EXPORT_SYMBOL(msleep_interruptible);

/* Sleep until the monotonic clock has advanced @nsecs. */
static void delay_ns(u64 nsecs)
{
	u64 end = ldm_clock_ns() + nsecs;
	struct timespec ts = {
		.tv_sec = (time_t)(end / NSEC_PER_SEC),
		.tv_nsec = (long)(end % NSEC_PER_SEC),
	};

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/**
 * __udelay - wait @usecs microseconds (what udelay() and mdelay() call)
 * @usecs: the time
 */
void __udelay(unsigned long usecs)
{
	delay_ns((u64)usecs * 1000);
}
EXPORT_SYMBOL(__udelay);

/**
 * __ndelay - wait @nsecs nanoseconds (what ndelay() calls)
 * @nsecs: the time
 */
void __ndelay(unsigned long nsecs)
{
	delay_ns(nsecs);
}
EXPORT_SYMBOL(__ndelay);
