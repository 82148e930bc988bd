/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/timex.h> - the PC's clocks as <asm-i386/timex.h> and <asm/8253pit.h>
 * of 2.6.9 name them: the 8253/8254 timer's input clock, and a cycle
 * counter, here the monotonic clock in nanoseconds (cpu_khz says so:
 * a million cycles a millisecond).
 */
#ifndef _LDM_TIMEX_H
#define _LDM_TIMEX_H

#include <time.h>

#pragma GCC visibility push(default)

/* The 8253/8254 programmable interval timer's clock, in Hz. */
#define CLOCK_TICK_RATE 1193182
#define PIT_TICK_RATE	1193182UL

typedef unsigned long long cycles_t;

/* Cycles of get_cycles() per millisecond. */
extern unsigned long cpu_khz;

/**
 * get_cycles - a counter that only goes up: nanoseconds of the monotonic clock
 */
static inline cycles_t get_cycles(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (cycles_t)ts.tv_sec * 1000000000ULL + (cycles_t)ts.tv_nsec;
}

#pragma GCC visibility pop

#endif /* _LDM_TIMEX_H */
