/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/kobject.h> for an unchanged 2.6.9 driver: <ldm/kobject.h>.
 */
#ifndef _LDM_COMPAT_LINUX_KOBJECT_H
#define _LDM_COMPAT_LINUX_KOBJECT_H

#include <ldm/kobject.h>

#endif /* _LDM_COMPAT_LINUX_KOBJECT_H */
