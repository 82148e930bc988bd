// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * exports.c - the runtime's export tables (the symbol tables of
 * kernel/module.c): built at boot from the __ksymtab and __ksymtab_gpl
 * sections the linker gathered, and looked up by name through a hash, not
 * by the scan 2.6.9 made.
 *
 * The export policy, chosen at boot (LDM_EXPORT_POLICY), says which of the
 * seed patch's 103 exports stay GPL-only: all of them ("seed"), those
 * mainline merged in 2.6.10 (drivers/base and fs/sysfs), or none ("2.6.9",
 * as released). The source marks them EXPORT_SYMBOL_GPL, as the patch
 * does; the policy relaxes them as the tables are built.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "boot.h"
#include "htable.h"
#include "internal.h"
#include "ksysfs.h"

/*
 * Bounds of the sections; weak, so an empty section links too, and hidden,
 * so that libldm.so reads its own tables even when the program that loads
 * it has __ksymtab sections of its own.
 */
#define SECTION_BOUND extern const struct kernel_symbol __attribute__((weak, visibility("hidden")))
SECTION_BOUND __start___ksymtab[];
SECTION_BOUND __stop___ksymtab[];
SECTION_BOUND __start___ksymtab_gpl[];
SECTION_BOUND __stop___ksymtab_gpl[];

/*
 * An entry keeps its name's hash, unlike a sysfs node: a look-up then skips
 * the other entries of its bucket without reading their names, which lie
 * scattered in the images' string tables (a cache miss each), and growing
 * the table hashes nothing again.
 */
struct export_entry {
	struct ldm_hnode hash;
	u64 hashval;
	struct ldm_export exp;	   /* its name beside the hash: one line for a look-up */
	struct list_head list;	   /* on export_list, in table order */
	struct list_head mod_list; /* on its module's exports: unloading walks only those */
	struct ldm_module *mod;	   /* the exporting module; NULL: the runtime */
};

static pthread_rwlock_t export_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct ldm_htable export_table;
static LIST_HEAD(export_list);

/* Find an export by name and its hash; under export_lock. */
static struct export_entry *find_hashed_locked(const char *name, u64 h)
{
	struct export_entry *e;

	ldm_htable_for_each_possible(&export_table, e, hash, h)
		if (e->hashval == h && !strcmp(e->exp.name, name))
			return e;
	return NULL;
}

static struct export_entry *find_locked(const char *name)
{
	return find_hashed_locked(name, ldm_hash_name(name));
}

static u64 export_hash_of(const struct ldm_hnode *n)
{
	return container_of(n, struct export_entry, hash)->hashval;
}

static int add_export(const struct kernel_symbol *sym, enum ldm_export_license license,
		      const char *owner, struct ldm_module *mod)
{
	struct export_entry *e;
	int error;

	e = find_locked(sym->name);
	if (e) {
		/* As Linux: the module is malformed, it is not "already loaded". */
		printk(KERN_ERR "%s: exports duplicate symbol %s (owned by %s)\n", owner, sym->name,
		       e->exp.owner);
		return -ENOEXEC;
	}
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->exp.name = sym->name;
	e->exp.value = sym->value;
	e->exp.license = license;
	e->exp.owner = owner;
	e->mod = mod;
	e->hashval = ldm_hash_name(sym->name);
	error = ldm_htable_add(&export_table, &e->hash, e->hashval, export_hash_of);
	if (error) {
		kfree(e);
		return error;
	}
	list_add_tail(&e->list, &export_list);
	if (mod)
		list_add_tail(&e->mod_list, &mod->exports);
	return 0;
}

enum export_policy { POLICY_SEED, POLICY_2_6_10, POLICY_2_6_9, NR_POLICIES };

static const char *const policy_names[NR_POLICIES] = {
	[POLICY_SEED] = "seed",
	[POLICY_2_6_10] = "2.6.10",
	[POLICY_2_6_9] = "2.6.9",
};

