// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff.c - `ldm audit diff OLD NEW`: how the exports changed between two
 * trees (their modules' exports and their Module.symvers') or two
 * Module.symvers - the question an out-of-tree module's maintainer asks
 * before a release. CHANGE SYMBOL OLD NEW, CHANGE one of added, removed,
 * gpl-only, plain, namespace, provider; with --tree, "break SYMBOL MODULE
 * REASON" for each module of that tree which NEW would break and OLD did not.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"

/*
 * One side: a tree read with its base, or a Module.symvers of everything.
 * A tree's base is @symvers (--old-symvers, --new-symvers, or TREE:FILE),
 * else the Module.symvers found beside it; none found is an error naming
 * the side, never a tree of zero kernel exports.
 */
static int load_side(struct audit *side, const struct audit *a, const char *label, const char *what,
		     const char *symvers)
{
	const char *colon = strrchr(what, ':');
	struct stat st;
	int error;

	side->jobs = a->jobs;
	side->runtime = false;
	side->side = label;
	if (stat(what, &st) && colon && colon != what && colon[1]) {
		if (symvers) {
			fprintf(stderr,
				"ldm audit diff: %s: a Module.symvers twice, as TREE:FILE and "
				"with --%s-symvers\n",
				what, !strcmp(label, "OLD") ? "old" : "new");
			return AUDIT_ERROR;
		}
		symvers = colon + 1;
		what = arena_strndup(&side->arena, what, (size_t)(colon - what));
		if (!what)
			return AUDIT_ERROR;
	}
	if (stat(what, &st)) {
		fprintf(stderr, "ldm audit: %s side %s: %s\n", label, what, strerror(errno));
		return AUDIT_ERROR;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (symvers) {
			fprintf(stderr,
				"ldm audit diff: %s side %s is a Module.symvers: it takes no "
				"other\n",
				label, what);
			return AUDIT_ERROR;
		}
		error = audit_read_symvers(side, what, true);
	} else {
		side->trees = malloc(sizeof(*side->trees));
		if (!side->trees)
			return AUDIT_ERROR;
		side->trees[0] = what;
		side->ntrees = 1;
		side->symvers = symvers;
		error = audit_prepare(side, true);
		if (error)
			return error;
	}
	if (!error)
		error = audit_join(side);
	return error ? AUDIT_ERROR : 0;
}

static const struct audit_export *owner_of(const struct audit *a, const char *name)
{
	int sym = audit_find_sym(a, name);

	return sym >= 0 && a->syms[sym].owner >= 0 ? &a->exports[a->syms[sym].owner] : NULL;
}

static const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}

static int add4(struct record_set *rs, const char *c0, const char *c1, const char *c2,
		const char *c3)
{
	const char *cols[4] = { c0, c1, c2, c3 };

	return records_add(rs, cols);
}

/* Every change of one symbol exported on either side. */
static int compare_symbol(struct record_set *rs, const char *name, const struct audit_export *o,
			  const struct audit_export *n)
{
	int error = 0;

	if (!o)
		return add4(rs, "added", name, "-", audit_export_type(n->gpl));
	if (!n)
		return add4(rs, "removed", name, audit_export_type(o->gpl), "-");
	if (o->gpl != n->gpl)
		error = add4(rs, n->gpl ? "gpl-only" : "plain", name, audit_export_type(o->gpl),
			     audit_export_type(n->gpl));
	if (!error && strcmp(o->ns, n->ns))
		error = add4(rs, "namespace", name, or_dash(o->ns), or_dash(n->ns));
	if (!error && strcmp(o->provider, n->provider))
		error = add4(rs, "provider", name, o->provider, n->provider);
	return error;
}

static int compare_sides(struct record_set *rs, const struct audit *old, const struct audit *new)
{
	size_t i;
	int error = 0;

	for (i = 0; i < old->nsyms && !error; i++) {
		const struct audit_export *o = owner_of(old, old->syms[i].name);

		if (o)
			error = compare_symbol(rs, old->syms[i].name, o,
					       owner_of(new, old->syms[i].name));
	}
	for (i = 0; i < new->nsyms && !error; i++)
		if (new->syms[i].owner >= 0 && !owner_of(old, new->syms[i].name))
			error = compare_symbol(rs, new->syms[i].name, NULL,
					       &new->exports[new->syms[i].owner]);
	return error;
}

