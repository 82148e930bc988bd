/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/netlink.h> - what drivers send on their netlink sockets, seen
 * from the host. No process's socket can receive it (there is no network
 * stack); a listener the host sets here gets each message a driver
 * broadcasts or unicasts on a unit.
 */
#ifndef _LIBLDM_NETLINK_H
#define _LIBLDM_NETLINK_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/*
 * ldm_netlink_listener - called, in the sending driver's thread, with a
 * message's bytes (netlink header included) sent to @group (broadcast) or
 * @pid (unicast, @group 0).
 */
typedef void (*ldm_netlink_listener)(int unit, uint32_t pid, uint32_t group, const void *data,
				     size_t len, void *ctx);

int ldm_netlink_listen(int unit, ldm_netlink_listener fn, void *ctx);

#pragma GCC visibility pop

#endif /* _LIBLDM_NETLINK_H */
