/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/errno.h> for an unchanged 2.6.9 driver: the C library's own (UAPI)
 * <linux/errno.h> first, which libc includes too, then <ldm/errno.h>.
 */
#ifndef _LDM_COMPAT_LINUX_ERRNO_H
#define _LDM_COMPAT_LINUX_ERRNO_H

#include_next <linux/errno.h>
#include <ldm/errno.h>

#endif /* _LDM_COMPAT_LINUX_ERRNO_H */
