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

/*
 * A table of a few entries, as most sysfs directories are (a device's
 * power/ has one, the device's own five), keeps them in one chain inline,
 * and allocates nothing (a look-up compares at most eight names):
 * bits 0 means the chain is @head. It must then not be copied, since the
 * first entry points back at it. Past LDM_HTABLE_INLINE entries it gets
 * buckets, and stays with buckets.
 */
struct ldm_htable {
	union {
		struct hlist_head *buckets; /* bits > 0: 1 << bits of them */
		struct hlist_head head;	    /* bits == 0: the one chain */
	};
	unsigned int bits;
	unsigned int count;
};

#define LDM_HTABLE_INLINE 8

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

/* The chain of entries of hash @hash: never NULL. */
static inline struct hlist_head *ldm_htable_bucket(struct ldm_htable *t, u64 hash)
{
	if (!t->bits)
		return &t->head;
	return &t->buckets[hash & ((1ULL << t->bits) - 1)];
}

/* The @i-th chain, @i below 1 << bits. */
static inline struct hlist_head *ldm_htable_chain(struct ldm_htable *t, unsigned long i)
{
	return t->bits ? &t->buckets[i] : &t->head;
}

/* The bytes of heap the buckets take (none while the chain is inline). */
static inline size_t ldm_htable_mem(const struct ldm_htable *t)
{
	return t->bits ? sizeof(struct hlist_head) << t->bits : 0;
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
	for ((i) = 0; (i) < (1UL << (t)->bits); (i)++) \
		hlist_for_each_safe(pos, tmp, ldm_htable_chain((t), (i)))

#endif /* _LDM_HTABLE_H */
