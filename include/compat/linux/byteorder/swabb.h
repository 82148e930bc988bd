/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/byteorder/swabb.h> for an unchanged 2.6.9 driver: <ldm/byteorder.h>.
 */
#ifndef _LDM_COMPAT_LINUX_BYTEORDER_SWABB_H
#define _LDM_COMPAT_LINUX_BYTEORDER_SWABB_H

#include <ldm/byteorder.h>

#endif /* _LDM_COMPAT_LINUX_BYTEORDER_SWABB_H */
