/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/mc146818rtc.h> for an unchanged 2.6.9 driver: the PC's clock chip
 * behind ports 0x70 (index) and 0x71 (data), IRQ 8. CMOS_READ and
 * CMOS_WRITE are port I/O (<asm/io.h>), which reaches the machine's
 * models, never the host's ports.
 */
#ifndef _LDM_COMPAT_ASM_MC146818RTC_H
#define _LDM_COMPAT_ASM_MC146818RTC_H

#include <asm/io.h>

#ifndef RTC_PORT
#define RTC_PORT(x)    (0x70 + (x))
#define RTC_ALWAYS_BCD 1
#endif

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

#define RTC_IRQ 8

#endif /* _LDM_COMPAT_ASM_MC146818RTC_H */
