// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * skbuff.c - socket buffers (net/core/skbuff.c of 2.6.9), as far as
 * netlink needs them: one allocation holds the header and the data, a
 * clone shares nothing (it is a copy: buffers are small here), and queues
 * are lists under their lock.
 */
#include <string.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/skbuff.h>
#include <ldm/slab.h>

/**
 * alloc_skb - a buffer with room for @size bytes of data
 * @size: the room
 * @priority: GFP_ flags
 *
 * Return: the buffer, empty, with one reference, or NULL.
 */
struct sk_buff *alloc_skb(unsigned int size, int priority)
{
	struct sk_buff *skb;

	size = (size + 15) & ~15U;
	skb = kzalloc(sizeof(*skb) + size, (gfp_t)priority);
	if (!skb)
		return NULL;
	skb->truesize = (unsigned int)sizeof(*skb) + size;
	atomic_set(&skb->users, 1);
	skb->head = skb->data = skb->tail = (unsigned char *)(skb + 1);
	skb->end = skb->head + size;
	return skb;
}
EXPORT_SYMBOL(alloc_skb);

/**
 * kfree_skb - drop a reference to a buffer, freeing it with the last
 * @skb: the buffer, or NULL
 */
void kfree_skb(struct sk_buff *skb)
{
	if (skb && atomic_dec_and_test(&skb->users))
		kfree(skb);
}
EXPORT_SYMBOL(kfree_skb);

/**
 * skb_clone - a buffer of its own with the same data and control block
 * @skb: the buffer
 * @priority: GFP_ flags
 *
 * Return: the copy, or NULL.
 */
struct sk_buff *skb_clone(struct sk_buff *skb, int priority)
{
	unsigned int size = (unsigned int)(skb->end - skb->head);
	struct sk_buff *n = alloc_skb(size, priority);

	if (!n)
		return NULL;
	memcpy(n->head, skb->head, size);
	n->data = n->head + (skb->data - skb->head);
	n->tail = n->head + (skb->tail - skb->head);
	n->len = skb->len;
	memcpy(n->cb, skb->cb, sizeof(n->cb));
	n->sk = skb->sk;
	return n;
}
EXPORT_SYMBOL(skb_clone);

/**
 * skb_over_panic - a driver put past the end of its buffer
 * @skb: the buffer
 * @len: what it put
 * @here: where it did
 */
void skb_over_panic(struct sk_buff *skb, int len, void *here)
{
	printk(KERN_EMERG "skb_over_panic: text:%p len:%d put:%d head:%p data:%p tail:%p end:%p\n",
	       here, skb->len, len, skb->head, skb->data, skb->tail, skb->end);
	BUG();
}
EXPORT_SYMBOL(skb_over_panic);

/**
 * skb_under_panic - a driver pushed before the start of its buffer
 * @skb: the buffer
 * @len: what it pushed
 * @here: where it did
 */
void skb_under_panic(struct sk_buff *skb, int len, void *here)
{
	printk(KERN_EMERG "skb_under_panic: text:%p len:%d put:%d head:%p data:%p tail:%p end:%p\n",
	       here, skb->len, len, skb->head, skb->data, skb->tail, skb->end);
	BUG();
}
EXPORT_SYMBOL(skb_under_panic);

/**
 * skb_queue_tail - queue a buffer at the tail
 * @list: the queue
 * @newsk: the buffer
 */
void skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk)
{
	struct sk_buff *prev;

	spin_lock(&list->lock);
	prev = list->prev;
	newsk->next = (struct sk_buff *)list;
	newsk->prev = prev;
	prev->next = newsk;
	list->prev = newsk;
	list->qlen++;
	spin_unlock(&list->lock);
}
EXPORT_SYMBOL(skb_queue_tail);

/**
 * skb_dequeue - take the buffer at the head
 * @list: the queue
 *
 * Return: it, or NULL if the queue is empty.
 */
struct sk_buff *skb_dequeue(struct sk_buff_head *list)
{
	struct sk_buff *skb = NULL;

	spin_lock(&list->lock);
	if (list->next != (struct sk_buff *)list) {
		skb = list->next;
		list->next = skb->next;
		skb->next->prev = (struct sk_buff *)list;
		skb->next = skb->prev = NULL;
		list->qlen--;
	}
	spin_unlock(&list->lock);
	return skb;
}
EXPORT_SYMBOL(skb_dequeue);

/**
 * skb_queue_purge - free every buffer of a queue
 * @list: the queue
 */
void skb_queue_purge(struct sk_buff_head *list)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(list)))
		kfree_skb(skb);
}
EXPORT_SYMBOL(skb_queue_purge);
