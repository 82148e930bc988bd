/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/stat.h> for an unchanged 2.6.9 driver: the C library's own (UAPI)
 * <linux/stat.h> first, which libc includes too, then <ldm/stat.h>.
 */
#ifndef _LDM_COMPAT_LINUX_STAT_H
#define _LDM_COMPAT_LINUX_STAT_H

#include_next <linux/stat.h>
#include <ldm/stat.h>

#endif /* _LDM_COMPAT_LINUX_STAT_H */
