// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * imports.c - `ldm audit imports MODULE...`: MODULE SYMBOL PROVIDER
 * EXPORT_TYPE for every symbol a module imports, and who provides it ("-"
 * twice for a symbol nobody provides).
 */
#include <string.h>

#include "audit.h"

/**
 * audit_imports - print the imports of each module named
 * @a: the audit
 * @argc: how many modules
 * @argv: their names ('-' and '_' alike) or paths
 *
 * Return: 1 if one imports anything, else 0; 2 after an error (a module
 * not in the tree, said so).
 */
int audit_imports(struct audit *a, int argc, char **argv)
{
	static const char *const keys[] = { "module", "symbol", "provider", "export_type" };
	struct record_set rs = { .keys = keys, .ncols = 4 };
	size_t j;
	int k, mi, printed, error;

	if (!argc) {
		fprintf(stderr, "ldm audit imports: name at least one MODULE\n");
		return AUDIT_ERROR;
	}
	error = audit_prepare(a, true);
	if (error)
		return error;
	for (k = 0; k < argc; k++) {
		const struct audit_module *m;

		mi = audit_find_module(a, argv[k]);
		if (mi < 0 || a->modules[mi].failed) {
			audit_warn(a, "%s: no such module in the tree%s", argv[k],
				   mi < 0 ? "" : " that could be read");
			continue;
		}
		m = &a->modules[mi];
		for (j = 0; j < m->nimports; j++) {
			int owner = a->syms[m->imports[j].sym].owner;
			const struct audit_export *e = owner >= 0 ? &a->exports[owner] : NULL;
			const char *cols[4] = { m->name, m->imports[j].name, e ? e->provider : "-",
						e ? audit_export_type(e->gpl) : "-" };

			if (records_add(&rs, cols)) {
				records_free(&rs);
				fprintf(stderr, "ldm audit: out of memory\n");
				return AUDIT_ERROR;
			}
		}
	}
	printed = records_print(&rs, a->json);
	records_free(&rs);
	return audit_status(a, (size_t)printed);
}
