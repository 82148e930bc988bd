/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/sock.h> - the kernel's own sockets, as far as netlink_kernel_create()
 * gives one to a driver (<net/sock.h> and <linux/net.h> of 2.6.9): struct
 * sock with its receive queue and data_ready callback, struct socket, and
 * sock_release(). There is no network stack: no other kind of socket.
 */
#ifndef _LDM_SOCK_H
#define _LDM_SOCK_H

#include <ldm/skbuff.h>
#include <ldm/types.h>
#include <ldm/wait.h>

#pragma GCC visibility push(default)

struct socket;

/**
 * struct sock - a kernel socket
 * @sk_socket: the socket that holds it
 * @sk_protocol: its netlink unit (NETLINK_ROUTE, ...)
 * @sk_receive_queue: what was sent to it
 * @sk_data_ready: the input callback given to netlink_kernel_create()
 * @sk_user_data: the driver's
 */
struct sock {
	struct socket *sk_socket;
	int sk_protocol;
	struct sk_buff_head sk_receive_queue;
	void (*sk_data_ready)(struct sock *sk, int bytes);
	void *sk_user_data;
};

/**
 * struct socket - what holds a struct sock
 * @sk: it
 */
struct socket {
	int state;
	unsigned long flags;
	struct sock *sk;
	wait_queue_head_t wait;
	short type;
};

void sock_release(struct socket *sock);

#pragma GCC visibility pop

/* 2.6.9's <net/sock.h> brings netlink's declarations along. */
#include <ldm/netlink.h>

#endif /* _LDM_SOCK_H */
