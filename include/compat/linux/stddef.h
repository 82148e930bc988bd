/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/stddef.h>: the C library includes this name too (its UAPI
 * header, first), and a 2.6.9 driver includes it for NULL and offsetof,
 * which the compiler's <stddef.h> gives.
 */
#ifndef _LDM_COMPAT_LINUX_STDDEF_H
#define _LDM_COMPAT_LINUX_STDDEF_H

#include_next <linux/stddef.h>
#include <stddef.h>

#endif /* _LDM_COMPAT_LINUX_STDDEF_H */
