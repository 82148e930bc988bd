/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/version.h> for an unchanged 2.6.9 driver: the version ldm stands for, 2.6.9.
 */
#ifndef _LDM_COMPAT_LINUX_VERSION_H
#define _LDM_COMPAT_LINUX_VERSION_H

#define LINUX_VERSION_CODE	132617 /* 2.6.9 */
#define KERNEL_VERSION(a, b, c) (((a) << 16) + ((b) << 8) + (c))
#define UTS_RELEASE		"2.6.9-ldm"

#endif /* _LDM_COMPAT_LINUX_VERSION_H */
