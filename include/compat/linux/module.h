/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/module.h> for an unchanged 2.6.9 driver: <ldm/module.h>.
 */
#ifndef _LDM_COMPAT_LINUX_MODULE_H
#define _LDM_COMPAT_LINUX_MODULE_H

#include <ldm/module.h>

#endif /* _LDM_COMPAT_LINUX_MODULE_H */
