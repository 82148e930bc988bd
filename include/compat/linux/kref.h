/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/kref.h> for an unchanged 2.6.9 driver: <ldm/kref.h>.
 */
#ifndef _LDM_COMPAT_LINUX_KREF_H
#define _LDM_COMPAT_LINUX_KREF_H

#include <ldm/kref.h>

#endif /* _LDM_COMPAT_LINUX_KREF_H */
