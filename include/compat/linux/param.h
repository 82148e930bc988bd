/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/param.h> for an unchanged 2.6.9 driver: the C library's own (UAPI)
 * <linux/param.h> first, which libc includes too, then <ldm/param.h>.
 */
#ifndef _LDM_COMPAT_LINUX_PARAM_H
#define _LDM_COMPAT_LINUX_PARAM_H

#include_next <linux/param.h>
#include <ldm/param.h>

#endif /* _LDM_COMPAT_LINUX_PARAM_H */
