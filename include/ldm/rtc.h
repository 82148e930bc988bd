/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/rtc.h> - the real-time clock interface of 2.6.9's <linux/rtc.h>:
 * the time and alarm structures and ioctls of /dev/rtc (the user ABI),
 * and the calls by which another driver borrows the RTC's periodic
 * interrupt (rtc_register...), which drivers/char/rtc.c exports.
 */
#ifndef _LDM_RTC_H
#define _LDM_RTC_H

#include <ldm/ioctl.h>

/* A broken-down time, as struct tm without its time zone fields. */
struct rtc_time {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
	int tm_wday;
	int tm_yday;
	int tm_isdst;
};

/* A wake-up alarm: whether it is on, whether it fired, and when. */
struct rtc_wkalrm {
	unsigned char enabled;
	unsigned char pending;
	struct rtc_time time;
};

/* A clock's frequency correction, where it can be trimmed. */
struct rtc_pll_info {
	int pll_ctrl;
	int pll_value;
	int pll_max;
	int pll_min;
	int pll_posmult;
	int pll_negmult;
	long pll_clock;
};

#define RTC_AIE_ON     _IO('p', 0x01)
#define RTC_AIE_OFF    _IO('p', 0x02)
#define RTC_UIE_ON     _IO('p', 0x03)
#define RTC_UIE_OFF    _IO('p', 0x04)
#define RTC_PIE_ON     _IO('p', 0x05)
#define RTC_PIE_OFF    _IO('p', 0x06)
#define RTC_ALM_SET    _IOW('p', 0x07, struct rtc_time)
#define RTC_ALM_READ   _IOR('p', 0x08, struct rtc_time)
#define RTC_RD_TIME    _IOR('p', 0x09, struct rtc_time)
#define RTC_SET_TIME   _IOW('p', 0x0a, struct rtc_time)
#define RTC_IRQP_READ  _IOR('p', 0x0b, unsigned long)
#define RTC_IRQP_SET   _IOW('p', 0x0c, unsigned long)
#define RTC_EPOCH_READ _IOR('p', 0x0d, unsigned long)
#define RTC_EPOCH_SET  _IOW('p', 0x0e, unsigned long)
#define RTC_WIE_ON     _IO('p', 0x0f)
#define RTC_WIE_OFF    _IO('p', 0x10)
#define RTC_WKALM_SET  _IOW('p', 0x0f, struct rtc_wkalrm)
#define RTC_WKALM_RD   _IOR('p', 0x10, struct rtc_wkalrm)
#define RTC_PLL_GET    _IOR('p', 0x11, struct rtc_pll_info)
#define RTC_PLL_SET    _IOW('p', 0x12, struct rtc_pll_info)

/* A driver called at each periodic interrupt of the RTC. */
typedef struct rtc_task {
	void (*func)(void *private_data);
	void *private_data;
} rtc_task_t;

int rtc_register(rtc_task_t *task);
int rtc_unregister(rtc_task_t *task);
int rtc_control(rtc_task_t *t, unsigned int cmd, unsigned long arg);
void rtc_get_rtc_time(struct rtc_time *rtc_tm);

#endif /* _LDM_RTC_H */
