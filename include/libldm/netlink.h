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
 * message's bytes (@msg, @len: netlink header included) sent to @group
 * (broadcast) or @pid (unicast, @group 0), and the @data given to
 * ldm_netlink_listen().
 */
typedef void (*ldm_netlink_listener)(int unit, uint32_t pid, uint32_t group, const void *msg,
				     size_t len, void *data);

int ldm_netlink_listen(int unit, ldm_netlink_listener fn, void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_NETLINK_H */
