// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * whatif.c - `ldm audit what-if`: the violations a change of exports would
 * bring, new ones only. The change is named (--gpl-only SYMBOL, --unexport
 * SYMBOL) or read from a patch (--patch FILE): a unified diff whose added
 * EXPORT_SYMBOL* lines say what each export is after, and whose removed
 * lines with no added one take it away. "New" is against the tree's real
 * state, never what a removed line claims it was. Or the change is an
 * export policy (--policy after what-if): the seed patch's 103 exports, from
 * the runtime's own list, as that policy has them.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <libldm/module.h>

#include "tool-grow.h"
#include "audit.h"

/*
 * What a patch says of one export: its state after, and whether a line
 * removes it (the state before comes from the tree, not from the patch).
 */
struct export_change {
	const char *name;
	bool before, after; /* exported, as the patch's - and + lines say */
	bool after_gpl;
	const char *after_ns;
};

struct change_list {
	struct export_change *v;
	size_t n, cap;
};

/* The export macros a patch may change, and what each makes. */
static const struct {
	const char *macro;
	bool gpl;
	int ns; /* 0: none; 1: the second argument; 2: "module:" + it */
} export_macros[] = {
	{ "EXPORT_SYMBOL", false, 0 },
	{ "EXPORT_SYMBOL_GPL", true, 0 },
	{ "EXPORT_SYMBOL_GPL_FUTURE", false, 0 },
	{ "EXPORT_UNUSED_SYMBOL", false, 0 },
	{ "EXPORT_UNUSED_SYMBOL_GPL", true, 0 },
	{ "EXPORT_SYMBOL_NS", false, 1 },
	{ "EXPORT_SYMBOL_NS_GPL", true, 1 },
	{ "EXPORT_SYMBOL_FOR_MODULES", true, 2 },
	{ "EXPORT_SYMBOL_GPL_FOR_MODULES", true, 2 },
};

static struct export_change *change_of(struct change_list *l, struct arena *ar, const char *name,
				       size_t len)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strlen(l->v[i].name) == len && !strncmp(l->v[i].name, name, len))
			return &l->v[i];
	if (TOOL_GROW(l->v, l->cap, l->n + 1, 64))
		return NULL;
	memset(&l->v[l->n], 0, sizeof(l->v[0]));
	l->v[l->n].name = arena_strndup(ar, name, len);
	return l->v[l->n].name ? &l->v[l->n++] : NULL;
}

/* An argument of a macro call: a C identifier, or a string without quotes. */
static const char *macro_arg(const char *p, size_t *len)
{
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '"') {
		const char *end = strchr(p + 1, '"');

		if (!end)
			return NULL;
		*len = (size_t)(end - p - 1);
		return p + 1;
	}
	*len = 0;
	while (isalnum((unsigned char)p[*len]) || p[*len] == '_')
		(*len)++;
	return *len ? p : NULL;
}

/* One removed (-) or added (+) line: the export it writes, if any. */
static int patch_line(struct change_list *l, struct arena *ar, const char *line)
{
	bool added = *line == '+';
	const char *p = line + 1, *sym, *arg2 = NULL;
	size_t mlen, slen, alen = 0, i;
	struct export_change *c;
	char *ns;

	while (isspace((unsigned char)*p))
		p++;
	for (mlen = 0; isalnum((unsigned char)p[mlen]) || p[mlen] == '_'; mlen++)
		;
	for (i = 0; i < sizeof(export_macros) / sizeof(export_macros[0]); i++)
		if (strlen(export_macros[i].macro) == mlen &&
		    !strncmp(p, export_macros[i].macro, mlen) && p[mlen] == '(')
			break;
	if (i == sizeof(export_macros) / sizeof(export_macros[0]))
		return 0;
	sym = macro_arg(p + mlen + 1, &slen);
	if (!sym)
		return 0;
	if (export_macros[i].ns) {
		const char *comma = strchr(sym + slen, ',');

		arg2 = comma ? macro_arg(comma + 1, &alen) : NULL;
		if (!arg2)
			return 0;
	}
	c = change_of(l, ar, sym, slen);
	ns = arena_alloc(ar, alen + 8);
	if (!c || !ns)
		return -ENOMEM;
	snprintf(ns, alen + 8, "%s%.*s", export_macros[i].ns == 2 ? "module:" : "", (int)alen,
		 arg2 ? arg2 : "");
	if (added) {
		c->after = true;
		c->after_gpl = export_macros[i].gpl;
		c->after_ns = ns;
	} else {
		c->before = true;
	}
	return 0;
}

