/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/mutex.h> for an unchanged 2.6.9 driver: <ldm/mutex.h>.
 */
#ifndef _LDM_COMPAT_LINUX_MUTEX_H
#define _LDM_COMPAT_LINUX_MUTEX_H

#include <ldm/mutex.h>

#endif /* _LDM_COMPAT_LINUX_MUTEX_H */