/* Take a side's exports as the base of the tree's modules. */
static int take_as_base(struct audit *a, const struct audit *side)
{
	size_t i;
	int error = 0;

	for (i = 0; i < side->nsyms && !error; i++) {
		const struct audit_export *e = owner_of(side, side->syms[i].name);

		if (e)
			error = audit_add_export(a, side->syms[i].name, -1, e->provider, e->ns,
						 e->gpl);
	}
	return error;
}

/* The tree's violations against one side's exports, sorted. */
static int violations_against(struct audit *a, const struct audit *side, struct audit_violation **v,
			      size_t *n)
{
	size_t i, first = a->nexports;

	for (i = 0; i < first; i++)
		if (a->exports[i].module < 0)
			a->exports[i].removed = true;
	if (take_as_base(a, side))
		return -ENOMEM;
	if (!a->joined && audit_join(a))
		return -ENOMEM;
	audit_resolve(a);
	if (audit_violations(a, v, n))
		return -ENOMEM;
	audit_sort(*v, *n, sizeof(**v), audit_violation_cmp);
	return 0;
}

/* "break SYMBOL MODULE REASON" for what NEW breaks and OLD did not. */
static int breaks(struct audit *a, struct record_set *rs, const struct audit *old,
		  const struct audit *new)
{
	struct audit_violation *vo = NULL, *vn = NULL;
	size_t no = 0, nn = 0, i, j = 0;
	int error;

	error = audit_load_tree(a);
	if (!error)
		error = violations_against(a, old, &vo, &no);
	if (!error)
		error = violations_against(a, new, &vn, &nn);
	for (i = 0; i < nn && !error; i++) {
		const struct audit_module *m = &a->modules[vn[i].module];

		while (j < no && audit_violation_cmp(&vo[j], &vn[i]) < 0)
			j++;
		if (j < no && !audit_violation_cmp(&vo[j], &vn[i]))
			continue;
		error = add4(rs, "break", m->imports[vn[i].import].name, m->name,
			     audit_reason_names[vn[i].reason]);
	}
	free(vo);
	free(vn);
	return error;
}

/**
 * audit_diff - print how the exports changed from OLD to NEW, and with
 * --tree what that breaks
 * @a: the audit
 * @argc: 2
 * @argv: OLD and NEW: each a tree (TREE:SYMVERS names its Module.symvers) or
 *	  a Module.symvers
 *
 * Return: 1 if anything changed, else 0; 2 after an error.
 */
int audit_diff(struct audit *a, int argc, char **argv)
{
	static const char *const keys[] = { "change", "symbol", "old", "new" };
	struct record_set rs = { .keys = keys, .ncols = 4 };
	struct audit old = { 0 }, new = { 0 };
	int status, printed;

	if (argc != 2) {
		fprintf(stderr, "ldm audit diff: name OLD and NEW, each a tree or a "
				"Module.symvers\n");
		return AUDIT_ERROR;
	}
	status = load_side(&old, a, "OLD", argv[0], a->old_symvers);
	if (!status)
		status = load_side(&new, a, "NEW", argv[1], a->new_symvers);
	if (!status && compare_sides(&rs, &old, &new))
		status = -ENOMEM;
	if (!status && a->ntrees && breaks(a, &rs, &old, &new))
		status = -ENOMEM;
	if (status == -ENOMEM)
		fprintf(stderr, "ldm audit: out of memory\n");
	if (!status) {
		printed = records_print(&rs, a->json);
		a->error |= old.error || new.error;
		status = audit_status(a, (size_t)printed);
	} else {
		status = AUDIT_ERROR;
	}
	records_free(&rs);
	audit_free(&old);
	audit_free(&new);
	return status;
}
