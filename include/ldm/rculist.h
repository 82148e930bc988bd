/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/rculist.h> - the RCU forms of the list calls, which 2.6.9 keeps in
 * <linux/list.h> (and so does <ldm/list.h>, by including this): writers
 * publish an entry with a release store, readers under rcu_read_lock()
 * walk with acquire loads, and an entry taken off is freed only after a
 * grace period (synchronize_rcu(), call_rcu()).
 */
#ifndef _LDM_RCULIST_H
#define _LDM_RCULIST_H

#include <ldm/list.h>

/* Publish @v in @p for readers; read what was published. */
#define rcu_assign_pointer(p, v) __atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define rcu_dereference(p)	 __atomic_load_n(&(p), __ATOMIC_ACQUIRE)
#define smp_read_barrier_depends() \
	do { \
	} while (0)

static inline void __list_add_rcu(struct list_head *entry, struct list_head *prev,
				  struct list_head *next)
{
	entry->next = next;
	entry->prev = prev;
	__atomic_store_n(&prev->next, entry, __ATOMIC_RELEASE);
	next->prev = entry;
}

static inline void list_add_rcu(struct list_head *entry, struct list_head *head)
{
	__list_add_rcu(entry, head, head->next);
}

static inline void list_add_tail_rcu(struct list_head *entry, struct list_head *head)
{
	__list_add_rcu(entry, head->prev, head);
}

/* Take @entry off; readers may still be on it, so its next stays valid. */
static inline void list_del_rcu(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	__atomic_store_n(&entry->prev->next, entry->next, __ATOMIC_RELEASE);
	entry->prev = NULL;
}

static inline void list_replace_rcu(struct list_head *old, struct list_head *entry)
{
	entry->next = old->next;
	entry->prev = old->prev;
	__atomic_store_n(&entry->prev->next, entry, __ATOMIC_RELEASE);
	entry->next->prev = entry;
	old->prev = NULL;
}

#define list_for_each_rcu(pos, head) \
	for (pos = rcu_dereference((head)->next); pos != (head); pos = rcu_dereference(pos->next))

#define __list_for_each_rcu(pos, head) list_for_each_rcu(pos, head)

#define list_for_each_safe_rcu(pos, n, head) \
	for (pos = rcu_dereference((head)->next), n = pos->next; pos != (head); \
	     pos = rcu_dereference(n), n = pos->next)

#define list_for_each_entry_rcu(pos, head, member) \
	for (pos = list_entry(rcu_dereference((head)->next), __typeof__(*pos), member); \
	     &pos->member != (head); \
	     pos = list_entry(rcu_dereference(pos->member.next), __typeof__(*pos), member))

#define list_for_each_continue_rcu(pos, head) \
	for ((pos) = rcu_dereference((pos)->next); (pos) != (head); \
	     (pos) = rcu_dereference((pos)->next))

static inline void hlist_del_rcu(struct hlist_node *n)
{
	struct hlist_node *next = n->next;

	__atomic_store_n(n->pprev, next, __ATOMIC_RELEASE);
	if (next)
		next->pprev = n->pprev;
	n->pprev = NULL;
}

static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	n->pprev = &h->first;
	if (first)
		first->pprev = &n->next;
	__atomic_store_n(&h->first, n, __ATOMIC_RELEASE);
}

#define hlist_for_each_rcu(pos, head) \
	for (pos = rcu_dereference((head)->first); pos; pos = rcu_dereference(pos->next))

#define hlist_for_each_entry_rcu(tpos, pos, head, member) \
	for (pos = rcu_dereference((head)->first); \
	     pos && ({ \
		     tpos = hlist_entry(pos, __typeof__(*tpos), member); \
		     1; \
	     }); \
	     pos = rcu_dereference(pos->next))

#endif /* _LDM_RCULIST_H */
