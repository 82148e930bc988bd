/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/netlink.h> - the kernel side of netlink, as <linux/netlink.h> of
 * 2.6.9: message headers and their macros, and the sockets a driver makes
 * with netlink_kernel_create() and sends on with netlink_broadcast() and
 * netlink_unicast().
 *
 * There is no network stack, so no process's socket receives them: a
 * message goes to the listeners the host set with ldm_netlink_listen()
 * (<libldm/netlink.h>), or nowhere, and a unicast to a pid nobody holds
 * fails with -ECONNREFUSED as it does on a kernel where nobody listens.
 */
#ifndef _LDM_NETLINK_H
#define _LDM_NETLINK_H

#include <ldm/kernel.h>
#include <ldm/skbuff.h>
#include <ldm/sock.h>
#include <ldm/string.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

/* The units of 2.6.9. */
#define NETLINK_ROUTE	       0
#define NETLINK_SKIP	       1
#define NETLINK_USERSOCK       2
#define NETLINK_FIREWALL       3
#define NETLINK_TCPDIAG	       4
#define NETLINK_NFLOG	       5
#define NETLINK_XFRM	       6
#define NETLINK_SELINUX	       7
#define NETLINK_ARPD	       8
#define NETLINK_AUDIT	       9
#define NETLINK_ROUTE6	       11
#define NETLINK_IP6_FW	       13
#define NETLINK_DNRTMSG	       14
#define NETLINK_KOBJECT_UEVENT 15
#define NETLINK_TAPBASE	       16
#define MAX_LINKS	       32

/**
 * struct nlmsghdr - the header of every netlink message
 */
struct nlmsghdr {
	__u32 nlmsg_len;
	__u16 nlmsg_type;
	__u16 nlmsg_flags;
	__u32 nlmsg_seq;
	__u32 nlmsg_pid;
};

#define NLM_F_REQUEST 1
#define NLM_F_MULTI   2
#define NLM_F_ACK     4
#define NLM_F_ECHO    8

#define NLMSG_NOOP    0x1
#define NLMSG_ERROR   0x2
#define NLMSG_DONE    0x3
#define NLMSG_OVERRUN 0x4

#define NLMSG_ALIGNTO	  4
#define NLMSG_ALIGN(len)  (((len) + NLMSG_ALIGNTO - 1) & ~(NLMSG_ALIGNTO - 1))
#define NLMSG_LENGTH(len) ((len) + NLMSG_ALIGN(sizeof(struct nlmsghdr)))
#define NLMSG_SPACE(len)  NLMSG_ALIGN(NLMSG_LENGTH(len))
#define NLMSG_DATA(nlh)	  ((void *)(((char *)nlh) + NLMSG_LENGTH(0)))
#define NLMSG_NEXT(nlh, len) \
	((len) -= NLMSG_ALIGN((nlh)->nlmsg_len), \
	 (struct nlmsghdr *)(((char *)(nlh)) + NLMSG_ALIGN((nlh)->nlmsg_len)))
#define NLMSG_OK(nlh, len) \
	((len) >= (int)sizeof(struct nlmsghdr) && (nlh)->nlmsg_len >= sizeof(struct nlmsghdr) && \
	 (nlh)->nlmsg_len <= (unsigned int)(len))
#define NLMSG_PAYLOAD(nlh, len) ((nlh)->nlmsg_len - NLMSG_SPACE((len)))

struct nlmsgerr {
	int error;
	struct nlmsghdr msg;
};

struct sockaddr_nl {
	unsigned short nl_family;
	unsigned short nl_pad;
	__u32 nl_pid;
	__u32 nl_groups;
};

/**
 * struct netlink_skb_parms - where a netlink buffer goes, in its control block
 */
struct netlink_skb_parms {
	__u32 pid;
	__u32 groups;
	__u32 dst_pid;
	__u32 dst_groups;
	void *ssk;
};

#define NETLINK_CB(skb)	   (*(struct netlink_skb_parms *)&((skb)->cb))
#define NETLINK_CREDS(skb) ((void *)0)

struct sock *netlink_kernel_create(int unit, void (*input)(struct sock *sk, int len));
int netlink_unicast(struct sock *ssk, struct sk_buff *skb, __u32 pid, int nonblock);
int netlink_broadcast(struct sock *ssk, struct sk_buff *skb, __u32 pid, __u32 group,
		      int allocation);
void netlink_set_err(struct sock *ssk, __u32 pid, __u32 group, int code);

/* Append a message header of @type and @len payload bytes to @skb. */
static inline struct nlmsghdr *__nlmsg_put(struct sk_buff *skb, __u32 pid, __u32 seq, int type,
					   int len)
{
	int size = (int)NLMSG_LENGTH(len);
	struct nlmsghdr *nlh = (struct nlmsghdr *)skb_put(skb, NLMSG_ALIGN(size));

	nlh->nlmsg_type = (__u16)type;
	nlh->nlmsg_len = (__u32)size;
	nlh->nlmsg_flags = 0;
	nlh->nlmsg_pid = pid;
	nlh->nlmsg_seq = seq;
	return nlh;
}

/* 2.6.9's form: jumps to the caller's nlmsg_failure label when @skb is full. */
#define NLMSG_PUT(skb, pid, seq, type, len) \
	({ \
		if (skb_tailroom(skb) < (int)NLMSG_SPACE(len)) \
			goto nlmsg_failure; \
		__nlmsg_put(skb, pid, seq, type, len); \
	})

#pragma GCC visibility pop

#endif /* _LDM_NETLINK_H */
