/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/ioctl.h> for an unchanged 2.6.9 driver: the C library's own (UAPI)
 * <linux/ioctl.h> first, which libc includes too, then <ldm/ioctl.h>.
 */
#ifndef _LDM_COMPAT_LINUX_IOCTL_H
#define _LDM_COMPAT_LINUX_IOCTL_H

#include_next <linux/ioctl.h>
#include <ldm/ioctl.h>

#endif /* _LDM_COMPAT_LINUX_IOCTL_H */
