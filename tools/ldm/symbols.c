// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * symbols.c - `ldm symbols`: the export tables of the runtime, one line per
 * symbol, NAME<TAB>EXPORT_SYMBOL|EXPORT_SYMBOL_GPL<TAB>OWNER, sorted by name
 * with strcmp.
 */
#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libldm/modfile.h>
#include <libldm/module.h>
#include <libldm/runtime.h>

#include "tool-grow.h"
#include "ldm.h"
#include "tool-util.h"

struct symbol_list {
	struct ldm_export *v;
	size_t n, cap;
};

static int collect(const struct ldm_export *exp, void *data)
{
	struct symbol_list *l = data;

	if (TOOL_GROW(l->v, l->cap, l->n + 1, 256))
		return -ENOMEM;
	l->v[l->n++] = *exp;
	return 0;
}

struct file_exports {
	struct symbol_list *list;
	const char *owner;
};

static int collect_export(const struct ldm_modfile_export *mexp, void *data)
{
	struct file_exports *fe = data;
	struct ldm_export exp = {
		.name = mexp->name,
		.license = mexp->license,
		.owner = fe->owner,
	};

	return collect(&exp, fe->list);
}

/* Add the exports of a module file, kept open in *@mf for their names. */
static int collect_file(struct symbol_list *l, const char *path, struct ldm_modfile **mf)
{
	struct file_exports fe = { .list = l };

	*mf = tool_open_module("symbols", path);
	if (!*mf)
		return -ENOEXEC;
	fe.owner = ldm_modfile_modinfo_get(*mf, "name");
	if (!fe.owner) {
		fprintf(stderr, "ldm symbols: %s: no name in .modinfo: not an ldm module\n", path);
		return -ENOEXEC;
	}
	return ldm_modfile_for_each_export(*mf, collect_export, &fe);
}

static int by_name(const void *a, const void *b)
{
	const struct ldm_export *x = a, *y = b;

	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->owner, y->owner);
}

static void print_symbols(const struct symbol_list *l, bool json)
{
	size_t i;

	if (json)
		printf("[");
	for (i = 0; i < l->n; i++) {
		if (!json) {
			printf("%s\t%s\t%s\n", l->v[i].name,
			       ldm_export_license_name(l->v[i].license), l->v[i].owner);
			continue;
		}
		printf("%s{\"name\":", i ? "," : "");
		tool_json_string(stdout, l->v[i].name);
		printf(",\"license\":");
		tool_json_string(stdout, ldm_export_license_name(l->v[i].license));
		printf(",\"owner\":");
		tool_json_string(stdout, l->v[i].owner);
		printf("}");
	}
	if (json)
		printf("]\n");
}

static void help(FILE *out)
{
	fprintf(out, "Usage: ldm symbols [--help] [--json] [FILE.ko...]\n\n"
		     "Print every symbol the runtime exports to modules, and those each module\n"
		     "file named exports, one per line:\n"
		     "NAME<TAB>EXPORT_SYMBOL|EXPORT_SYMBOL_GPL<TAB>OWNER, sorted by name.\n"
		     "OWNER is 'ldm' for the runtime itself, else the module's name.\n"
		     "--json prints one JSON array of {name, license, owner} instead.\n");
}

static int symbols_run(int argc, char *argv[])
{
	struct symbol_list l = { 0 };
	struct ldm_modfile **files;
	struct tool_opts o;
	int c, error, file_error = 0;

	c = tool_parse_options(argc, argv, TOOL_OPT_JSON | TOOL_OPT_NO_ROOT | TOOL_OPT_PERMUTE,
			       help, &o);
	if (c >= 0)
		return c;
	error = ldm_init();
	if (error) {
		fprintf(stderr, "ldm symbols: cannot start the runtime: %s\n", strerror(-error));
		return 1;
	}
	files = calloc((size_t)(argc - optind) + 1, sizeof(*files));
	error = files ? ldm_export_for_each(collect, &l) : -ENOMEM;
	for (c = optind; c < argc && !error; c++) {
		file_error = collect_file(&l, argv[c], &files[c - optind]);
		if (file_error)
			break; /* collect_file said why */
	}
	if (!error && !file_error) {
		qsort(l.v, l.n, sizeof(*l.v), by_name);
		print_symbols(&l, o.json);
	}
	free(l.v);
	for (c = 0; files && c < argc - optind; c++)
		ldm_modfile_free(files[c]);
	free(files);
	ldm_exit();
	if (error) {
		fprintf(stderr, "ldm symbols: %s\n", strerror(-error));
		return 1;
	}
	return file_error ? 1 : 0;
}

const struct ldm_verb ldm_verb_symbols = {
	.name = "symbols",
	.run = symbols_run,
	.help = "list the symbols the runtime exports, and their license class",
};
