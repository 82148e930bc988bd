/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/rtc.h> for an unchanged 2.6.9 driver (genrtc): the PC clock chip
 * read and set through CMOS_READ/CMOS_WRITE under rtc_lock, as 2.6.9's
 * <asm-generic/rtc.h> offers it to i386. The chip is a model's, reached
 * by port I/O (<asm/io.h>), never the host's.
 */
#ifndef _LDM_COMPAT_ASM_RTC_H
#define _LDM_COMPAT_ASM_RTC_H

#include <ldm/delay.h>
#include <ldm/errno.h>
#include <ldm/jiffies.h>
#include <ldm/processor.h>
#include <ldm/rtc.h>
#include <linux/bcd.h>
#include <linux/mc146818rtc.h>

/* genrtc's capability bits (RTC_PIE... are the chip's own, RTC_BATT_BAD is not). */
#define RTC_BATT_BAD 0x100

/* Whether the chip is updating its registers (they may then read wrong). */
static inline unsigned char rtc_is_updating(void)
{
	unsigned char uip;

	spin_lock_irq(&rtc_lock);
	uip = CMOS_READ(RTC_FREQ_SELECT) & RTC_UIP;
	spin_unlock_irq(&rtc_lock);
	return uip;
}

/* Fill @time from the chip; tm_wday, tm_yday and tm_isdst are left alone. Return: RTC_24H. */
static inline unsigned int get_rtc_time(struct rtc_time *time)
{
	unsigned long start = jiffies;
	unsigned char ctrl;

	/* An update takes about 2 ms: wait up to 20 ms for it to end. */
	while (rtc_is_updating() && jiffies - start < 2 * HZ / 100)
		cpu_relax();
	spin_lock_irq(&rtc_lock);
	time->tm_sec = CMOS_READ(RTC_SECONDS);
	time->tm_min = CMOS_READ(RTC_MINUTES);
	time->tm_hour = CMOS_READ(RTC_HOURS);
	time->tm_mday = CMOS_READ(RTC_DAY_OF_MONTH);
	time->tm_mon = CMOS_READ(RTC_MONTH);
	time->tm_year = CMOS_READ(RTC_YEAR);
	ctrl = CMOS_READ(RTC_CONTROL);
	spin_unlock_irq(&rtc_lock);
	if (!(ctrl & RTC_DM_BINARY) || RTC_ALWAYS_BCD) {
		BCD_TO_BIN(time->tm_sec);
		BCD_TO_BIN(time->tm_min);
		BCD_TO_BIN(time->tm_hour);
		BCD_TO_BIN(time->tm_mday);
		BCD_TO_BIN(time->tm_mon);
		BCD_TO_BIN(time->tm_year);
	}
	/* The chip counts years of the century: 70..99 are 19xx, 0..69 20xx. */
	if (time->tm_year <= 69)
		time->tm_year += 100;
	time->tm_mon--;
	return RTC_24H;
}

/* Set the chip's time from @time. Return: 0, or -EINVAL for a year it cannot hold. */
static inline int set_rtc_time(struct rtc_time *time)
{
	unsigned int yrs = time->tm_year;
	unsigned char mon = time->tm_mon + 1, day = time->tm_mday, hrs = time->tm_hour;
	unsigned char min = time->tm_min, sec = time->tm_sec, ctrl, freq;

	if (yrs > 169)
		return -EINVAL;
	if (yrs >= 100)
		yrs -= 100;
	spin_lock_irq(&rtc_lock);
	ctrl = CMOS_READ(RTC_CONTROL);
	if (!(ctrl & RTC_DM_BINARY) || RTC_ALWAYS_BCD) {
		BIN_TO_BCD(sec);
		BIN_TO_BCD(min);
		BIN_TO_BCD(hrs);
		BIN_TO_BCD(day);
		BIN_TO_BCD(mon);
		BIN_TO_BCD(yrs);
	}
	/* Stop the updates and reset the divider while writing. */
	CMOS_WRITE(ctrl | RTC_SET, RTC_CONTROL);
	freq = CMOS_READ(RTC_FREQ_SELECT);
	CMOS_WRITE(freq | RTC_DIV_RESET2, RTC_FREQ_SELECT);
	CMOS_WRITE(yrs, RTC_YEAR);
	CMOS_WRITE(mon, RTC_MONTH);
	CMOS_WRITE(day, RTC_DAY_OF_MONTH);
	CMOS_WRITE(hrs, RTC_HOURS);
	CMOS_WRITE(min, RTC_MINUTES);
	CMOS_WRITE(sec, RTC_SECONDS);
	CMOS_WRITE(ctrl, RTC_CONTROL);
	CMOS_WRITE(freq, RTC_FREQ_SELECT);
	spin_unlock_irq(&rtc_lock);
	return 0;
}

static inline unsigned int get_rtc_ss(void)
{
	struct rtc_time t;

	get_rtc_time(&t);
	return t.tm_sec;
}

/* The MC146818 cannot be trimmed. */
static inline int get_rtc_pll(struct rtc_pll_info *pll)
{
	(void)pll;
	return -EINVAL;
}

static inline int set_rtc_pll(struct rtc_pll_info *pll)
{
	(void)pll;
	return -EINVAL;
}

#endif /* _LDM_COMPAT_ASM_RTC_H */
