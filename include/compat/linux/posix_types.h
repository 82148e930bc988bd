/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/posix_types.h>: the C library includes this name too, and 2.6.9's
 * is the same user ABI (docs/compat.md), so this is the C library's own
 * (UAPI) header.
 */
#ifndef _LDM_COMPAT_LINUX_POSIX_TYPES_H
#define _LDM_COMPAT_LINUX_POSIX_TYPES_H

#include_next <linux/posix_types.h>

#endif /* _LDM_COMPAT_LINUX_POSIX_TYPES_H */
