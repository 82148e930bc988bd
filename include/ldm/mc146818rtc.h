/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/mc146818rtc.h> - the PC's CMOS clock and NVRAM (a Motorola MC146818
 * or compatible), as <linux/mc146818rtc.h> and <asm-i386/mc146818rtc.h> of
 * 2.6.9 name its registers: an index port at 0x70 and a data port at 0x71,
 * line 8, and the register map of the chip's datasheet. Its accesses go
 * through inb()/outb(): to the chip's model when there is one, else all
 * ones.
 */
#ifndef _LDM_MC146818RTC_H
#define _LDM_MC146818RTC_H

#include <ldm/bcd.h>
#include <ldm/io.h>
#include <ldm/spinlock.h>

#pragma GCC visibility push(default)

/* Guards the index-then-data pair of accesses, shared by rtc, nvram and the clock. */
extern spinlock_t rtc_lock;

#define RTC_PORT(x)    (0x70 + (x))
#define RTC_IRQ	       8
#define RTC_IO_EXTENT  0x8
#define RTC_ALWAYS_BCD 1 /* the chip's fields may be BCD or binary */

#define CMOS_READ(addr) \
	({ \
		outb_p((addr), RTC_PORT(0)); \
		inb_p(RTC_PORT(1)); \
	})
#define CMOS_WRITE(val, addr) \
	({ \
		outb_p((addr), RTC_PORT(0)); \
		outb_p((val), RTC_PORT(1)); \
	})

/* The clock's registers. */
#define RTC_SECONDS	    0
#define RTC_SECONDS_ALARM   1
#define RTC_MINUTES	    2
#define RTC_MINUTES_ALARM   3
#define RTC_HOURS	    4
#define RTC_HOURS_ALARM	    5
#define RTC_ALARM_DONT_CARE 0xC0 /* an alarm field that matches any value */
#define RTC_DAY_OF_WEEK	    6
#define RTC_DAY_OF_MONTH    7
#define RTC_MONTH	    8
#define RTC_YEAR	    9

/* Register A: update in progress, divider and rate. */
#define RTC_REG_A	   10
#define RTC_FREQ_SELECT	   RTC_REG_A
#define RTC_UIP		   0x80
#define RTC_DIV_CTL	   0x70
#define RTC_REF_CLCK_4MHZ  0x00
#define RTC_REF_CLCK_1MHZ  0x10
#define RTC_REF_CLCK_32KHZ 0x20
#define RTC_DIV_RESET1	   0x60
#define RTC_DIV_RESET2	   0x70
#define RTC_RATE_SELECT	   0x0F

/* Register B: control. */
#define RTC_REG_B     11
#define RTC_CONTROL   RTC_REG_B
#define RTC_SET	      0x80 /* stop updates to set the time */
#define RTC_PIE	      0x40 /* periodic interrupt */
#define RTC_AIE	      0x20 /* alarm interrupt */
#define RTC_UIE	      0x10 /* update-ended interrupt */
#define RTC_SQWE      0x08 /* square wave */
#define RTC_DM_BINARY 0x04 /* binary, not BCD */
#define RTC_24H	      0x02
#define RTC_DST_EN    0x01

/* Register C: interrupt flags, cleared by reading. */
#define RTC_REG_C      12
#define RTC_INTR_FLAGS RTC_REG_C
#define RTC_IRQF       0x80
#define RTC_PF	       0x40
#define RTC_AF	       0x20
#define RTC_UF	       0x10

/* Register D: the battery is good. */
#define RTC_REG_D 13
#define RTC_VALID RTC_REG_D
#define RTC_VRT	  0x80

#pragma GCC visibility pop

#endif /* _LDM_MC146818RTC_H */
