/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/kthread.h> for an unchanged 2.6.9 driver: <ldm/kthread.h>.
 */
#ifndef _LDM_COMPAT_LINUX_KTHREAD_H
#define _LDM_COMPAT_LINUX_KTHREAD_H

#include <ldm/kthread.h>

#endif /* _LDM_COMPAT_LINUX_KTHREAD_H */
