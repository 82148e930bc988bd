// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cmos.c - what 2.6.9's arch code gives the PC's clock drivers
 * (arch/i386/kernel/time.c): rtc_lock, which keeps the CMOS index and data
 * accesses of rtc, nvram and the clock in pairs, and cpu_khz, the rate of
 * get_cycles().
 */
#include <time.h>
#include <ldm/export.h>
#include <ldm/mc146818rtc.h>
#include <ldm/spinlock.h>
#include <ldm/timex.h>

spinlock_t rtc_lock = SPIN_LOCK_UNLOCKED;
EXPORT_SYMBOL(rtc_lock);

/* get_cycles() counts nanoseconds: a million a millisecond. */
unsigned long cpu_khz = 1000000;
EXPORT_SYMBOL(cpu_khz);

/**
 * get_cycles - a counter that only goes up, at cpu_khz a millisecond
 *
 * 2.6.9 reads the time stamp counter; a module here may not assume one, so
 * this is the monotonic clock in nanoseconds, a function of the runtime
 * (a module calls no C library function the runtime does not export).
 */
cycles_t get_cycles(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (cycles_t)ts.tv_sec * 1000000000ULL + (cycles_t)ts.tv_nsec;
}
EXPORT_SYMBOL(get_cycles);