static enum export_policy export_policy; /* set at boot, read-only after */

static int policy_by_name(const char *name)
{
	int i;

	for (i = 0; i < NR_POLICIES; i++)
		if (!strcmp(name, policy_names[i]))
			return i;
	return -EINVAL;
}

static int by_patch_name(const void *key, const void *elt)
{
	return strcmp(key, ((const struct ldm_patch_export *)elt)->name);
}

/* What @policy makes of one of the seed patch's exports. */
static enum ldm_export_license patch_export_license(enum export_policy policy,
						    const struct ldm_patch_export *pe)
{
	if (policy == POLICY_SEED)
		return LDM_EXPORT_GPL;
	if (policy == POLICY_2_6_10)
		return strcmp(pe->file, "lib/kobject.c") ? LDM_EXPORT_GPL : LDM_EXPORT_ALL;
	return LDM_EXPORT_ALL;
}

/* What the policy makes of one of the runtime's EXPORT_SYMBOL_GPL exports. */
static enum ldm_export_license policy_license(const char *name)
{
	const struct ldm_patch_export *table, *pe;
	size_t n;

	table = ldm_patch_exports(&n);
	pe = bsearch(name, table, n, sizeof(*table), by_patch_name);
	return pe ? patch_export_license(export_policy, pe) : LDM_EXPORT_GPL;
}

static int add_table(const struct kernel_symbol *start, const struct kernel_symbol *stop,
		     enum ldm_export_license license)
{
	const struct kernel_symbol *sym;
	int error;

	for (sym = start; sym && sym < stop; sym++) {
		error = add_export(sym,
				   license == LDM_EXPORT_GPL ? policy_license(sym->name) : license,
				   "ldm", NULL);
		if (error)
			return error;
	}
	return 0;
}

/* The policy of LDM_EXPORT_POLICY; "seed" when unset or empty. */
static int read_policy(void)
{
	const char *env = getenv("LDM_EXPORT_POLICY");
	int policy;

	if (!env || !*env)
		return POLICY_SEED;
	policy = policy_by_name(env);
	if (policy < 0)
		printk(KERN_ERR "ldm: LDM_EXPORT_POLICY=%s: no such export policy (seed, 2.6.10 "
				"or 2.6.9)\n",
		       env);
	return policy;
}

int ldm_export_init(void)
{
	int error;

	error = read_policy();
	if (error < 0)
		return error;
	export_policy = (enum export_policy)error;
	pthread_rwlock_wrlock(&export_lock);
	error = add_table(__start___ksymtab, __stop___ksymtab, LDM_EXPORT_ALL);
	if (!error)
		error = add_table(__start___ksymtab_gpl, __stop___ksymtab_gpl, LDM_EXPORT_GPL);
	pthread_rwlock_unlock(&export_lock);
	if (error)
		ldm_export_exit();
	return error;
}

void ldm_export_exit(void)
{
	struct export_entry *e, *n;

	pthread_rwlock_wrlock(&export_lock);
	list_for_each_entry_safe(e, n, &export_list, list) {
		list_del(&e->list);
		kfree(e);
	}
	ldm_htable_destroy(&export_table);
	pthread_rwlock_unlock(&export_lock);
}

void ldm_export_remove_module(struct ldm_module *mod);

static void remove_entry(struct export_entry *e)
{
	ldm_htable_del(&export_table, &e->hash);
	list_del(&e->list);
	if (e->mod)
		list_del(&e->mod_list);
	kfree(e);
}

/**
 * ldm_export_add_module - add the exports of a module being loaded
 * @syms: its __ksymtab or __ksymtab_gpl entries, relocated
 * @n: how many
 * @license: which table they came from
 * @owner: the module's name, kept by pointer: it must outlive the exports
 * @mod: the module
 *
 * Return: 0; -ENOEXEC (with a message naming the symbol and its owner) if
 * a name is exported already, -ENOMEM.
 * On error no export of @mod is left in the tables, from this call or an
 * earlier one.
 */
