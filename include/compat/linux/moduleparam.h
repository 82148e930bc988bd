/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/moduleparam.h> for an unchanged 2.6.9 driver: <ldm/moduleparam.h>.
 */
#ifndef _LDM_COMPAT_LINUX_MODULEPARAM_H
#define _LDM_COMPAT_LINUX_MODULEPARAM_H

#include <ldm/moduleparam.h>

#endif /* _LDM_COMPAT_LINUX_MODULEPARAM_H */
