// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * modpost.c - `ldm modpost`: the build-time check of scripts/mod/modpost.c.
 */
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <libldm/modfile.h>
#include <libldm/module.h>
#include <libldm/runtime.h>

#include "tool-grow.h"
#include "ldm.h"
#include "tool-util.h"

/**
 * DOC: how modpost.c works
 *
 *   ldm modpost [--warn] MODULE.o...
 *
 * For each module object (the ld -r of its parts) it checks that every
 * symbol it leaves undefined is exported by the runtime or by one of the
 * modules of the same build, that it exports no symbol the runtime or
 * another module of the build exports, and that a module whose license is
 * not GPL-compatible uses no EXPORT_SYMBOL_GPL symbol; each failure is an
 * error naming the file, as Linux's modpost does. --warn (what
 * LDM_MODPOST_WARN=1 passes, as KBUILD_MODPOST_WARN does in Linux) turns the
 * errors into warnings, so that the .ko is still made. Then it writes
 * MODULE.mod.c: the module's struct module (name, init and exit), its
 * vermagic, name and depends tags, and an alias tag for each entry of its
 * device tables (MODULE_DEVICE_TABLE), as kbuild's file2alias makes them.
 */

struct mod_export {
	const char *name;
	bool gpl;
};

struct mod_obj {
	const char *path;
	char name[LDM_MODULE_NAME_LEN];
	struct ldm_modfile *mf;
	const char *license;
	bool gpl_ok;
	bool has_init, has_exit;
	struct mod_export *exports;
	size_t nexports, cap;
	char depends[1024];
	char *aliases; /* MODULE_ALIAS lines */
	size_t aliases_len;
};

static int warn_only;
static unsigned int errors;

static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* An error, or a warning under --warn; either way on stderr. */
static void report(const char *fmt, ...)
{
	va_list args;

	fprintf(stderr, "%s: modpost: ", warn_only ? "WARNING" : "ERROR");
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	errors++;
}

/* The module name of an object: its file name without .o, '-' as '_'. */
static int object_module_name(const char *path, char *name)
{
	const char *base = strrchr(path, '/');
	size_t len, i;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len < 3 || strcmp(base + len - 2, ".o") || len - 2 >= LDM_MODULE_NAME_LEN)
		return -EINVAL;
	for (i = 0; i < len - 2; i++)
		name[i] = base[i] == '-' ? '_' : base[i];
	name[len - 2] = '\0';
	return 0;
}

static int collect_export(const struct ldm_modfile_export *exp, void *data)
{
	struct mod_obj *m = data;

	if (TOOL_GROW(m->exports, m->cap, m->nexports + 1, 16))
		return -ENOMEM;
	m->exports[m->nexports].name = exp->name;
	m->exports[m->nexports].gpl = exp->license == LDM_EXPORT_GPL;
	m->nexports++;
	return 0;
}

/* Whether the object defines init_module and cleanup_module (module_init/exit). */
static void find_init_exit(struct mod_obj *m)
{
	struct ldm_modfile_symbol sym;
	size_t i, n = ldm_modfile_symbol_count(m->mf);

	for (i = 1; i < n; i++) {
		ldm_modfile_symbol(m->mf, i, &sym);
		if (sym.shndx == SHN_UNDEF)
			continue;
		if (!strcmp(sym.name, "init_module"))
			m->has_init = true;
		else if (!strcmp(sym.name, "cleanup_module"))
			m->has_exit = true;
	}
}

/* Append MODULE_ALIAS("@alias"); to the module's lines, quoted for C. */
static int collect_alias(const char *alias, void *data)
{
	struct mod_obj *m = data;
	size_t need = m->aliases_len + 2 * strlen(alias) + 32;
	char *p = realloc(m->aliases, need);

	if (!p)
		return -ENOMEM;
	m->aliases = p;
	p += m->aliases_len;
	p += sprintf(p, "MODULE_ALIAS(\"");
	for (; *alias; alias++) {
		if (*alias == '"' || *alias == '\\')
			*p++ = '\\';
		*p++ = *alias;
	}
	p += sprintf(p, "\");\n");
	m->aliases_len = (size_t)(p - m->aliases);
	return 0;
}

