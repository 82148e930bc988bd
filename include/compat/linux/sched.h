/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/sched.h> for an unchanged 2.6.9 driver: <ldm/sched.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SCHED_H
#define _LDM_COMPAT_LINUX_SCHED_H

#include <ldm/sched.h>

#endif /* _LDM_COMPAT_LINUX_SCHED_H */