/* The export changes of a unified diff; a patch without any is said so. */
static int read_patch(struct audit *a, const char *path, struct change_list *l)
{
	size_t cap = 0, before = l->n;
	char *line = NULL;
	FILE *f = fopen(path, "re");
	int error = 0;

	if (!f) {
		audit_warn(a, "%s: %s", path, strerror(errno));
		return 0;
	}
	while (!error && getline(&line, &cap, f) >= 0) {
		if ((*line != '-' && *line != '+') || !strncmp(line, "---", 3) ||
		    !strncmp(line, "+++", 3))
			continue;
		error = patch_line(l, &a->arena, line);
	}
	free(line);
	fclose(f);
	if (!error && l->n == before)
		audit_warn(a, "%s: no EXPORT_SYMBOL line is added or removed in it: nothing to ask",
			   path);
	return error;
}

/* Make every export of @name what @gpl and @ns say; add one if there is none. */
static int set_export(struct audit *a, const char *name, bool gpl, const char *ns)
{
	int sym = audit_find_sym(a, name);
	size_t i;
	bool found = false;

	if (sym < 0)
		return 0; /* nobody imports it: no violation can come of it */
	for (i = 0; i < a->nexports; i++) {
		if (a->exports[i].sym != (uint32_t)sym)
			continue;
		a->exports[i].gpl = gpl;
		a->exports[i].ns = ns;
		a->exports[i].removed = false;
		found = true;
	}
	if (found)
		return 0;
	return audit_add_export(a, a->syms[sym].name, -1, a->base_name ? a->base_name : "patch", ns,
				gpl);
}

/* Whether any export of @name is known; mark them removed or GPL-only. */
static bool change_exports(struct audit *a, const char *name, bool unexport)
{
	int sym = audit_find_sym(a, name);
	bool found = false;
	size_t i;

	for (i = 0; sym >= 0 && i < a->nexports; i++) {
		if (a->exports[i].sym != (uint32_t)sym)
			continue;
		if (unexport)
			a->exports[i].removed = true;
		else
			a->exports[i].gpl = true;
		found = true;
	}
	return found;
}

/* Keep in @after only what @before lacks; both sorted. */
static size_t new_only(struct audit_violation *after, size_t na,
		       const struct audit_violation *before, size_t nb)
{
	size_t i, j = 0, kept = 0;

	for (i = 0; i < na; i++) {
		while (j < nb && audit_violation_cmp(&before[j], &after[i]) < 0)
			j++;
		if (j < nb && !audit_violation_cmp(&before[j], &after[i]))
			continue;
		after[kept++] = after[i];
	}
	return kept;
}

/* One of the seed patch's exports as the policy asked about has it. */
static int apply_policy_export(const char *name, enum ldm_export_license license, void *data)
{
	struct audit *a = data;
	int sym = audit_find_sym(a, name);
	size_t i;

	for (i = 0; sym >= 0 && i < a->nexports; i++)
		if (a->exports[i].sym == (uint32_t)sym)
			a->exports[i].gpl = license == LDM_EXPORT_GPL;
	return 0;
}

static int apply_after(struct audit *a, const struct change_list *l)
{
	size_t i;
	int error = 0;

	for (i = 0; i < l->n && !error; i++) {
		if (l->v[i].after)
			error = set_export(a, l->v[i].name, l->v[i].after_gpl, l->v[i].after_ns);
		else
			change_exports(a, l->v[i].name, true);
	}
	for (i = 0; i < a->ngpl_only && !error; i++)
		if (!change_exports(a, a->gpl_only[i], false))
			audit_warn(a, "%s: not exported by the base or any module of the tree",
				   a->gpl_only[i]);
	for (i = 0; i < a->nunexport && !error; i++)
		if (!change_exports(a, a->unexport[i], true))
			audit_warn(a, "%s: not exported by the base or any module of the tree",
				   a->unexport[i]);
	if (!error && a->whatif_policy)
		error = ldm_export_policy_for_each(a->whatif_policy, apply_policy_export, a);
	return error;
}

