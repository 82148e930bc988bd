/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/init.h> for an unchanged 2.6.9 driver: <ldm/init.h>.
 */
#ifndef _LDM_COMPAT_LINUX_INIT_H
#define _LDM_COMPAT_LINUX_INIT_H

#include <ldm/init.h>

#endif /* _LDM_COMPAT_LINUX_INIT_H */
