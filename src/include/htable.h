/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * htable.h - a chained hash table of names that grows as it fills, for the
 * directories of sysfs and the export tables. Intrusive: the entry embeds a
 * struct ldm_hnode. Not locked: the user holds its own lock.
 */
#ifndef _LDM_HTABLE_H
#define _LDM_HTABLE_H

#include <string.h>
#include <ldm/list.h>
#include <ldm/types.h>

/*
 * The hash is not kept in the entry (a sysfs node would pay 8 bytes for it):
 * look-ups compare keys, and growing the table asks the hash of each entry
 * again through the function given to ldm_htable_add().
 */
struct ldm_hnode {
	struct hlist_node node;
};

typedef u64 (*ldm_hnode_hash_fn)(const struct ldm_hnode *n);

struct ldm_htable {
	struct hlist_head *buckets; /* NULL until the first add */
	unsigned int bits;
	unsigned int count;
};

/**
 * ldm_hash_name - FNV-1a of a NUL-terminated name
 * @name: the name
 */
static inline u64 ldm_hash_name(const char *name)
{
	u64 h = 0xcbf29ce484222325ULL;

	while (*name) {
		h ^= (unsigned char)*name++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static inline void ldm_htable_init(struct ldm_htable *t)
{
	t->buckets = NULL;
	t->bits = 0;
	t->count = 0;
}

static inline struct hlist_head *ldm_htable_bucket(const struct ldm_htable *t, u64 hash)
{
	if (!t->buckets)
		return NULL;
	return &t->buckets[hash & ((1ULL << t->bits) - 1)];
}

int ldm_htable_add(struct ldm_htable *t, struct ldm_hnode *n, u64 hash, ldm_hnode_hash_fn hash_of);
void ldm_htable_del(struct ldm_htable *t, struct ldm_hnode *n);
void ldm_htable_destroy(struct ldm_htable *t);

/*
 * Walk the entries of @t that may have hash @hash_ (its bucket); @pos is the
 * entry type. The caller compares keys.
 */
#define ldm_htable_for_each_possible(t, pos, member, hash_) \
	for (struct hlist_head *__b = ldm_htable_bucket((t), (hash_)); __b; __b = NULL) \
		hlist_for_each_entry(pos, __b, member.node)

/* Walk every entry of @t, which may be removed meanwhile (no add). */
#define ldm_htable_for_each_safe(t, i, pos, tmp) \
	for ((i) = 0; (t)->buckets && (i) < (1UL << (t)->bits); (i)++) \
		hlist_for_each_safe(pos, tmp, &(t)->buckets[i])

#endif /* _LDM_HTABLE_H */
