/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <net/sock.h> for an unchanged 2.6.9 driver: <ldm/sock.h>, the kernel side of
 * netlink with no network stack behind it (docs/kernel-services.md).
 */
#ifndef _LDM_COMPAT_NET_SOCK_H
#define _LDM_COMPAT_NET_SOCK_H

#include <ldm/sock.h>

#endif /* _LDM_COMPAT_NET_SOCK_H */
