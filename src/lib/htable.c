// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * htable.c - the name hash table behind sysfs directories and the export
 * tables. A few entries sit in one inline chain; past them buckets double
 * as the table fills (two entries a bucket while they are few, then one),
 * so a look-up stays O(1) in a directory of a million entries.
 */
#include <errno.h>
#include <ldm/slab.h>

#include "htable.h"

#define HTABLE_MAX_BITS 30

static int htable_resize(struct ldm_htable *t, unsigned int bits, ldm_hnode_hash_fn hash_of)
{
	struct hlist_head *nb;
	size_t i, old = 1UL << t->bits;

	nb = kcalloc(1UL << bits, sizeof(*nb), GFP_KERNEL);
	if (!nb)
		return -ENOMEM;
	for (i = 0; i < old; i++) {
		struct hlist_node *pos, *n;

		hlist_for_each_safe(pos, n, ldm_htable_chain(t, i)) {
			struct ldm_hnode *e = hlist_entry(pos, struct ldm_hnode, node);

			hlist_add_head(&e->node, &nb[hash_of(e) & ((1ULL << bits) - 1)]);
		}
	}
	if (t->bits)
		kfree(t->buckets);
	t->buckets = nb;
	t->bits = bits;
	return 0;
}

/*
 * Entries past which @t grows: LDM_HTABLE_INLINE in the inline chain (then
 * to eight buckets); two a bucket while the buckets are few, so that a
 * directory of ten or twenty asks little of malloc; then one a bucket.
 */
static unsigned long htable_max_load(const struct ldm_htable *t)
{
	if (!t->bits)
		return LDM_HTABLE_INLINE;
	return t->bits < 4 ? 2UL << t->bits : 1UL << t->bits;
}

/**
 * ldm_htable_add - insert an entry
 * @t: the table
 * @n: the entry's node
 * @hash: the entry's hash (ldm_hash_name() of its name)
 * @hash_of: gives the hash of any entry of @t again, to grow the table
 *
 * Return: 0. A failed growth is not an error: the table only gets slower.
 */
int ldm_htable_add(struct ldm_htable *t, struct ldm_hnode *n, u64 hash, ldm_hnode_hash_fn hash_of)
{
	if (t->count >= htable_max_load(t) && t->bits < HTABLE_MAX_BITS)
		htable_resize(t, t->bits ? t->bits + 1 : 3, hash_of);
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
	if (t->bits)
		kfree(t->buckets);
	ldm_htable_init(t);
}
