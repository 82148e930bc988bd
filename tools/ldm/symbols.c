// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * symbols.c - `ldm symbols`: the export tables of the runtime, one line per
 * symbol, NAME<TAB>EXPORT_SYMBOL|EXPORT_SYMBOL_GPL<TAB>OWNER, sorted by name
 * with strcmp.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/ldm.h>

#include "ldm.h"

struct symbol_list {
	struct ldm_export *v;
	size_t n, cap;
};

static int collect(const struct ldm_export *exp, void *data)
{
	struct symbol_list *l = data;

	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		struct ldm_export *v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = *exp;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	const struct ldm_export *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static void help(FILE *out)
{
	fprintf(out, "Usage: ldm symbols [--help]\n\n"
		     "Print every symbol the runtime exports to modules, one per line:\n"
		     "NAME<TAB>EXPORT_SYMBOL|EXPORT_SYMBOL_GPL<TAB>OWNER, sorted by name.\n"
		     "OWNER is 'ldm' for the runtime itself.\n");
}

static int symbols_run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct symbol_list l = { 0 };
	int c, error;
	size_t i;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			help(stdout);
			return 0;
		default:
			help(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ldm symbols: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	error = ldm_init();
	if (error) {
		fprintf(stderr, "ldm symbols: cannot start the runtime: %s\n", strerror(-error));
		return 1;
	}
	error = ldm_export_for_each(collect, &l);
	if (!error) {
		qsort(l.v, l.n, sizeof(*l.v), by_name);
		for (i = 0; i < l.n; i++)
			printf("%s\t%s\t%s\n", l.v[i].name,
			       ldm_export_license_name(l.v[i].license), l.v[i].owner);
	}
	free(l.v);
	ldm_exit();
	if (error) {
		fprintf(stderr, "ldm symbols: %s\n", strerror(-error));
		return 1;
	}
	return 0;
}

const struct ldm_verb ldm_verb_symbols = {
	.name = "symbols",
	.run = symbols_run,
	.help = "list the symbols the runtime exports, and their license class",
};
