/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/skbuff.h> - socket buffers as far as a driver that sends netlink
 * messages needs them (<linux/skbuff.h> of 2.6.9): alloc_skb(), the
 * skb_put()/skb_push()/skb_pull()/skb_reserve() moves of data and tail,
 * the control block, kfree_skb(). There is no network stack behind them.
 */
#ifndef _LDM_SKBUFF_H
#define _LDM_SKBUFF_H

#include <ldm/atomic.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <ldm/spinlock.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct sock;

/**
 * struct sk_buff - a buffer of data with room before and after it
 * @next: in a queue
 * @prev: in a queue
 * @sk: the socket it belongs to
 * @cb: the control block: netlink keeps its addresses there (NETLINK_CB())
 * @len: bytes of data
 * @data_len: bytes in fragments (none here)
 * @truesize: the size of the allocation
 * @users: references (kfree_skb() drops one)
 * @head: the buffer's start
 * @data: the data's start
 * @tail: the data's end
 * @end: the buffer's end
 */
struct sk_buff {
	struct sk_buff *next, *prev;
	struct sock *sk;
	char cb[48];
	unsigned int len, data_len;
	unsigned int truesize;
	atomic_t users;
	unsigned char *head, *data, *tail, *end;
};

/**
 * struct sk_buff_head - a queue of buffers
 */
struct sk_buff_head {
	struct sk_buff *next, *prev;
	__u32 qlen;
	spinlock_t lock;
};

struct sk_buff *alloc_skb(unsigned int size, int priority);
void kfree_skb(struct sk_buff *skb);
struct sk_buff *skb_clone(struct sk_buff *skb, int priority);
#define dev_kfree_skb(skb)     kfree_skb(skb)
#define dev_kfree_skb_any(skb) kfree_skb(skb)
#define dev_kfree_skb_irq(skb) kfree_skb(skb)

void skb_over_panic(struct sk_buff *skb, int len, void *here) __noreturn;
void skb_under_panic(struct sk_buff *skb, int len, void *here) __noreturn;

static inline struct sk_buff *skb_get(struct sk_buff *skb)
{
	atomic_inc(&skb->users);
	return skb;
}

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return (unsigned int)(skb->data - skb->head);
}

static inline int skb_tailroom(const struct sk_buff *skb)
{
	return (int)(skb->end - skb->tail);
}

static inline void skb_reserve(struct sk_buff *skb, unsigned int len)
{
	skb->data += len;
	skb->tail += len;
}

/* Add @len bytes at the tail; the start of what was added. */
static inline unsigned char *skb_put(struct sk_buff *skb, unsigned int len)
{
	unsigned char *tmp = skb->tail;

	skb->tail += len;
	skb->len += len;
	if (unlikely(skb->tail > skb->end))
		skb_over_panic(skb, (int)len, __builtin_return_address(0));
	return tmp;
}
#define __skb_put(skb, len) skb_put(skb, len)

/* Add @len bytes before the data; the new start. */
static inline unsigned char *skb_push(struct sk_buff *skb, unsigned int len)
{
	skb->data -= len;
	skb->len += len;
	if (unlikely(skb->data < skb->head))
		skb_under_panic(skb, (int)len, __builtin_return_address(0));
	return skb->data;
}

/* Take @len bytes off the front; the new start, or NULL if there are fewer. */
static inline unsigned char *skb_pull(struct sk_buff *skb, unsigned int len)
{
	if (len > skb->len)
		return NULL;
	skb->len -= len;
	return skb->data += len;
}

static inline void skb_trim(struct sk_buff *skb, unsigned int len)
{
	if (skb->len > len) {
		skb->len = len;
		skb->tail = skb->data + len;
	}
}

static inline void skb_queue_head_init(struct sk_buff_head *list)
{
	spin_lock_init(&list->lock);
	list->prev = list->next = (struct sk_buff *)list;
	list->qlen = 0;
}

static inline __u32 skb_queue_len(const struct sk_buff_head *list)
{
	return list->qlen;
}

void skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk);
struct sk_buff *skb_dequeue(struct sk_buff_head *list);
void skb_queue_purge(struct sk_buff_head *list);

#pragma GCC visibility pop

#endif /* _LDM_SKBUFF_H */
