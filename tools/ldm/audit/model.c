// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * model.c - what `ldm audit` knows once the tree and its base are read:
 * one table of symbols, every export of each (the base's, the modules'),
 * the export each symbol binds to (the last module in the tree's order that
 * exports it, as depmod has it, else the base), who imports it, and what
 * the loader would refuse.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool-grow.h"
#include "audit.h"

const char *const audit_reason_names[NR_REASONS] = {
	[REASON_GPL_ONLY] = "gpl-only",	      [REASON_NAMESPACE] = "namespace",
	[REASON_RESTRICTED] = "restricted",   [REASON_UNRESOLVED] = "unresolved",
	[REASON_PROPRIETARY] = "proprietary",
};

/* FNV-1a: the table's own hash; quality enough, and short. */
static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static int rehash(struct audit *a, size_t size)
{
	uint32_t *slots = calloc(size, sizeof(*slots));
	size_t i, j;

	if (!slots)
		return -ENOMEM;
	for (i = 0; i < a->nsyms; i++) {
		for (j = a->syms[i].hash & (size - 1); slots[j]; j = (j + 1) & (size - 1))
			;
		slots[j] = (uint32_t)i + 1;
	}
	free(a->hash_slots);
	a->hash_slots = slots;
	a->hash_size = size;
	return 0;
}

/**
 * audit_find_sym - the symbol named @name
 * @a: the audit
 * @name: the name
 *
 * Return: its index, or -1.
 */
int audit_find_sym(const struct audit *a, const char *name)
{
	uint32_t h = name_hash(name);
	size_t j;

	if (!a->hash_size)
		return -1;
	for (j = h & (a->hash_size - 1); a->hash_slots[j]; j = (j + 1) & (a->hash_size - 1)) {
		const struct audit_sym *s = &a->syms[a->hash_slots[j] - 1];

		if (s->hash == h && !strcmp(s->name, name))
			return (int)(a->hash_slots[j] - 1);
	}
	return -1;
}

/**
 * audit_intern - the symbol named @name, added if new
 * @a: the audit
 * @name: the name, kept by pointer: it must live as long as the audit
 *
 * Return: its index, or UINT32_MAX when out of memory.
 */
uint32_t audit_intern(struct audit *a, const char *name)
{
	uint32_t h = name_hash(name);
	struct audit_sym *s;
	size_t j;

	if (a->nsyms * 2 >= a->hash_size && rehash(a, a->hash_size ? a->hash_size * 2 : 1 << 15))
		return UINT32_MAX;
	for (j = h & (a->hash_size - 1); a->hash_slots[j]; j = (j + 1) & (a->hash_size - 1)) {
		s = &a->syms[a->hash_slots[j] - 1];
		if (s->hash == h && !strcmp(s->name, name))
			return a->hash_slots[j] - 1;
	}
	if (TOOL_GROW(a->syms, a->symcap, a->nsyms + 1, 1 << 14))
		return UINT32_MAX;
	s = &a->syms[a->nsyms];
	*s = (struct audit_sym){ .name = name, .hash = h, .owner = -1 };
	a->hash_slots[j] = (uint32_t)a->nsyms + 1;
	return (uint32_t)a->nsyms++;
}

/**
 * audit_add_export - record an export
 * @a: the audit
 * @name: the symbol, kept by pointer
 * @module: the exporting module's index, or -1 for the base
 * @provider: its name for output: the module's, "vmlinux", "ldm"
 * @ns: its namespace, "" when none
 * @gpl: EXPORT_SYMBOL_GPL
 *
 * Return: 0 or -ENOMEM.
 */
