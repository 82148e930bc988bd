/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/suspend.h> for an unchanged 2.6.9 driver: <ldm/suspend.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SUSPEND_H
#define _LDM_COMPAT_LINUX_SUSPEND_H

#include <ldm/suspend.h>

#endif /* _LDM_COMPAT_LINUX_SUSPEND_H */
