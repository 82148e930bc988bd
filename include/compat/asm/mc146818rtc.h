/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/mc146818rtc.h> for an unchanged 2.6.9 driver: <ldm/mc146818rtc.h>.
 */
#ifndef _LDM_COMPAT_ASM_MC146818RTC_H
#define _LDM_COMPAT_ASM_MC146818RTC_H

#include <ldm/mc146818rtc.h>

#endif /* _LDM_COMPAT_ASM_MC146818RTC_H */
