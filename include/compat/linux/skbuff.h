/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/skbuff.h> for an unchanged 2.6.9 driver: <ldm/skbuff.h>, the kernel side of
 * netlink with no network stack behind it (docs/kernel-services.md).
 */
#ifndef _LDM_COMPAT_LINUX_SKBUFF_H
#define _LDM_COMPAT_LINUX_SKBUFF_H

#include <ldm/skbuff.h>

#endif /* _LDM_COMPAT_LINUX_SKBUFF_H */
