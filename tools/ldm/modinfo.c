// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * modinfo.c - `ldm modinfo [-F FIELD] FILE.ko...`: a module's .modinfo, read
 * from the file without loading it, printed as kmod's modinfo prints it
 * ("field:" padded to 16 columns; parm with its type).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libldm/modfile.h>

#include "ldm.h"
#include "tool-util.h"

/* The type of parameter @name, from its "parmtype=name:type" entry. */
static const char *parm_type(const struct ldm_modfile *mf, const char *name, size_t len)
{
	size_t pos = 0;
	const char *e;

	while ((e = ldm_modfile_modinfo_next(mf, &pos)))
		if (!strncmp(e, "parmtype=", 9) && !strncmp(e + 9, name, len) && e[9 + len] == ':')
			return e + 10 + len;
	return NULL;
}

/* Print one "key=value" entry, as kmod does; @field limits to one key. */
static void print_entry(const struct ldm_modfile *mf, const char *e, const char *field)
{
	const char *eq = strchr(e, '=');
	size_t klen;

	if (!eq)
		return;
	klen = (size_t)(eq - e);
	if (!strncmp(e, "parmtype", klen) && klen == 8)
		return;
	if (field && (strlen(field) != klen || strncmp(field, e, klen)))
		return;
	if (field) {
		printf("%s\n", eq + 1);
	} else if (klen == 4 && !strncmp(e, "parm", 4)) {
		const char *colon = strchr(eq + 1, ':');
		const char *type = colon ? parm_type(mf, eq + 1, (size_t)(colon - eq - 1)) : NULL;

		printf("%-16s%s%s%s%s\n", "parm:", eq + 1, type ? " (" : "", type ? type : "",
		       type ? ")" : "");
	} else {
		int pad = klen < 15 ? (int)(15 - klen) : 1;

		printf("%.*s:%*s%s\n", (int)klen, e, pad, "", eq + 1);
	}
}

/* Parameters with a type but no description, as kmod lists them. */
static void print_bare_params(const struct ldm_modfile *mf)
{
	size_t pos = 0, pos2;
	const char *e, *d;

	while ((e = ldm_modfile_modinfo_next(mf, &pos))) {
		const char *name = e + 9, *colon;
		bool described = false;

		if (strncmp(e, "parmtype=", 9) || !(colon = strchr(name, ':')))
			continue;
		pos2 = 0;
		while ((d = ldm_modfile_modinfo_next(mf, &pos2)))
			if (!strncmp(d, "parm=", 5) &&
			    !strncmp(d + 5, name, (size_t)(colon - name)) &&
			    d[5 + (colon - name)] == ':')
				described = true;
		if (!described)
			printf("%-16s%.*s:%s\n", "parm:", (int)(colon - name), name, colon + 1);
	}
}

/* The .modinfo of @mf as one JSON object: each key's values in an array. */
static void print_json(const struct ldm_modfile *mf, const char *path, bool first)
{
	size_t pos = 0, pos2, klen;
	const char *e, *d, *eq;
	bool seen, first_value;

	printf("%s{\"filename\":", first ? "" : ",");
	tool_json_string(stdout, path);
	while ((e = ldm_modfile_modinfo_next(mf, &pos))) {
		eq = strchr(e, '=');
		if (!eq)
			continue;
		klen = (size_t)(eq - e);
		/* Only at the key's first entry. */
		seen = false;
		pos2 = 0;
		while ((d = ldm_modfile_modinfo_next(mf, &pos2)) && d != e)
			if (!strncmp(d, e, klen) && d[klen] == '=')
				seen = true;
		if (seen)
			continue;
		printf(",\"%.*s\":[", (int)klen, e);
		first_value = true;
		pos2 = 0;
		while ((d = ldm_modfile_modinfo_next(mf, &pos2))) {
			if (strncmp(d, e, klen) || d[klen] != '=')
				continue;
			printf("%s", first_value ? "" : ",");
			tool_json_string(stdout, d + klen + 1);
			first_value = false;
		}
		printf("]");
	}
	printf("}");
}

static int modinfo_file(const char *path, const char *field, int json)
{
	struct ldm_modfile *mf = tool_open_module("modinfo", path);
	size_t pos = 0;
	const char *e;

	if (!mf)
		return 1;
	if (json) {
		print_json(mf, path, json == 1);
		ldm_modfile_free(mf);
		return 0;
	}
	if (!field)
		printf("%-16s%s\n", "filename:", path);
	else if (!strcmp(field, "filename"))
		printf("%s\n", path);
	while ((e = ldm_modfile_modinfo_next(mf, &pos)))
		print_entry(mf, e, field);
	if (!field)
		print_bare_params(mf);
	ldm_modfile_free(mf);
	return 0;
}

static void help(FILE *out)
{
	fprintf(out, "Usage: ldm modinfo [-F FIELD] [--json] FILE.ko...\n\n"
		     "Print the .modinfo of module files, without loading them, as kmod's\n"
		     "modinfo does. -F prints only the values of FIELD (e.g. license).\n"
		     "--json prints one JSON array with an object per file: its filename and,\n"
		     "for each key, the array of its values in file order.\n");
}

static int modinfo_run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "field", required_argument, NULL, 'F' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *field = NULL;
	int c, i, status = 0, json = 0, printed = 0;

	while ((c = getopt_long(argc, argv, "F:h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = 1;
			break;
		case 'F':
			field = optarg;
			break;
		case 'h':
			help(stdout);
			return 0;
		default:
			help(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		help(stderr);
		return 2;
	}
	if (json)
		printf("[");
	for (i = optind; i < argc; i++) {
		int error = modinfo_file(argv[i], field, json ? 1 + printed : 0);

		printed += !error;
		status |= error;
	}
	if (json)
		printf("]\n");
	return status;
}

const struct ldm_verb ldm_verb_modinfo = {
	.name = "modinfo",
	.run = modinfo_run,
	.help = "show a module file's information, as kmod's modinfo",
};
