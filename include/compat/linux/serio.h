/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/serio.h> for an unchanged 2.6.9 driver: <ldm/serio.h>.
 */
#ifndef _LDM_COMPAT_LINUX_SERIO_H
#define _LDM_COMPAT_LINUX_SERIO_H

#include <ldm/serio.h>

#endif /* _LDM_COMPAT_LINUX_SERIO_H */
