/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/jiffies.h> for an unchanged 2.6.9 driver: <ldm/jiffies.h>.
 */
#ifndef _LDM_COMPAT_LINUX_JIFFIES_H
#define _LDM_COMPAT_LINUX_JIFFIES_H

#include <ldm/jiffies.h>

#endif /* _LDM_COMPAT_LINUX_JIFFIES_H */
