// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * modinfo.c - `ldm modinfo [OPTIONS] FILE.ko|NAME|ALIAS...`: a module's
 * .modinfo, read from the file without loading it, printed as kmod's
 * modinfo prints it, with kmod's options; a name or alias is looked up
 * through libkmod in a modules directory (--modules, $LDM_MODULES).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libldm/modfile.h>

#include "kmod-lookup.h"
#include "ldm.h"
#include "tool-util.h"

/**
 * DOC: what ldm modinfo prints, as kmod's modinfo
 *
 * Without a field: "filename:" and the absolute path, then each entry of
 * .modinfo in file order as "key:" padded to 16 columns (or "key=value"
 * with -0), but for parm and parmtype, which are gathered by parameter and
 * printed last, the parameter first seen last: "parm: name:description
 * (type)", "name:description" without a type, "name:type" without a
 * description. With -F FIELD (-a author, -d description, -l license, -n
 * filename, -p parm): the value of each entry of that key, alone; -F parm
 * prints "name:description (type)" or "name: (type)". Each line ends with
 * '\n', or with '\0' under -0.
 */

struct modinfo_opts {
	const char *field;
	char sep;
	bool json;
	const char *modules; /* the directory a name is looked up in */
};

/* A parameter's description and type, from its parm= and parmtype= entries. */
struct param {
	struct param *next;
	const char *name, *desc, *type;
	int namelen;
};

static int gather_param(struct param **list, const char *key, const char *value)
{
	const char *colon = strchr(value, ':');
	struct param *p;
	int namelen;

	if (!colon) {
		fprintf(stderr, "ldm modinfo: ERROR: Found invalid \"%s=%s\": missing ':'\n", key,
			value);
		return 0;
	}
	namelen = (int)(colon - value);
	for (p = *list; p; p = p->next)
		if (p->namelen == namelen && !strncmp(p->name, value, (size_t)namelen))
			break;
	if (!p) {
		p = calloc(1, sizeof(*p));
		if (!p)
			return -ENOMEM;
		p->name = value;
		p->namelen = namelen;
		p->next = *list; /* the one first seen is printed last, as kmod's list */
		*list = p;
	}
	if (!strcmp(key, "parm"))
		p->desc = colon + 1;
	else
		p->type = colon + 1;
	return 0;
}

/* Print and free the parameters; @prefix "parm:" padded, or none for -F parm. */
static void print_params(struct param *list, const struct modinfo_opts *o, bool full)
{
	struct param *p;

	while ((p = list)) {
		list = p->next;
		if (full)
			printf("%-16s", "parm:");
		if (!p->desc)
			printf(full ? "%.*s:%s%c" : "%.*s: (%s)%c", p->namelen, p->name, p->type,
			       o->sep);
		else if (p->type)
			printf("%.*s:%s (%s)%c", p->namelen, p->name, p->desc, p->type, o->sep);
		else
			printf("%.*s:%s%c", p->namelen, p->name, p->desc, o->sep);
		free(p);
	}
}

static void free_params(struct param *list)
{
	struct param *p;

	while ((p = list)) {
		list = p->next;
		free(p);
	}
}

/* The key of "key=value" in @key (up to @size bytes); NULL without '='. */
static const char *split_entry(const char *e, char *key, size_t size)
{
	const char *eq = strchr(e, '=');

	if (!eq || (size_t)(eq - e) >= size)
		return NULL;
	memcpy(key, e, (size_t)(eq - e));
	key[eq - e] = '\0';
	return eq + 1;
}

