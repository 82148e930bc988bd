/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/kernel.h> for an unchanged 2.6.9 driver: the C library's own (UAPI)
 * <linux/kernel.h> first, which libc includes too, then <ldm/kernel.h>.
 */
#ifndef _LDM_COMPAT_LINUX_KERNEL_H
#define _LDM_COMPAT_LINUX_KERNEL_H

#include_next <linux/kernel.h>
#include <ldm/kernel.h>

#endif /* _LDM_COMPAT_LINUX_KERNEL_H */
