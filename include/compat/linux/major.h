/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/major.h> for an unchanged 2.6.9 driver: <ldm/major.h>.
 */
#ifndef _LDM_COMPAT_LINUX_MAJOR_H
#define _LDM_COMPAT_LINUX_MAJOR_H

#include <ldm/major.h>

#endif /* _LDM_COMPAT_LINUX_MAJOR_H */
