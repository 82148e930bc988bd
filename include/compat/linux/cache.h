/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/cache.h> for an unchanged 2.6.9 driver: <ldm/cache.h>.
 */
#ifndef _LDM_COMPAT_LINUX_CACHE_H
#define _LDM_COMPAT_LINUX_CACHE_H

#include <ldm/cache.h>

#endif /* _LDM_COMPAT_LINUX_CACHE_H */
