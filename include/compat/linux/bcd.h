/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/bcd.h> for an unchanged 2.6.9 driver: <ldm/bcd.h>.
 */
#ifndef _LDM_COMPAT_LINUX_BCD_H
#define _LDM_COMPAT_LINUX_BCD_H

#include <ldm/bcd.h>

#endif /* _LDM_COMPAT_LINUX_BCD_H */
