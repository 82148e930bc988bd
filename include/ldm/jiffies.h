/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/jiffies.h> - jiffies, their comparisons and conversions, as
 * <linux/jiffies.h> (and the msecs_to_jiffies() of 2.6.9's <linux/time.h>).
 *
 * jiffies counts ticks of 1/HZ second on the system's monotonic clock, from
 * the clock's origin (the machine's boot, as in the kernel). It is a macro
 * that reads the clock through the exported get_jiffies_64(): code of 2.6.9
 * only ever reads jiffies, so a value is all it needs. It is 64 bits wide
 * and does not wrap, but compare jiffies with time_after() and friends all
 * the same, as kernel code must.
 */
#ifndef _LDM_JIFFIES_H
#define _LDM_JIFFIES_H

#include <limits.h>
#include <ldm/param.h>
#include <ldm/typecheck.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

u64 get_jiffies_64(void);

/* The current tick count; an rvalue of type unsigned long. */
#define jiffies	   ((unsigned long)get_jiffies_64())
#define jiffies_64 get_jiffies_64()

/* The longest timeout that still compares correctly against jiffies. */
#define MAX_JIFFY_OFFSET ((LONG_MAX >> 1) - 1)

/*
 * time_after(a, b) - whether tick @a comes after tick @b, correct across a
 * wrap of the counter; both must be unsigned long.
 */
#define time_after(a, b) \
	(typecheck(unsigned long, a) && typecheck(unsigned long, b) && ((long)((b) - (a)) < 0))
#define time_before(a, b) time_after(b, a)

#define time_after_eq(a, b) \
	(typecheck(unsigned long, a) && typecheck(unsigned long, b) && ((long)((a) - (b)) >= 0))
#define time_before_eq(a, b) time_after_eq(b, a)

/* Modern: whether @a lies in [@b, @c]. */
#define time_in_range(a, b, c) (time_after_eq(a, b) && time_before_eq(a, c))

#define __LDM_MSEC_PER_JIFFY (1000 / HZ)
#define __LDM_USEC_PER_JIFFY (1000000 / HZ)

/**
 * jiffies_to_msecs - ticks to milliseconds
 * @j: a number of ticks
 */
static inline unsigned int jiffies_to_msecs(const unsigned long j)
{
	return (unsigned int)(j * __LDM_MSEC_PER_JIFFY);
}

/**
 * jiffies_to_usecs - ticks to microseconds
 * @j: a number of ticks
 */
static inline unsigned int jiffies_to_usecs(const unsigned long j)
{
	return (unsigned int)(j * __LDM_USEC_PER_JIFFY);
}

/**
 * msecs_to_jiffies - milliseconds to ticks, rounded up
 * @m: a number of milliseconds
 *
 * Rounded up, so that a timeout is never shorter than asked for.
 */
static inline unsigned long msecs_to_jiffies(const unsigned int m)
{
	return ((unsigned long)m + __LDM_MSEC_PER_JIFFY - 1) / __LDM_MSEC_PER_JIFFY;
}

/**
 * usecs_to_jiffies - microseconds to ticks, rounded up
 * @u: a number of microseconds
 */
static inline unsigned long usecs_to_jiffies(const unsigned int u)
{
	return ((unsigned long)u + __LDM_USEC_PER_JIFFY - 1) / __LDM_USEC_PER_JIFFY;
}

#pragma GCC visibility pop

#endif /* _LDM_JIFFIES_H */
