/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/list.h> - circular doubly linked lists and hash lists, with the names
 * and semantics of <linux/list.h>.
 *
 * LIST_HEAD: the kernel's LIST_HEAD(name) declares a list; BSD's
 * <sys/queue.h> has LIST_HEAD(name, type) declare a list head type. Both
 * keep working in one translation unit: <sys/queue.h> is included first (its
 * include guard then keeps it from coming back), and LIST_HEAD picks the
 * kernel's meaning for one argument and BSD's for two.
 */
#ifndef _LDM_LIST_H
#define _LDM_LIST_H

#include <sys/queue.h>
#include <ldm/compiler.h>

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

#define LIST_HEAD_INIT(name) \
	{ \
		&(name), &(name) \
	}

#define __LDM_KERNEL_LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)
#define __LDM_BSD_LIST_HEAD(name, type) \
	struct name { \
		struct type *lh_first; \
	}
#define __LDM_LIST_HEAD_PICK(_1, _2, which, ...) which
#undef LIST_HEAD
#define LIST_HEAD(...) \
	__LDM_LIST_HEAD_PICK(__VA_ARGS__, __LDM_BSD_LIST_HEAD, __LDM_KERNEL_LIST_HEAD, ) \
	(__VA_ARGS__)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline void __list_add(struct list_head *entry, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = entry;
	entry->next = next;
	entry->prev = prev;
	prev->next = entry;
}

/** list_add - insert @entry right after @head (a stack) */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head, head->next);
}

/** list_add_tail - insert @entry right before @head (a queue) */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	__list_add(entry, head->prev, head);
}

static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	prev->next = next;
}

/** list_del - unlink @entry; it must not be used again before re-init */
static inline void list_del(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	entry->next = NULL;
	entry->prev = NULL;
}

/** list_del_init - unlink @entry and leave it an empty list */
static inline void list_del_init(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	INIT_LIST_HEAD(entry);
}

static inline void list_move(struct list_head *entry, struct list_head *head)
{
	__list_del(entry->prev, entry->next);
	list_add(entry, head);
}

static inline void list_move_tail(struct list_head *entry, struct list_head *head)
{
	__list_del(entry->prev, entry->next);
	list_add_tail(entry, head);
}

static inline int list_empty(const struct list_head *head)
{
	return head->next == head;
}

static inline int list_is_last(const struct list_head *entry, const struct list_head *head)
{
	return entry->next == head;
}

static inline void __list_splice(struct list_head *list, struct list_head *head)
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;
	struct list_head *at = head->next;

	first->prev = head;
	head->next = first;
	last->next = at;
	at->prev = last;
}

/** list_splice_init - join @list to the front of @head and empty @list */
static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head);
		INIT_LIST_HEAD(list);
	}
}

#define list_entry(ptr, type, member)	    container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_last_entry(ptr, type, member)  list_entry((ptr)->prev, type, member)

#define list_for_each(pos, head) for (pos = (head)->next; pos != (head); pos = pos->next)

#define list_for_each_prev(pos, head) for (pos = (head)->prev; pos != (head); pos = pos->prev)

#define list_for_each_safe(pos, n, head) \
	for (pos = (head)->next, n = pos->next; pos != (head); pos = n, n = pos->next)

#define list_for_each_entry(pos, head, member) \
	for (pos = list_entry((head)->next, __typeof__(*pos), member); &pos->member != (head); \
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_reverse(pos, head, member) \
	for (pos = list_entry((head)->prev, __typeof__(*pos), member); &pos->member != (head); \
	     pos = list_entry(pos->member.prev, __typeof__(*pos), member))

#define list_for_each_entry_safe(pos, n, head, member) \
	for (pos = list_entry((head)->next, __typeof__(*pos), member), \
	    n = list_entry(pos->member.next, __typeof__(*pos), member); \
	     &pos->member != (head); \
	     pos = n, n = list_entry(n->member.next, __typeof__(*n), member))

#define HLIST_HEAD_INIT \
	{ \
		.first = NULL \
	}
#define HLIST_HEAD(name)     struct hlist_head name = { .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

static inline int hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

static inline int hlist_empty(const struct hlist_head *h)
{
	return !h->first;
}

static inline void hlist_del_init(struct hlist_node *n)
{
	if (hlist_unhashed(n))
		return;
	*n->pprev = n->next;
	if (n->next)
		n->next->pprev = n->pprev;
	INIT_HLIST_NODE(n);
}

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	if (first)
		first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

#define hlist_for_each(pos, head) for (pos = (head)->first; pos; pos = pos->next)

#define hlist_for_each_safe(pos, n, head) \
	for (pos = (head)->first; pos && ((n = pos->next), 1); pos = n)

#define hlist_entry_safe(ptr, type, member) \
	({ \
		__typeof__(ptr) ____ptr = (ptr); \
		____ptr ? hlist_entry(____ptr, type, member) : NULL; \
	})

/* The modern three-argument form. */
#define __LDM_HLIST_FOR_EACH_ENTRY3(pos, head, member) \
	for (pos = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); pos; \
	     pos = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))

/* The four-argument form of 2.6.9, with a node cursor @pos. */
#define __LDM_HLIST_FOR_EACH_ENTRY4(tpos, pos, head, member) \
	for (pos = (head)->first; pos && ({ \
					  tpos = hlist_entry(pos, __typeof__(*tpos), member); \
					  1; \
				  }); \
	     pos = pos->next)

#define __LDM_HLIST_PICK(_1, _2, _3, _4, which, ...) which
#define hlist_for_each_entry(...) \
	__LDM_HLIST_PICK(__VA_ARGS__, __LDM_HLIST_FOR_EACH_ENTRY4, __LDM_HLIST_FOR_EACH_ENTRY3, ) \
	(__VA_ARGS__)

/* 2.6.9's <linux/list.h> has the RCU forms too. */
#include <ldm/rculist.h>

#endif /* _LDM_LIST_H */
