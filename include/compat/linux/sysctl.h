/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/sysctl.h> for an unchanged 2.6.9 driver: <ldm/sysctl.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SYSCTL_H
#define _LDM_COMPAT_LINUX_SYSCTL_H

#include <ldm/sysctl.h>

#endif /* _LDM_COMPAT_LINUX_SYSCTL_H */
