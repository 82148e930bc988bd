/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/rtc.h> for an unchanged 2.6.9 driver: <ldm/rtc.h>.
 */
#ifndef _LDM_COMPAT_LINUX_RTC_H
#define _LDM_COMPAT_LINUX_RTC_H

#include <ldm/rtc.h>

#endif /* _LDM_COMPAT_LINUX_RTC_H */
