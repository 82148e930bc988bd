/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/idr.h> for an unchanged 2.6.9 driver: <ldm/idr.h>.
 */
#ifndef _LDM_COMPAT_LINUX_IDR_H
#define _LDM_COMPAT_LINUX_IDR_H

#include <ldm/idr.h>

#endif /* _LDM_COMPAT_LINUX_IDR_H */
