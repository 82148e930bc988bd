/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/kdev_t.h> for an unchanged 2.6.9 driver: <ldm/kdev_t.h>.
 */
#ifndef _LDM_COMPAT_LINUX_KDEV_T_H
#define _LDM_COMPAT_LINUX_KDEV_T_H

#include <ldm/kdev_t.h>

#endif /* _LDM_COMPAT_LINUX_KDEV_T_H */
