/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/spinlock.h> for an unchanged 2.6.9 driver: <ldm/spinlock.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SPINLOCK_H
#define _LDM_COMPAT_LINUX_SPINLOCK_H

#include <ldm/spinlock.h>

#endif /* _LDM_COMPAT_LINUX_SPINLOCK_H */
