// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cmos.c - what 2.6.9's arch code gives the PC's clock drivers
 * (arch/i386/kernel/time.c): rtc_lock, which keeps the CMOS index and data
 * accesses of rtc, nvram and the clock in pairs, and cpu_khz, the rate of
 * get_cycles().
 */
#include <ldm/export.h>
#include <ldm/mc146818rtc.h>
#include <ldm/spinlock.h>
#include <ldm/timex.h>

spinlock_t rtc_lock = SPIN_LOCK_UNLOCKED;
EXPORT_SYMBOL(rtc_lock);

/* get_cycles() counts nanoseconds: a million a millisecond. */
unsigned long cpu_khz = 1000000;
EXPORT_SYMBOL(cpu_khz);