int ldm_export_add_module(const struct kernel_symbol *syms, size_t n,
			  enum ldm_export_license license, const char *owner,
			  struct ldm_module *mod)
{
	size_t i;
	int error = 0;

	pthread_rwlock_wrlock(&export_lock);
	for (i = 0; i < n && !error; i++)
		error = add_export(&syms[i], license, owner, mod);
	pthread_rwlock_unlock(&export_lock);
	if (error)
		ldm_export_remove_module(mod);
	return error;
}

/**
 * ldm_export_remove_module - remove every export of a module
 * @mod: the module
 */
void ldm_export_remove_module(struct ldm_module *mod)
{
	struct export_entry *e, *n;

	pthread_rwlock_wrlock(&export_lock);
	list_for_each_entry_safe(e, n, &mod->exports, mod_list)
		remove_entry(e);
	pthread_rwlock_unlock(&export_lock);
}

/**
 * ldm_export_read_lock - hold the tables still for a run of look-ups
 *
 * A load binds a thousand names under one lock taken once, not one each:
 * two atomic operations a name were a tenth of the load.
 */
void ldm_export_read_lock(void)
{
	pthread_rwlock_rdlock(&export_lock);
}

/**
 * ldm_export_read_unlock - let go of the tables held by ldm_export_read_lock()
 */
void ldm_export_read_unlock(void)
{
	pthread_rwlock_unlock(&export_lock);
}

/**
 * ldm_export_find_locked - ldm_export_lookup(), and the exporting module;
 * the caller holds ldm_export_read_lock()
 * @name: the symbol's name
 * @ret: filled in when found
 * @owner: set to the exporting module, NULL for the runtime
 */
int ldm_export_find_locked(const char *name, struct ldm_export *ret, struct ldm_module **owner)
{
	return ldm_export_find_hashed_locked(name, ldm_hash_name(name), ret, owner);
}

/**
 * ldm_export_find_hashed_locked - ldm_export_find_locked() of a name whose
 * hash the caller has (ldm_export_prefetch_locked() gave it)
 * @name: the symbol's name
 * @hash: ldm_hash_name() of @name
 * @ret: filled in when found
 * @owner: set to the exporting module, NULL for the runtime
 */
int ldm_export_find_hashed_locked(const char *name, u64 hash, struct ldm_export *ret,
				  struct ldm_module **owner)
{
	struct export_entry *e = find_hashed_locked(name, hash);

	if (!e)
		return -ENOENT;
	*ret = e->exp;
	*owner = e->mod;
	return 0;
}

/**
 * ldm_export_prefetch_locked - start bringing what the look-ups of @n names
 * read into the caches; the caller holds ldm_export_read_lock()
 * @names: the names
 * @hashes: filled in with their ldm_hash_name(), for the look-ups
 * @n: how many
 *
 * In a table of 10^5 exports a look-up is three dependent cache misses:
 * the bucket, the entry, the name it compares. Made one name after the
 * other, binding 1,000 imports waits for 3,000 misses in turn. Three passes
 * over all the names, each prefetching what the one before made readable
 * (the buckets, then their first entries, then those entries' names), let
 * the misses of every name overlap; the look-ups then find their lines in
 * the caches. It changes no result: a look-up still walks its bucket.
 */
void ldm_export_prefetch_locked(const char *const *names, u64 *hashes, size_t n)
{
	struct hlist_head *b;
	size_t i;

	for (i = 0; i < n; i++) {
		hashes[i] = ldm_hash_name(names[i]);
		__builtin_prefetch(ldm_htable_bucket(&export_table, hashes[i]));
	}
	for (i = 0; i < n; i++) {
		b = ldm_htable_bucket(&export_table, hashes[i]);
		if (b->first)
			__builtin_prefetch(b->first);
	}
	for (i = 0; i < n; i++) {
		b = ldm_htable_bucket(&export_table, hashes[i]);
		if (b->first)
			__builtin_prefetch(
				hlist_entry(b->first, struct export_entry, hash.node)->exp.name);
	}
}