/* The symbols a change touches, by name: @changed gets them. */
struct changed_syms {
	struct audit *a;
	bool *changed;
};

static void mark_changed(struct changed_syms *c, const char *name)
{
	int sym = audit_find_sym(c->a, name);

	if (sym >= 0)
		c->changed[sym] = true;
}

static int mark_policy_export(const char *name, enum ldm_export_license license, void *data)
{
	(void)license;
	mark_changed(data, name);
	return 0;
}

/* Mark in @changed the symbols whose exports the change asked about touches. */
static int mark_changes(struct audit *a, const struct change_list *l, bool *changed)
{
	struct changed_syms c = { a, changed };
	size_t i;

	for (i = 0; i < l->n; i++)
		mark_changed(&c, l->v[i].name);
	for (i = 0; i < a->ngpl_only; i++)
		mark_changed(&c, a->gpl_only[i]);
	for (i = 0; i < a->nunexport; i++)
		mark_changed(&c, a->unexport[i]);
	if (a->whatif_policy)
		return ldm_export_policy_for_each(a->whatif_policy, mark_policy_export, &c);
	return 0;
}

/*
 * The violations on the imports the change touches, in the tree as it is
 * (resolved when it was joined) or, @after, as the change leaves it
 * (resolved again); sorted. Only they can differ (audit_violations_changed()).
 */
static int violations_changed(struct audit *a, const bool *changed, bool *uses_gpl, bool after,
			      struct audit_violation **v, size_t *n)
{
	if (after)
		audit_resolve(a);
	if (audit_violations_changed(a, changed, uses_gpl, after, v, n))
		return -ENOMEM;
	audit_sort(*v, *n, sizeof(**v), audit_violation_cmp);
	return 0;
}

/**
 * audit_what_if - print the violations a change of exports would bring
 * @a: the audit, with its --gpl-only, --unexport and --patch lists
 * @argc: no arguments are taken (symbols and patches follow their options)
 * @argv: none
 *
 * Return: 1 if a violation would appear, else 0; 2 after an error.
 */
int audit_what_if(struct audit *a, int argc, char **argv)
{
	struct audit_violation *before = NULL, *after = NULL;
	struct change_list l = { 0 };
	size_t nb = 0, na = 0, i;
	bool *uses_gpl = NULL, *changed = NULL;
	int error, printed = 0;

	if (argc || (!a->ngpl_only && !a->nunexport && !a->npatches && !a->whatif_policy)) {
		fprintf(stderr,
			"ldm audit what-if: ask with --gpl-only SYMBOL..., --unexport "
			"SYMBOL..., --patch FILE... or --policy POLICY%s%s\n",
			argc ? "; not " : "", argc ? argv[0] : "");
		return AUDIT_ERROR;
	}
	error = audit_prepare(a, true);
	if (error)
		return error;
	for (i = 0; i < a->npatches && !error; i++)
		error = read_patch(a, a->patches[i], &l);
	if (!error) {
		uses_gpl = calloc(a->nmodules + 1, sizeof(*uses_gpl));
		changed = calloc(a->nsyms + 1, sizeof(*changed));
		error = uses_gpl && changed ? mark_changes(a, &l, changed) : -ENOMEM;
	}
	/*
	 * The state before is the tree's as it is: a patch's removed lines
	 * do not override it (the tree may export a symbol GPL-only already).
	 */
	if (!error)
		error = violations_changed(a, changed, uses_gpl, false, &before, &nb);
	if (!error)
		error = apply_after(a, &l);
	if (!error)
		error = violations_changed(a, changed, uses_gpl, true, &after, &na);
	if (!error) {
		na = new_only(after, na, before, nb);
		printed = audit_print_violations(a, after, na);
		error = printed < 0 ? printed : 0;
	}
	free(before);
	free(after);
	free(l.v);
	free(uses_gpl);
	free(changed);
	if (error) {
		fprintf(stderr, "ldm audit: out of memory\n");
		return AUDIT_ERROR;
	}
	return audit_status(a, (size_t)printed);
}
