/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/mod_devicetable.h> for an unchanged 2.6.9 driver: <ldm/mod_devicetable.h>.
 */
#ifndef _LDM_COMPAT_LINUX_MOD_DEVICETABLE_H
#define _LDM_COMPAT_LINUX_MOD_DEVICETABLE_H

#include <ldm/mod_devicetable.h>

#endif /* _LDM_COMPAT_LINUX_MOD_DEVICETABLE_H */
