/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/delay.h> - delays, as <linux/delay.h> and <asm/delay.h>: msleep()
 * and friends sleep for at least the time asked, rounded up to whole ticks;
 * udelay(), ndelay() and mdelay() wait for the exact time.
 *
 * In the kernel udelay() spins, because it may be called where sleeping is
 * forbidden; a thread may always sleep here, holding a spinlock or not, so
 * it sleeps on the monotonic clock instead of burning a CPU.
 */
#ifndef _LDM_DELAY_H
#define _LDM_DELAY_H

#include <ldm/compiler.h>

#pragma GCC visibility push(default)

void msleep(unsigned int msecs);
unsigned long msleep_interruptible(unsigned int msecs);
void __udelay(unsigned long usecs);
void __ndelay(unsigned long nsecs);

/** ssleep - sleep for @seconds seconds */
static inline void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

#define udelay(n) __udelay(n)
#define ndelay(n) __ndelay(n)
#define mdelay(n) __udelay((unsigned long)(n)*1000UL)

#pragma GCC visibility pop

#endif /* _LDM_DELAY_H */
