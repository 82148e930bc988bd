/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/stringify.h> for an unchanged 2.6.9 driver: __stringify() of <ldm/compiler.h>.
 */
#ifndef _LDM_COMPAT_LINUX_STRINGIFY_H
#define _LDM_COMPAT_LINUX_STRINGIFY_H

#include <ldm/compiler.h>

#endif /* _LDM_COMPAT_LINUX_STRINGIFY_H */
