/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/watchdog.h> for an unchanged 2.6.9 driver: the C library's own
 * (UAPI) header, which is ABI-identical to 2.6.9's.
 */
#ifndef _LDM_COMPAT_LINUX_WATCHDOG_H
#define _LDM_COMPAT_LINUX_WATCHDOG_H

#include_next <linux/watchdog.h>

#endif /* _LDM_COMPAT_LINUX_WATCHDOG_H */
