/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/nmi.h> - the NMI watchdog's one call for drivers, as 2.6.9's
 * <linux/nmi.h>.
 */
#ifndef _LDM_NMI_H
#define _LDM_NMI_H

#include <ldm/interrupt.h>

/**
 * touch_nmi_watchdog - tell the NMI watchdog this CPU is not stuck
 *
 * A driver that keeps interrupts off for long calls it so that the
 * watchdog does not take it for a hung CPU. ldm runs on the host's
 * scheduler and has no NMI watchdog to tell, so it does nothing, as on a
 * 2.6.9 kernel whose architecture has none.
 */
static inline void touch_nmi_watchdog(void)
{
}

#endif /* _LDM_NMI_H */
