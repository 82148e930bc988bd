/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/limits.h>: the C library includes this name too, and 2.6.9's
 * is the same user ABI (docs/compat.md), so this is the C library's own
 * (UAPI) header.
 */
#ifndef _LDM_COMPAT_LINUX_LIMITS_H
#define _LDM_COMPAT_LINUX_LIMITS_H

#include_next <linux/limits.h>

#endif /* _LDM_COMPAT_LINUX_LIMITS_H */
