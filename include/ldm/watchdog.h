/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/watchdog.h> - the watchdog ioctl interface of <linux/watchdog.h>:
 * struct watchdog_info, WDIOC_* and WDIOF_*. The host's own (UAPI) header
 * is ABI-identical to 2.6.9's, so it is the one used, and a program may
 * include either.
 */
#ifndef _LDM_WATCHDOG_H
#define _LDM_WATCHDOG_H

#include <linux/watchdog.h>

#endif /* _LDM_WATCHDOG_H */
