/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/netlink.h> for an unchanged 2.6.9 driver: <ldm/netlink.h>, the kernel side of
 * netlink with no network stack behind it (docs/kernel-services.md).
 */
#ifndef _LDM_COMPAT_LINUX_NETLINK_H
#define _LDM_COMPAT_LINUX_NETLINK_H

#include <ldm/netlink.h>

#endif /* _LDM_COMPAT_LINUX_NETLINK_H */
