/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/timex.h> - the PC's clocks as <asm-i386/timex.h> and <asm/8253pit.h>
 * of 2.6.9 name them: the 8253/8254 timer's input clock, and a cycle
 * counter, here the monotonic clock in nanoseconds (cpu_khz says so:
 * a million cycles a millisecond).
 */
#ifndef _LDM_TIMEX_H
#define _LDM_TIMEX_H

#pragma GCC visibility push(default)

/* The 8253/8254 programmable interval timer's clock, in Hz. */
#define CLOCK_TICK_RATE 1193182
#define PIT_TICK_RATE	1193182UL

typedef unsigned long long cycles_t;

/* Cycles of get_cycles() per millisecond. */
extern unsigned long cpu_khz;

cycles_t get_cycles(void);

/*
 * The time stamp counter (<asm/msr.h>), read as get_cycles(), so that
 * cycles and cpu_khz agree; the model-specific registers (rdmsr, wrmsr)
 * a process may not touch, so they are not here.
 */
#define rdtscll(val) ((val) = get_cycles())
#define rdtscl(low)  ((low) = (unsigned long)(unsigned int)get_cycles())
#define rdtsc(low, high) \
	do { \
		cycles_t __tsc = get_cycles(); \
		(low) = (unsigned int)__tsc; \
		(high) = (unsigned int)(__tsc >> 32); \
	} while (0)

#pragma GCC visibility pop

#endif /* _LDM_TIMEX_H */
