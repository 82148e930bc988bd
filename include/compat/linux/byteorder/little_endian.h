/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/byteorder/little_endian.h> for an unchanged 2.6.9 driver: <ldm/byteorder.h>.
 */
#ifndef _LDM_COMPAT_LINUX_BYTEORDER_LITTLE_ENDIAN_H
#define _LDM_COMPAT_LINUX_BYTEORDER_LITTLE_ENDIAN_H

#include <ldm/byteorder.h>

#endif /* _LDM_COMPAT_LINUX_BYTEORDER_LITTLE_ENDIAN_H */
