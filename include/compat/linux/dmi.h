/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/dmi.h> for an unchanged 2.6.9 driver: <ldm/dmi.h>.
 */
#ifndef _LDM_COMPAT_LINUX_DMI_H
#define _LDM_COMPAT_LINUX_DMI_H

#include <ldm/dmi.h>

#endif /* _LDM_COMPAT_LINUX_DMI_H */
