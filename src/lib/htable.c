// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * htable.c - the name hash table behind sysfs directories and the export
 * tables. Buckets double when the load passes one entry per bucket, so a
 * look-up stays O(1) in a directory of a million entries.
 */
#include <errno.h>
#include <ldm/slab.h>

#include "htable.h"

#define HTABLE_MIN_BITS 1
#define HTABLE_MAX_BITS 30

static int htable_resize(struct ldm_htable *t, unsigned int bits, ldm_hnode_hash_fn hash_of)
{
	struct hlist_head *nb;
	size_t i, old = t->buckets ? (1UL << t->bits) : 0;

	nb = kcalloc(1UL << bits, sizeof(*nb), GFP_KERNEL);
	if (!nb)
		return -ENOMEM;
	for (i = 0; i < old; i++) {
		struct hlist_node *pos, *n;

		hlist_for_each_safe(pos, n, &t->buckets[i]) {
			struct ldm_hnode *e = hlist_entry(pos, struct ldm_hnode, node);

			hlist_add_head(&e->node, &nb[hash_of(e) & ((1ULL << bits) - 1)]);
		}
	}
	kfree(t->buckets);
	t->buckets = nb;
	t->bits = bits;
	return 0;
}

/**
 * ldm_htable_add - insert an entry
 * @t: the table
 * @n: the entry's node
 * @hash: the entry's hash (ldm_hash_name() of its name)
 * @hash_of: gives the hash of any entry of @t again, to grow the table
 *
 * Return: 0, or -ENOMEM if the table had no buckets yet and none could be
 * allocated. A failed growth is not an error: the table only gets slower.
 */
int ldm_htable_add(struct ldm_htable *t, struct ldm_hnode *n, u64 hash, ldm_hnode_hash_fn hash_of)
{
	if (!t->buckets && htable_resize(t, HTABLE_MIN_BITS, hash_of))
		return -ENOMEM;
	if (t->count >= (1UL << t->bits) && t->bits < HTABLE_MAX_BITS)
		htable_resize(t, t->bits + 1, hash_of);
	hlist_add_head(&n->node, ldm_htable_bucket(t, hash));
	t->count++;
	return 0;
}

/**
 * ldm_htable_del - remove an entry added with ldm_htable_add()
 * @t: the table
 * @n: the entry's node
 */
void ldm_htable_del(struct ldm_htable *t, struct ldm_hnode *n)
{
	if (hlist_unhashed(&n->node))
		return;
	hlist_del_init(&n->node);
	t->count--;
}

/**
 * ldm_htable_destroy - free the buckets; the entries are the caller's
 * @t: the table
 */
void ldm_htable_destroy(struct ldm_htable *t)
{
	kfree(t->buckets);
	ldm_htable_init(t);
}
