/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/capability.h> for an unchanged 2.6.9 driver: <ldm/capability.h>.
 */
#ifndef _LDM_COMPAT_LINUX_CAPABILITY_H
#define _LDM_COMPAT_LINUX_CAPABILITY_H

#include <ldm/capability.h>

#endif /* _LDM_COMPAT_LINUX_CAPABILITY_H */
