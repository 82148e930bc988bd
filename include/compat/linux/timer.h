/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/timer.h> for an unchanged 2.6.9 driver: <ldm/timer.h>.
 */
#ifndef _LDM_COMPAT_LINUX_TIMER_H
#define _LDM_COMPAT_LINUX_TIMER_H

#include <ldm/timer.h>

#endif /* _LDM_COMPAT_LINUX_TIMER_H */
