/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/config.h> for an unchanged 2.6.9 driver: <ldm/config.h>.
 */
#ifndef _LDM_COMPAT_LINUX_CONFIG_H
#define _LDM_COMPAT_LINUX_CONFIG_H

#include <ldm/config.h>

#endif /* _LDM_COMPAT_LINUX_CONFIG_H */
