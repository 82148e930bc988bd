/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/workqueue.h> for an unchanged 2.6.9 driver: <ldm/workqueue.h>.
 */
#ifndef _LDM_COMPAT_LINUX_WORKQUEUE_H
#define _LDM_COMPAT_LINUX_WORKQUEUE_H

#include <ldm/workqueue.h>

#endif /* _LDM_COMPAT_LINUX_WORKQUEUE_H */
