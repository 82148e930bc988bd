/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/smp_lock.h> for an unchanged 2.6.9 driver: <ldm/smp_lock.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SMP_LOCK_H
#define _LDM_COMPAT_LINUX_SMP_LOCK_H

#include <ldm/smp_lock.h>

#endif /* _LDM_COMPAT_LINUX_SMP_LOCK_H */
