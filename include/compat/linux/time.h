/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/time.h> for an unchanged 2.6.9 driver: <ldm/time.h>.
 */
#ifndef _LDM_COMPAT_LINUX_TIME_H
#define _LDM_COMPAT_LINUX_TIME_H

#include <ldm/time.h>

#endif /* _LDM_COMPAT_LINUX_TIME_H */
