/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/compiler.h> for an unchanged 2.6.9 driver: <ldm/compiler.h>.
 */
#ifndef _LDM_COMPAT_LINUX_COMPILER_H
#define _LDM_COMPAT_LINUX_COMPILER_H

#include <ldm/compiler.h>

#endif /* _LDM_COMPAT_LINUX_COMPILER_H */
