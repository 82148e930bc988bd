/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/bitops.h> for an unchanged 2.6.9 driver: <ldm/bitops.h>.
 */
#ifndef _LDM_COMPAT_LINUX_BITOPS_H
#define _LDM_COMPAT_LINUX_BITOPS_H

#include <ldm/bitops.h>

#endif /* _LDM_COMPAT_LINUX_BITOPS_H */
