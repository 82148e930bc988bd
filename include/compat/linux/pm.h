/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/pm.h> for an unchanged 2.6.9 driver: <ldm/pm.h>.
 */
#ifndef _LDM_COMPAT_LINUX_PM_H
#define _LDM_COMPAT_LINUX_PM_H

#include <ldm/pm.h>

#endif /* _LDM_COMPAT_LINUX_PM_H */
