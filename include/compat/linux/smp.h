/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/smp.h> for an unchanged 2.6.9 driver: one processor as far as a driver asks.
 */
#ifndef _LDM_COMPAT_LINUX_SMP_H
#define _LDM_COMPAT_LINUX_SMP_H

#include <ldm/sched.h>
#define smp_processor_id() 0

#endif /* _LDM_COMPAT_LINUX_SMP_H */