/**
 * ldm_export_lookup - find an exported symbol by name
 * @name: the symbol's name
 * @ret: filled in when found; its strings live as long as the export
 *
 * Return: 0, or -ENOENT if nothing exports @name.
 */
int ldm_export_lookup(const char *name, struct ldm_export *ret)
{
	struct export_entry *e;

	if (!name || !ret)
		return -EINVAL;
	pthread_rwlock_rdlock(&export_lock);
	e = find_locked(name);
	if (e)
		*ret = e->exp;
	pthread_rwlock_unlock(&export_lock);
	return e ? 0 : -ENOENT;
}

/**
 * ldm_export_for_each - call @fn for every export, in table order
 * @fn: the callback; a non-zero return stops the walk. It must not change
 *      the tables (load or unload a module).
 * @data: passed to @fn
 *
 * Return: 0, or what @fn returned.
 */
int ldm_export_for_each(int (*fn)(const struct ldm_export *exp, void *data), void *data)
{
	struct export_entry *e;
	int ret = 0;

	if (!fn)
		return -EINVAL;
	pthread_rwlock_rdlock(&export_lock);
	list_for_each_entry(e, &export_list, list) {
		ret = fn(&e->exp, data);
		if (ret)
			break;
	}
	pthread_rwlock_unlock(&export_lock);
	return ret;
}

/**
 * ldm_export_license_name - "EXPORT_SYMBOL" or "EXPORT_SYMBOL_GPL"
 * @license: the class
 */
const char *ldm_export_license_name(enum ldm_export_license license)
{
	return license == LDM_EXPORT_GPL ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL";
}

/**
 * ldm_export_policy - the export policy the runtime booted with
 *
 * Return: "seed", "2.6.10" or "2.6.9"; "seed" before the first ldm_init().
 */
const char *ldm_export_policy(void)
{
	return policy_names[export_policy];
}

/**
 * ldm_export_policy_valid - whether @name names an export policy
 * @name: "seed", "2.6.10" or "2.6.9" are
 *
 * Return: 0, or -EINVAL.
 */
int ldm_export_policy_valid(const char *name)
{
	return name && policy_by_name(name) >= 0 ? 0 : -EINVAL;
}

/**
 * ldm_export_policy_for_each - the 103 exports of the seed patch, sorted by
 * name, each with what an export policy makes it; needs no ldm_init()
 * @policy: "seed", "2.6.10" or "2.6.9"
 * @fn: called with each name and its license under @policy (LDM_EXPORT_GPL
 *	or LDM_EXPORT_ALL); a non-zero return stops the walk
 * @data: passed to @fn
 *
 * Return: 0, -EINVAL for a name that is no policy, or what @fn returned.
 */
int ldm_export_policy_for_each(const char *policy,
			       int (*fn)(const char *name, enum ldm_export_license license,
					 void *data),
			       void *data)
{
	const struct ldm_patch_export *table;
	int p = policy ? policy_by_name(policy) : -EINVAL;
	size_t n, i;
	int ret = 0;

	if (p < 0)
		return -EINVAL;
	table = ldm_patch_exports(&n);
	for (i = 0; i < n && !ret; i++)
		ret = fn(table[i].name, patch_export_license((enum export_policy)p, &table[i]),
			 data);
	return ret;
}

static ssize_t export_policy_show(struct subsystem *s, char *page)
{
	(void)s;
	return sprintf(page, "%s\n", policy_names[export_policy]);
}

static struct subsys_attribute export_policy_attr =
	__ATTR(export_policy, 0444, export_policy_show, NULL);

/* /kernel/export_policy; /kernel takes it away with it. */
int ldm_export_sysfs_init(void)
{
	return subsys_create_file(&kernel_subsys, &export_policy_attr);
}
