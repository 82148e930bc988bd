/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/types.h> for an unchanged 2.6.9 driver: the C library's own (UAPI)
 * <linux/types.h> first, which libc includes too, then <ldm/types.h>.
 */
#ifndef _LDM_COMPAT_LINUX_TYPES_H
#define _LDM_COMPAT_LINUX_TYPES_H

#include_next <linux/types.h>
#include <ldm/types.h>

#endif /* _LDM_COMPAT_LINUX_TYPES_H */
