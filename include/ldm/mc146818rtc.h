/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/mc146818rtc.h> - the PC's clock chip, the MC146818, as 2.6.9's
 * <linux/mc146818rtc.h> names it: its registers and their bits, and
 * rtc_lock, which every user of CMOS_READ/CMOS_WRITE (<asm/mc146818rtc.h>,
 * port I/O) holds around an access. The register access itself needs the
 * port I/O of <asm/io.h>, so <linux/mc146818rtc.h> adds it.
 */
#ifndef _LDM_MC146818RTC_H
#define _LDM_MC146818RTC_H

#include <ldm/rtc.h>
#include <ldm/spinlock.h>

extern spinlock_t rtc_lock;

/* The clock and the alarm, in BCD or binary (RTC_DM_BINARY). */
#define RTC_SECONDS	    0
#define RTC_SECONDS_ALARM   1
#define RTC_MINUTES	    2
#define RTC_MINUTES_ALARM   3
#define RTC_HOURS	    4
#define RTC_HOURS_ALARM	    5
#define RTC_ALARM_DONT_CARE 0xC0
#define RTC_DAY_OF_WEEK	    6
#define RTC_DAY_OF_MONTH    7
#define RTC_MONTH	    8
#define RTC_YEAR	    9

/* Register A: update in progress, the divider, the periodic rate. */
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
#define RTC_SET	      0x80
#define RTC_PIE	      0x40
#define RTC_AIE	      0x20
#define RTC_UIE	      0x10
#define RTC_SQWE      0x08
#define RTC_DM_BINARY 0x04
#define RTC_24H	      0x02
#define RTC_DST_EN    0x01

/* Register C: which interrupts fired. */
#define RTC_REG_C      12
#define RTC_INTR_FLAGS RTC_REG_C
#define RTC_IRQF       0x80
#define RTC_PF	       0x40
#define RTC_AF	       0x20
#define RTC_UF	       0x10

/* Register D: whether the battery kept the time. */
#define RTC_REG_D 13
#define RTC_VALID RTC_REG_D
#define RTC_VRT	  0x80

#endif /* _LDM_MC146818RTC_H */