static int read_aliases(struct mod_obj *m)
{
	int error = ldm_modfile_for_each_device_alias(m->mf, collect_alias, m);

	if (error == -ENOEXEC)
		report("%s: %s", m->path, ldm_modfile_why());
	return error == -ENOEXEC ? 0 : error;
}

static int read_object(struct mod_obj *m)
{
	if (object_module_name(m->path, m->name)) {
		fprintf(stderr, "ldm modpost: %s: not a module object (NAME.o)\n", m->path);
		return -EINVAL;
	}
	m->mf = tool_open_module("modpost", m->path);
	if (!m->mf)
		return -ENOEXEC;
	m->license = ldm_modfile_modinfo_get(m->mf, "license");
	if (!m->license)
		fprintf(stderr, "WARNING: modpost: missing MODULE_LICENSE() in %s\n", m->path);
	m->gpl_ok = ldm_license_is_gpl_compatible(m->license) &&
		    !ldm_modfile_license_hides_text(m->mf);
	find_init_exit(m);
	if (read_aliases(m))
		return -ENOMEM;
	return ldm_modfile_for_each_export(m->mf, collect_export, m);
}

/* Find @name among the exports of the build's modules. */
static struct mod_export *find_module_export(struct mod_obj *mods, int n, const char *name,
					     struct mod_obj **owner)
{
	int i;
	size_t j;

	for (i = 0; i < n; i++)
		for (j = 0; j < mods[i].nexports; j++)
			if (!strcmp(mods[i].exports[j].name, name)) {
				*owner = &mods[i];
				return &mods[i].exports[j];
			}
	return NULL;
}

static void add_depend(struct mod_obj *m, const char *dep)
{
	char *p = m->depends, *tok;
	size_t len = strlen(dep);

	while ((tok = strstr(p, dep))) { /* once each */
		if ((tok == m->depends || tok[-1] == ',') && (tok[len] == ',' || !tok[len]))
			return;
		p = tok + 1;
	}
	if (strlen(m->depends) + len + 2 > sizeof(m->depends))
		return;
	if (*m->depends)
		strcat(m->depends, ",");
	strcat(m->depends, dep);
}

struct check_ctx {
	struct mod_obj *m, *mods;
	int n;
};

/* Check one import of a module: it is exported, and allowed to the module. */
static int check_import(const struct ldm_modfile_symbol *sym, void *data)
{
	struct check_ctx *c = data;
	struct mod_obj *owner = NULL;
	struct mod_export *mexp;
	struct ldm_export exp;
	bool gpl;

	if (sym->bind == STB_WEAK)
		return 0;
	mexp = find_module_export(c->mods, c->n, sym->name, &owner);
	if (mexp) {
		gpl = mexp->gpl;
		if (owner != c->m)
			add_depend(c->m, owner->name);
	} else if (!ldm_export_lookup(sym->name, &exp)) {
		gpl = exp.license == LDM_EXPORT_GPL;
	} else {
		report("\"%s\" [%s.ko] undefined!", sym->name, c->m->name);
		return 0;
	}
	if (gpl && !c->m->gpl_ok)
		report("GPL-incompatible module %s.ko uses GPL-only symbol '%s'", c->m->name,
		       sym->name);
	return 0;
}

/*
 * Check the exports of mods[@i]: one a module of the build exported before
 * it, or the runtime exports, would be refused at load time (the loader's
 * "exports duplicate symbol"); say so now, as Linux's modpost does.
 */
static void check_exports(struct mod_obj *mods, int i)
{
	struct mod_obj *m = &mods[i], *owner;
	struct ldm_export exp;
	size_t j;

	for (j = 0; j < m->nexports; j++) {
		const char *name = m->exports[j].name;

		if (find_module_export(mods, i, name, &owner))
			report("%s.ko: '%s' exported twice. Previous export was in %s.ko", m->name,
			       name, owner->name);
		else if (!ldm_export_lookup(name, &exp))
			report("%s.ko: '%s' exported twice. Previous export was in %s (the "
			       "runtime)",
			       m->name, name, exp.owner);
	}
}