int audit_add_export(struct audit *a, const char *name, int module, const char *provider,
		     const char *ns, bool gpl)
{
	uint32_t sym = audit_intern(a, name);
	struct audit_export *e;

	if (sym == UINT32_MAX)
		return -ENOMEM;
	if (TOOL_GROW(a->exports, a->expcap, a->nexports + 1, 1 << 14))
		return -ENOMEM;
	e = &a->exports[a->nexports++];
	*e = (struct audit_export){
		.sym = sym, .module = module, .provider = provider, .ns = ns, .gpl = gpl
	};
	return 0;
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/*
 * Module.symvers' lines of a module the tree has: its file tells its
 * exports, so they go; those of modules the tree lacks stay as providers.
 * Both names are kmod's ('-' as '_').
 */
static int drop_standins(struct audit *a)
{
	const char **names = malloc((a->nmodules + 1) * sizeof(*names));
	size_t i, n = 0, kept = 0;

	if (!names)
		return -ENOMEM;
	for (i = 0; i < a->nmodules; i++)
		if (!a->modules[i].failed)
			names[n++] = a->modules[i].name;
	audit_sort(names, n, sizeof(*names), by_name);
	for (i = 0; i < a->nexports; i++) {
		const struct audit_export *e = &a->exports[i];

		if (e->standin && n && bsearch(&e->provider, names, n, sizeof(*names), by_name))
			continue;
		a->exports[kept++] = *e;
	}
	free(names);
	a->nexports = kept;
	a->nbase_exports = kept;
	return 0;
}

/**
 * audit_join - put the modules' exports and imports into the table (the
 * base's are in it already)
 * @a: the audit, its tree read
 *
 * Return: 0 or -ENOMEM.
 */
int audit_join(struct audit *a)
{
	size_t i, j;
	int error;

	if (a->joined)
		return 0;
	error = drop_standins(a);
	if (error)
		return error;
	for (i = 0; i < a->nmodules; i++) {
		struct audit_module *m = &a->modules[i];

		if (m->failed)
			continue;
		for (j = 0; j < m->nexports; j++) {
			error = audit_add_export(a, m->exports[j].name, (int)i, m->name,
						 m->exports[j].ns, m->exports[j].gpl);
			if (error)
				return error;
		}
		for (j = 0; j < m->nimports; j++) {
			m->imports[j].sym = audit_intern(a, m->imports[j].name);
			if (m->imports[j].sym == UINT32_MAX)
				return -ENOMEM;
		}
	}
	a->joined = true;
	audit_resolve(a);
	return 0;
}

/**
 * audit_resolve - who provides each symbol, and how many modules import it
 * @a: the audit, joined; again after an export changed (what-if)
 *
 * A module's export beats the base's, and of two modules the later in the
 * tree's order wins, as in depmod. Exports marked removed provide nothing.
 */
void audit_resolve(struct audit *a)
{
	size_t i, j;

	for (i = 0; i < a->nsyms; i++) {
		a->syms[i].owner = -1;
		a->syms[i].nusers = 0;
		a->syms[i].nexports = 0;
	}
	/* Base first, then modules in order: the last one seen wins. */
	for (i = 0; i < a->nexports; i++) {
		struct audit_export *e = &a->exports[i];
		struct audit_sym *s = &a->syms[e->sym];

		if (e->removed)
			continue;
		s->nexports++;
		if (s->owner < 0 || e->module >= 0)
			s->owner = (int)i;
	}
	for (i = 0; i < a->nmodules; i++) {
		const struct audit_module *m = &a->modules[i];

		if (m->failed)
			continue;
		for (j = 0; j < m->nimports; j++)
			a->syms[m->imports[j].sym].nusers++;
	}
}

/**
 * audit_find_module - a module of the tree by name ('-' and '_' alike), or
 * by the path it was found at
 * @a: the audit
 * @name: the name or path
 *
 * Return: its index, or -1.
 */
int audit_find_module(const struct audit *a, const char *name)
{
	size_t i;

	for (i = 0; i < a->nmodules; i++)
		if (audit_name_eq(a->modules[i].name, name) || !strcmp(a->modules[i].path, name))
			return (int)i;
	return -1;
}

/** audit_export_type - "EXPORT_SYMBOL_GPL" or "EXPORT_SYMBOL", as Module.symvers */
const char *audit_export_type(bool gpl)
{
	return gpl ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL";
}

/**
 * audit_license - the license that decides for a module: the first that is
 * not GPL-compatible, else the first; "unspecified" when it has none (as
 * the kernel calls it)
 * @m: the module
 */
const char *audit_license(const struct audit_module *m)
{
	if (m->bad_license)
		return m->bad_license;
	return m->license ? m->license : "unspecified";
}

static bool imports_ns(const struct audit_module *m, const char *ns)
{
	size_t i;

	for (i = 0; i < m->nimport_ns; i++)
		if (!strcmp(m->import_ns[i], ns))
			return true;
	return false;
}

/*
 * Whether @modname is among the modules a restricted export names: "a,b*"
 * after "module:", each a name or a prefix ending in '*', '-' and '_'
 * alike, as the kernel's module namespaces have it.
 */
static bool restricted_allows(const char *list, const char *modname)
{
	size_t mlen = strlen(modname);

	while (*list) {
		const char *sep = strchr(list, ',');
		size_t len = sep ? (size_t)(sep - list) : strlen(list), i;
		bool glob = len && list[len - 1] == '*', same = true;

		if (glob)
			len--;
		if (glob ? len <= mlen : len == mlen) {
			for (i = 0; i < len && same; i++)
				same = list[i] == modname[i] ||
				       ((list[i] == '-' || list[i] == '_') &&
					(modname[i] == '-' || modname[i] == '_'));
			if (same)
				return true;
		}
		list += len + glob + (sep ? 1 : 0);
	}
	return false;
}

struct violation_list {
	struct audit_violation *v;
	size_t n, cap;
};

static int add_violation(struct violation_list *l, size_t module, size_t import,
			 enum audit_reason reason, int export)
{
	if (TOOL_GROW(l->v, l->cap, l->n + 1, 256))
		return -ENOMEM;
	l->v[l->n++] =
		(struct audit_violation){ (uint32_t)module, (uint32_t)import, reason, export };
	return 0;
}

/* What the loader refuses of one import: unresolved, namespace, then license. */
static int check_import(const struct audit *a, struct violation_list *l, size_t mi, size_t j,
			bool *uses_gpl)
{
	const struct audit_module *m = &a->modules[mi];
	const struct audit_mod_import *imp = &m->imports[j];
	int owner = a->syms[imp->sym].owner;
	const struct audit_export *e;
	int error = 0;

	if (owner < 0)
		return imp->weak ? 0 : add_violation(l, mi, j, REASON_UNRESOLVED, -1);
	e = &a->exports[owner];
	if (!strncmp(e->ns, "module:", 7)) {
		if (!restricted_allows(e->ns + 7, m->name))
			error = add_violation(l, mi, j, REASON_RESTRICTED, owner);
	} else if (*e->ns && !imports_ns(m, e->ns)) {
		error = add_violation(l, mi, j, REASON_NAMESPACE, owner);
	}
	if (!error && e->gpl && !m->gpl_compatible)
		error = add_violation(l, mi, j, REASON_GPL_ONLY, owner);
	if (e->gpl)
		*uses_gpl = true;
	return error;
}

/*
 * A module that uses GPL-only symbols may not use a proprietary module's
 * exports (the kernel's "module using GPL-only symbols uses symbols from
 * proprietary module"): checked, as ldm's loader does, once all are bound.
 * Proprietary is the kernel's taint: the first license tag decides.
 */
static int check_proprietary(const struct audit *a, struct violation_list *l, size_t mi)
{
	const struct audit_module *m = &a->modules[mi];
	size_t j;
	int error = 0;

	for (j = 0; j < m->nimports && !error; j++) {
		int owner = a->syms[m->imports[j].sym].owner;
		const struct audit_export *e = owner >= 0 ? &a->exports[owner] : NULL;

		if (e && e->module >= 0 && a->modules[e->module].tainted)
			error = add_violation(l, mi, j, REASON_PROPRIETARY, owner);
	}
	return error;
}

/**
 * audit_violations - everything the loader would refuse, module by module
 * in the tree's order, each module's in symbol table order
 * @a: the audit, resolved
 * @ret: gets the array (free() it)
 * @n: gets its length
 *
 * Return: 0 or -ENOMEM.
 */
int audit_violations(struct audit *a, struct audit_violation **ret, size_t *n)
{
	struct violation_list l = { 0 };
	size_t i, j;
	int error = 0;

	for (i = 0; i < a->nmodules && !error; i++) {
		const struct audit_module *m = &a->modules[i];
		bool uses_gpl = false;

		if (m->failed)
			continue;
		for (j = 0; j < m->nimports && !error; j++)
			error = check_import(a, &l, i, j, &uses_gpl);
		if (!error && uses_gpl && !m->tainted)
			error = check_proprietary(a, &l, i);
	}
	if (error) {
		free(l.v);
		return error;
	}
	*ret = l.v;
	*n = l.n;
	return 0;
}

/* Whether module @mi imports a GPL-only export (as resolved now). */
static bool module_uses_gpl(const struct audit *a, size_t mi)
{
	const struct audit_module *m = &a->modules[mi];
	size_t j;

	for (j = 0; j < m->nimports; j++) {
		int owner = a->syms[m->imports[j].sym].owner;

		if (owner >= 0 && a->exports[owner].gpl)
			return true;
	}
	return false;
}

/* Module @mi's violations on its imports of @changed symbols; whether it has any. */
static int changed_imports(const struct audit *a, struct violation_list *l, size_t mi,
			   const bool *changed, bool *any)
{
	const struct audit_module *m = &a->modules[mi];
	bool ignored;
	size_t j;
	int error = 0;

	for (j = 0; j < m->nimports && !error; j++) {
		if (!changed[m->imports[j].sym])
			continue;
		*any = true;
		error = check_import(a, l, mi, j, &ignored);
	}
	return error;
}

/**
 * audit_violations_changed - the violations on the imports a change of
 * the exports of some symbols touches, before or after it
 * @a: the audit, resolved as the tree is before (or after) the change
 * @changed: an array of a->nsyms: the symbols whose exports it changes
 * @uses_gpl: an array of a->nmodules: before, gets whether each module
 *	that imports a changed symbol uses GPL-only exports; after, says it
 * @after: which of the two
 * @ret: gets the array (free() it)
 * @n: gets its length
 *
 * A change touches only the imports of the changed symbols, and, through
 * the proprietary rule, a module it makes a user of GPL-only exports. So
 * the violations it brings are those of after (which has that module's
 * proprietary ones on every import) that before has not: neither needs
 * the rest of the tree checked. The proprietary rule's violations on a
 * changed import need no look of their own: a change makes an export
 * GPL-only or not, moves it to a namespace, takes it away or adds one of
 * the base, so what an import binds to is never newly a proprietary
 * module's; one that was stays so, or binds to nothing.
 *
 * Return: 0 or -ENOMEM.
 */
int audit_violations_changed(struct audit *a, const bool *changed, bool *uses_gpl, bool after,
			     struct audit_violation **ret, size_t *n)
{
	struct violation_list l = { 0 };
	size_t i;
	int error = 0;

	for (i = 0; i < a->nmodules && !error; i++) {
		const struct audit_module *m = &a->modules[i];
		bool any = false, gpl, flipped;

		if (m->failed)
			continue;
		error = changed_imports(a, &l, i, changed, &any);
		if (error || !any)
			continue;
		gpl = module_uses_gpl(a, i);
		flipped = after && gpl && !uses_gpl[i];
		if (!after)
			uses_gpl[i] = gpl;
		if (flipped && !m->tainted)
			error = check_proprietary(a, &l, i);
	}
	if (error) {
		free(l.v);
		return error;
	}
	*ret = l.v;
	*n = l.n;
	return 0;
}

/**
 * audit_violation_cmp - order violations by module, import, reason (qsort)
 * @x: one
 * @y: the other
 */
int audit_violation_cmp(const void *x, const void *y)
{
	const struct audit_violation *a = x, *b = y;

	if (a->module != b->module)
		return a->module < b->module ? -1 : 1;
	if (a->import != b->import)
		return a->import < b->import ? -1 : 1;
	return (int)a->reason - (int)b->reason;
}

/**
 * audit_print_violations - print violations as records: MODULE LICENSE
 * SYMBOL REASON PROVIDER ("-" for a symbol nobody provides)
 * @a: the audit
 * @v: the violations
 * @n: how many
 *
 * Return: how many records were printed, or -ENOMEM.
 */
int audit_print_violations(struct audit *a, const struct audit_violation *v, size_t n)
{
	static const char *const keys[] = { "module", "license", "symbol", "reason", "provider" };
	struct record_set rs = { .keys = keys, .ncols = 5 };
	size_t i;
	int printed;

	for (i = 0; i < n; i++) {
		const struct audit_module *m = &a->modules[v[i].module];
		const char *cols[5] = {
			m->name,
			audit_license(m),
			m->imports[v[i].import].name,
			audit_reason_names[v[i].reason],
			v[i].export >= 0 ? a->exports[v[i].export].provider : "-",
		};

		if (records_add(&rs, cols)) {
			records_free(&rs);
			return -ENOMEM;
		}
	}
	printed = records_print(&rs, a->json);
	records_free(&rs);
	return printed;
}

/**
 * audit_prepare - read the tree, and its base if the question needs it or
 * one was named, and join them
 * @a: the audit
 * @need_base: the question needs the base exports
 *
 * Return: 0, or AUDIT_ERROR after saying why.
 */
int audit_prepare(struct audit *a, bool need_base)
{
	bool wanted = need_base || a->symvers || a->runtime;
	int error;

	/* The base first: a missing Module.symvers is said before a long read. */
	audit_set_treedir(a);
	if (a->ntrees == 1 && !a->treedir && access(a->trees[0], F_OK))
		error = audit_load_tree(a); /* says the tree is missing */
	else
		error = audit_load_base(a, wanted);
	if (!error)
		error = audit_load_tree(a);
	if (!error)
		error = audit_join(a);
	if (!error)
		audit_check_base(a);
	if (error == -ENOMEM)
		fprintf(stderr, "ldm audit: out of memory\n");
	return error ? AUDIT_ERROR : 0;
}

/** audit_free - free what the audit read */
void audit_free(struct audit *a)
{
	free(a->modules);
	free(a->syms);
	free(a->hash_slots);
	free(a->exports);
	free(a->trees);
	free(a->gpl_only);
	free(a->unexport);
	free(a->patches);
	arena_free(&a->arena);
}
