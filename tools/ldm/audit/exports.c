// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exports.c - `ldm audit exports MODULE...`: MODULE SYMBOL EXPORT_TYPE
 * USERS for every export of a module, or of the base ("vmlinux", "ldm"),
 * with the number of modules of the tree that import it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

static int add_export_record(struct audit *a, struct record_set *rs, const char *module,
			     const struct audit_export *e)
{
	char users[16];
	const char *cols[4] = { module, a->syms[e->sym].name, audit_export_type(e->gpl), NULL };

	snprintf(users, sizeof(users), "%u", a->syms[e->sym].nusers);
	cols[3] = arena_strdup(&a->arena, users);
	return cols[3] ? records_add(rs, cols) : -1;
}

/**
 * audit_exports - print the exports of each module named
 * @a: the audit
 * @argc: how many modules
 * @argv: their names ('-' and '_' alike) or paths, or the base's name
 *
 * Return: 1 if one exports anything, else 0; 2 after an error (a module
 * not in the tree, said so).
 */
int audit_exports(struct audit *a, int argc, char **argv)
{
	static const char *const keys[] = { "module", "symbol", "export_type", "users" };
	struct record_set rs = { .keys = keys, .ncols = 4, .numeric = 1U << 3 };
	size_t i;
	int k, mi, printed, error;

	if (!argc) {
		fprintf(stderr, "ldm audit exports: name at least one MODULE\n");
		return AUDIT_ERROR;
	}
	error = audit_prepare(a, false);
	if (error)
		return error;
	for (k = 0; k < argc; k++) {
		bool base = a->base_name && !strcmp(argv[k], a->base_name);

		mi = base ? -1 : audit_find_module(a, argv[k]);
		if (!base && (mi < 0 || a->modules[mi].failed)) {
			audit_warn(a, "%s: no such module in the tree%s", argv[k],
				   mi < 0 ? "" : " that could be read");
			continue;
		}
		for (i = 0; i < a->nexports; i++) {
			const struct audit_export *e = &a->exports[i];

			if (e->module != mi || e->standin)
				continue;
			if (add_export_record(a, &rs, argv[k], e)) {
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