/* Check every undefined symbol of @m. */
static void check_symbols(struct mod_obj *m, struct mod_obj *mods, int n)
{
	struct check_ctx c = { .m = m, .mods = mods, .n = n };

	ldm_modfile_for_each_import(m->mf, check_import, &c);
}

static int write_mod_c(struct mod_obj *m)
{
	char path[4096];
	size_t len = strlen(m->path);
	FILE *f;

	snprintf(path, sizeof(path), "%.*s.mod.c", (int)(len - 2), m->path);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "ldm modpost: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	fprintf(f, "/* Generated by ldm modpost for %s; do not edit. */\n", m->name);
	fprintf(f, "#include <ldm/module.h>\n\n");
	fprintf(f, "MODULE_INFO(vermagic, LDM_VERMAGIC);\n");
	fprintf(f, "MODULE_INFO(name, \"%s\");\n", m->name);
	fprintf(f, "MODULE_INFO(depends, \"%s\");\n\n", m->depends);
	if (m->aliases)
		fprintf(f, "%s\n", m->aliases);
	if (m->has_init)
		fprintf(f, "extern int init_module(void);\n");
	if (m->has_exit)
		fprintf(f, "extern void cleanup_module(void);\n");
	fprintf(f,
		"\nstruct module __this_module\n"
		"__attribute__((__section__(\".gnu.linkonce.this_module\"))) = {\n"
		"\t.name = \"%s\",\n",
		m->name);
	if (m->has_init)
		fprintf(f, "\t.init = init_module,\n");
	if (m->has_exit)
		fprintf(f, "\t.exit = cleanup_module,\n");
	fprintf(f, "};\n");
	if (fclose(f))
		return -EIO;
	return 0;
}

static void help(FILE *out)
{
	fprintf(out, "Usage: ldm modpost [--warn] MODULE.o...\n\n"
		     "Check module objects against the runtime's exports and each other's:\n"
		     "unresolved symbols, symbols exported twice, and GPL-only symbols used by\n"
		     "modules that are not GPL-compatible, are errors (warnings with --warn).\n"
		     "Writes MODULE.mod.c for each, with an alias tag for each entry of its\n"
		     "device tables (MODULE_DEVICE_TABLE), as kbuild's file2alias. The build\n"
		     "fragment (module.mk) runs it.\n");
}

/* --warn, modpost's only option of its own. */
static int modpost_option(int id, const char *arg, void *data)
{
	(void)id;
	(void)arg;
	(void)data;
	warn_only = 1;
	return 0;
}

static int modpost_run(int argc, char *argv[])
{
	static const struct tool_option extra[] = {
		{ "warn", 'w', false, 'w' },
		{ 0 },
	};
	const struct tool_parse p = { .allowed = TOOL_OPT_NO_ROOT | TOOL_OPT_PERMUTE,
				      .extra = extra,
				      .fn = modpost_option,
				      .help = help };
	struct mod_obj *mods;
	struct tool_opts o;
	int i, n, status;

	status = tool_parse_options_ext(argc, argv, &p, &o);
	if (status >= 0)
		return status;
	status = 0;
	n = argc - optind;
	if (n <= 0) {
		help(stderr);
		return 2;
	}
	mods = calloc((size_t)n, sizeof(*mods));
	if (!mods || ldm_init())
		return 1;
	for (i = 0; i < n && !status; i++) {
		mods[i].path = argv[optind + i];
		if (read_object(&mods[i]))
			status = 1;
	}
	for (i = 0; i < n && !status; i++) {
		check_exports(mods, i);
		check_symbols(&mods[i], mods, n);
	}
	/* No .mod.c after an error: the next make must run modpost again. */
	if (!status && errors && !warn_only)
		status = 1;
	for (i = 0; i < n && !status; i++)
		if (write_mod_c(&mods[i]))
			status = 1;
	for (i = 0; i < n; i++) {
		free(mods[i].exports);
		free(mods[i].aliases);
		ldm_modfile_free(mods[i].mf);
	}
	free(mods);
	ldm_exit();
	return status;
}

const struct ldm_verb ldm_verb_modpost = {
	.name = "modpost",
	.run = modpost_run,
	.help = "check module objects at build time and write their .mod.c",
};
