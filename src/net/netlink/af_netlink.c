// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * af_netlink.c - the kernel side of netlink (net/netlink/af_netlink.c of
 * 2.6.9): netlink_kernel_create() gives a driver a socket of a unit;
 * netlink_broadcast() and netlink_unicast() send on it. With no network
 * stack, the only receiver is the host's listener of the unit
 * (ldm_netlink_listen()); without one a broadcast goes nowhere and a
 * unicast is refused, as on a kernel where no process listens.
 */
#include <pthread.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/netlink.h>
#include <ldm/slab.h>
#include <ldm/sock.h>
#include <libldm/netlink.h>

static pthread_mutex_t nl_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	ldm_netlink_listener fn;
	void *data;
} listeners[MAX_LINKS];

/**
 * ldm_netlink_listen - receive what drivers send on a netlink unit
 * @unit: the unit (NETLINK_NFLOG, ...), below 32
 * @fn: the listener, or NULL to stop listening
 * @data: given to @fn
 *
 * Return: 0, or -EINVAL for a unit out of range.
 */
int ldm_netlink_listen(int unit, ldm_netlink_listener fn, void *data)
{
	if (unit < 0 || unit >= MAX_LINKS)
		return -EINVAL;
	pthread_mutex_lock(&nl_lock);
	listeners[unit].fn = fn;
	listeners[unit].data = data;
	pthread_mutex_unlock(&nl_lock);
	return 0;
}

/* Give @skb to the unit's listener; whether there was one. Consumes @skb. */
static bool deliver(struct sock *ssk, struct sk_buff *skb, __u32 pid, __u32 group)
{
	ldm_netlink_listener fn;
	void *data;

	pthread_mutex_lock(&nl_lock);
	fn = listeners[ssk->sk_protocol].fn;
	data = listeners[ssk->sk_protocol].data;
	if (fn)
		fn(ssk->sk_protocol, pid, group, skb->data, skb->len, data);
	pthread_mutex_unlock(&nl_lock);
	kfree_skb(skb);
	return fn != NULL;
}

/**
 * netlink_kernel_create - a driver's netlink socket
 * @unit: its unit, below MAX_LINKS
 * @input: called when a message is sent to it (never, with no senders here)
 *
 * Return: the socket (release it with sock_release(sk->sk_socket)), or NULL.
 */
struct sock *netlink_kernel_create(int unit, void (*input)(struct sock *sk, int len))
{
	struct socket *sock;
	struct sock *sk;

	if (unit < 0 || unit >= MAX_LINKS)
		return NULL;
	sock = kzalloc(sizeof(*sock), GFP_KERNEL);
	sk = kzalloc(sizeof(*sk), GFP_KERNEL);
	if (!sock || !sk) {
		kfree(sock);
		kfree(sk);
		return NULL;
	}
	init_waitqueue_head(&sock->wait);
	sock->sk = sk;
	sk->sk_socket = sock;
	sk->sk_protocol = unit;
	sk->sk_data_ready = input;
	skb_queue_head_init(&sk->sk_receive_queue);
	return sk;
}
EXPORT_SYMBOL(netlink_kernel_create);

/**
 * sock_release - close a socket netlink_kernel_create() made
 * @sock: the socket (sk->sk_socket), or NULL
 */
void sock_release(struct socket *sock)
{
	if (!sock)
		return;
	if (sock->sk) {
		skb_queue_purge(&sock->sk->sk_receive_queue);
		kfree(sock->sk);
	}
	kfree(sock);
}
EXPORT_SYMBOL(sock_release);

/**
 * netlink_broadcast - send a message to the listeners of groups
 * @ssk: the driver's socket
 * @skb: the message (consumed)
 * @pid: a pid not to send to
 * @group: the groups
 * @allocation: GFP_ flags
 *
 * Return: 0 if the host listens to the unit, else -ESRCH (nobody
 * listened), as 2.6.9.
 */
int netlink_broadcast(struct sock *ssk, struct sk_buff *skb, __u32 pid, __u32 group, int allocation)
{
	(void)pid;
	(void)allocation;
	NETLINK_CB(skb).dst_groups = group;
	return deliver(ssk, skb, 0, group) ? 0 : -ESRCH;
}
EXPORT_SYMBOL(netlink_broadcast);

/**
 * netlink_unicast - send a message to one pid
 * @ssk: the driver's socket
 * @skb: the message (consumed)
 * @pid: the receiver
 * @nonblock: whether to wait for room (there is always room)
 *
 * Return: the bytes sent if the host listens to the unit, else
 * -ECONNREFUSED.
 */
int netlink_unicast(struct sock *ssk, struct sk_buff *skb, __u32 pid, int nonblock)
{
	int len = (int)skb->len;

	(void)nonblock;
	NETLINK_CB(skb).dst_pid = pid;
	return deliver(ssk, skb, pid, 0) ? len : -ECONNREFUSED;
}
EXPORT_SYMBOL(netlink_unicast);

/**
 * netlink_set_err - report an error to a group's listeners (none here)
 * @ssk: the socket
 * @pid: a pid not to report to
 * @group: the groups
 * @code: the error
 */
void netlink_set_err(struct sock *ssk, __u32 pid, __u32 group, int code)
{
	(void)ssk;
	(void)pid;
	(void)group;
	(void)code;
}
EXPORT_SYMBOL(netlink_set_err);
