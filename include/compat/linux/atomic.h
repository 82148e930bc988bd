/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/atomic.h> for an unchanged 2.6.9 driver: <ldm/atomic.h>.
 */
#ifndef _LDM_COMPAT_LINUX_ATOMIC_H
#define _LDM_COMPAT_LINUX_ATOMIC_H

#include <ldm/atomic.h>

#endif /* _LDM_COMPAT_LINUX_ATOMIC_H */