static int print_modinfo(const struct ldm_modfile *mf, const char *path,
			 const struct modinfo_opts *o)
{
	struct param *params = NULL;
	const char *e, *value;
	char key[256];
	size_t pos = 0;
	int klen;

	if (o->field && !strcmp(o->field, "filename")) {
		printf("%s%c", path, o->sep);
		return 0;
	}
	if (!o->field)
		printf("%-16s%s%c", "filename:", path, o->sep);
	while ((e = ldm_modfile_modinfo_next(mf, &pos))) {
		value = split_entry(e, key, sizeof(key));
		if (!value)
			continue;
		if (o->field && strcmp(o->field, "parm")) {
			if (!strcmp(o->field, key))
				printf("%s%c", value, o->sep);
			continue;
		}
		if (!strcmp(key, "parm") || !strcmp(key, "parmtype")) {
			if (gather_param(&params, key, value)) {
				free_params(params);
				return -ENOMEM;
			}
			continue;
		}
		if (o->field)
			continue;
		klen = (int)strlen(key);
		if (!o->sep)
			printf("%s=%s%c", key, value, o->sep);
		else /* kmod pads to 15 - klen, and a longer key by as much */
			printf("%s:%*s%s%c", key, klen < 15 ? 15 - klen : klen - 15, "", value,
			       o->sep);
	}
	if (!o->field || !strcmp(o->field, "parm"))
		print_params(params, o, !o->field);
	return 0;
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
		putchar(',');
		tool_json_stringn(stdout, e, klen);
		printf(":[");
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

/* @path made absolute against the working directory, as kmod shows it. */
static char *absolute(const char *path)
{
	char cwd[PATH_MAX], *abs;

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return strdup(path);
	return asprintf(&abs, "%s/%s", cwd, path) < 0 ? NULL : abs;
}

static int modinfo_file(const char *path, const struct modinfo_opts *o, int *printed)
{
	struct ldm_modfile *mf = tool_open_module("modinfo", path);
	char *abs;
	int error = 0;

	if (!mf)
		return 1;
	abs = absolute(path);
	if (!abs)
		error = -ENOMEM;
	else if (o->json)
		print_json(mf, abs, !*printed);
	else
		error = print_modinfo(mf, abs, o);
	(*printed)++;
	free(abs);
	ldm_modfile_free(mf);
	return error ? 1 : 0;
}

static int modinfo_found(const char *path, void *data)
{
	struct modinfo_opts *o = ((void **)data)[0];
	int *printed = ((void **)data)[1];

	return modinfo_file(path, o, printed) ? -EIO : 0;
}

/* A file if it is one, or a path or a .ko; else a name or an alias. */
static bool is_file_argument(const char *arg)
{
	struct stat st;
	size_t len = strlen(arg);

	if (!stat(arg, &st) && S_ISREG(st.st_mode))
		return true;
	return strchr(arg, '/') || (len > 3 && !strcmp(arg + len - 3, ".ko"));
}

static int modinfo_name(const char *name, struct modinfo_opts *o, int *printed)
{
	void *data[2] = { o, printed };
	int error;

	if (!o->modules) {
		fprintf(stderr,
			"ldm modinfo: %s: no such file, and no modules directory to look it up "
			"in (--modules DIR or LDM_MODULES)\n",
			name);
		return 1;
	}
	error = tool_kmod_lookup("modinfo", o->modules, name, modinfo_found, data);
	if (error == -ENOENT)
		fprintf(stderr, "ldm modinfo: ERROR: Module %s not found.\n", name);
	return error ? 1 : 0;
}

static void help(FILE *out)
{
	fprintf(out, "Usage: ldm modinfo [OPTIONS] FILE.ko|NAME|ALIAS...\n\n"
		     "Print the .modinfo of modules, without loading them, as kmod's modinfo\n"
		     "does. A NAME or ALIAS (platform:widget, of:N...) is looked up, as modprobe\n"
		     "looks it up, in the modules directory written by depmod (ldm depmod).\n\n"
		     "  -F, --field FIELD  print only the values of FIELD (parm: with its type)\n"
		     "  -a, --author       -F author\n"
		     "  -d, --description  -F description\n"
		     "  -l, --license      -F license\n"
		     "  -p, --parameters   -F parm\n"
		     "  -n, --filename     -F filename\n"
		     "  -0, --null         end each value with \\0 rather than \\n\n"
		     "  -m, --modules DIR  the modules directory (default: $LDM_MODULES)\n"
		     "      --json         one JSON array with an object per module: its\n"
		     "                     filename and, for each key, its values in file order\n"
		     "  -h, --help         show this text\n");
}

/* modinfo's own options; each id is its short name. */
static int modinfo_option(int c, const char *arg, void *data)
{
	static const struct {
		int c;
		const char *field;
	} fields[] = { { 'a', "author" },
		       { 'd', "description" },
		       { 'l', "license" },
		       { 'p', "parm" },
		       { 'n', "filename" } };
	struct modinfo_opts *o = data;
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (c == fields[i].c)
			o->field = fields[i].field;
	if (c == 'F')
		o->field = arg;
	else if (c == '0')
		o->sep = '\0';
	else if (c == 'm')
		o->modules = arg;
	return 0;
}

static int modinfo_run(int argc, char *argv[])
{
	static const struct tool_option extra[] = {
		{ "field", 'F', true, 'F' },
		{ "author", 'a', false, 'a' },
		{ "description", 'd', false, 'd' },
		{ "license", 'l', false, 'l' },
		{ "parameters", 'p', false, 'p' },
		{ "filename", 'n', false, 'n' },
		{ "null", '0', false, '0' },
		{ "modules", 'm', true, 'm' },
		{ 0 },
	};
	struct modinfo_opts o = { .sep = '\n', .modules = getenv("LDM_MODULES") };
	const struct tool_parse p = { .allowed = TOOL_OPT_JSON | TOOL_OPT_NO_ROOT |
						 TOOL_OPT_PERMUTE,
				      .extra = extra,
				      .fn = modinfo_option,
				      .data = &o,
				      .help = help };
	struct tool_opts common;
	int i, status, printed = 0;

	status = tool_parse_options_ext(argc, argv, &p, &common);
	if (status >= 0)
		return status;
	status = 0;
	o.json = common.json;
	if (optind >= argc) {
		help(stderr);
		return 2;
	}
	if (o.modules && !*o.modules)
		o.modules = NULL;
	if (o.json)
		printf("[");
	for (i = optind; i < argc; i++) {
		if (is_file_argument(argv[i]))
			status |= modinfo_file(argv[i], &o, &printed);
		else
			status |= modinfo_name(argv[i], &o, &printed);
	}
	if (o.json)
		printf("]\n");
	return status;
}

const struct ldm_verb ldm_verb_modinfo = {
	.name = "modinfo",
	.run = modinfo_run,
	.help = "show a module's information, as kmod's modinfo",
};
