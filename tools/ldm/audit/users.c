// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * users.c - `ldm audit users SYMBOL...`: SYMBOL MODULE LICENSE for every
 * module of the tree that imports SYMBOL - who an export's change reaches.
 */
#include <string.h>

#include "audit.h"

/* A symbol no one exports: its users, if any, would not load. */
static void say_unexported(const struct audit *a, const char *name)
{
	if (a->base_kind != BASE_NONE)
		fprintf(stderr,
			"ldm audit: %s: exported by no module of the tree, nor by %s (%s)\n", name,
			a->base_name, a->base_source);
	else
		fprintf(stderr,
			"ldm audit: %s: exported by no module of the tree (and no Module.symvers "
			"was found to ask of vmlinux: --symvers FILE)\n",
			name);
}

/**
 * audit_users - print who imports each symbol named
 * @a: the audit
 * @argc: how many symbols
 * @argv: the symbols
 *
 * A symbol nobody exports (no module of the tree, nor the base when one
 * was found) is said so on stderr; its users are printed all the same.
 * Return: 1 if some module imports one, else 0; 2 after an error.
 */
int audit_users(struct audit *a, int argc, char **argv)
{
	static const char *const keys[] = { "symbol", "module", "license" };
	struct record_set rs = { .keys = keys, .ncols = 3 };
	size_t i, j;
	int k, sym, printed, error;

	if (!argc) {
		fprintf(stderr, "ldm audit users: name at least one SYMBOL\n");
		return AUDIT_ERROR;
	}
	/* Who imports what needs no base: the modules alone tell. */
	error = audit_prepare(a, false);
	if (error)
		return error;
	for (k = 0; k < argc; k++) {
		sym = audit_find_sym(a, argv[k]);
		if (sym < 0 || a->syms[sym].owner < 0)
			say_unexported(a, argv[k]);
		for (i = 0; sym >= 0 && i < a->nmodules; i++) {
			const struct audit_module *m = &a->modules[i];

			for (j = 0; !m->failed && j < m->nimports; j++) {
				const char *cols[3] = { argv[k], m->name, audit_license(m) };

				if (m->imports[j].sym != (uint32_t)sym)
					continue;
				if (records_add(&rs, cols))
					goto nomem;
			}
		}
	}
	printed = records_print(&rs, a->json);
	records_free(&rs);
	return audit_status(a, (size_t)printed);
nomem:
	records_free(&rs);
	fprintf(stderr, "ldm audit: out of memory\n");
	return AUDIT_ERROR;
}
