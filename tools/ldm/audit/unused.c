// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unused.c - `ldm audit unused`: SYMBOL EXPORT_TYPE PROVIDER for every
 * export no module of the tree imports - the seed patch's footnote: "remove
 * the symbols that are not used by any known modules".
 */
#include "audit.h"

/**
 * audit_unused - print the exports nobody imports
 * @a: the audit
 * @argc: no arguments are taken
 * @argv: none
 *
 * Return: 1 if there are any, else 0; 2 after an error.
 */
int audit_unused(struct audit *a, int argc, char **argv)
{
	static const char *const keys[] = { "symbol", "export_type", "provider" };
	struct record_set rs = { .keys = keys, .ncols = 3 };
	size_t i;
	int printed, error;

	(void)argv;
	if (argc) {
		fprintf(stderr, "ldm audit unused: takes no arguments\n");
		return AUDIT_ERROR;
	}
	error = audit_prepare(a, true);
	if (error)
		return error;
	for (i = 0; i < a->nexports; i++) {
		const struct audit_export *e = &a->exports[i];
		const char *cols[3] = { a->syms[e->sym].name, audit_export_type(e->gpl),
					e->provider };

		/* a Module.symvers line of a module the tree lacks is not asked of */
		if (a->syms[e->sym].nusers || e->standin)
			continue;
		if (records_add(&rs, cols)) {
			records_free(&rs);
			fprintf(stderr, "ldm audit: out of memory\n");
			return AUDIT_ERROR;
		}
	}
	printed = records_print(&rs, a->json);
	records_free(&rs);
	return audit_status(a, (size_t)printed);
}
