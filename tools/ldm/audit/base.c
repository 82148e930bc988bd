// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * base.c - the exports a tree is checked against besides its own: those of
 * vmlinux, from a Module.symvers (--symvers, else the tree's
 * build/Module.symvers, else /usr/src/linux-headers-KVER/'s), or those of
 * ldm's runtime under an export policy (--runtime, --policy).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libldm/module.h>
#include <libldm/runtime.h>

#include "audit.h"

/*
 * The name of a Module.symvers provider as a module is named: the last
 * component of its build path, '-' as '_' ("drivers/usb/storage/usb-storage"
 * is usb_storage); "vmlinux" stays.
 */
const char *audit_provider_name(struct audit *a, const char *symvers_module)
{
	const char *base = strrchr(symvers_module, '/');
	char *name;
	size_t i;

	name = arena_strdup(&a->arena, base ? base + 1 : symvers_module);
	for (i = 0; name && name[i]; i++)
		if (name[i] == '-')
			name[i] = '_';
	return name;
}

/* Split a line at TABs into at most @max fields; how many it has. */
static size_t split_tabs(char *line, char **f, size_t max)
{
	size_t n = 0;

	for (;;) {
		char *tab = strchr(line, '\t');

		if (n == max)
			return max + 1;
		f[n++] = line;
		if (!tab)
			return n;
		*tab = '\0';
		line = tab + 1;
	}
}

static bool gpl_type(const char *type, bool *gpl)
{
	static const char *const plain[] = { "EXPORT_SYMBOL", "EXPORT_SYMBOL_GPL_FUTURE",
					     "EXPORT_UNUSED_SYMBOL" };
	static const char *const only[] = { "EXPORT_SYMBOL_GPL", "EXPORT_UNUSED_SYMBOL_GPL" };
	size_t i;

	for (i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
		if (!strcmp(type, plain[i]))
			return !(*gpl = false);
	for (i = 0; i < sizeof(only) / sizeof(only[0]); i++)
		if (!strcmp(type, only[i]))
			return (*gpl = true);
	return false;
}

/*
 * One line: CRC SYMBOL MODULE TYPE [NAMESPACE] (5.10 and later, and before
 * 5.4 without the namespace), or CRC SYMBOL NAMESPACE MODULE TYPE (5.4 to
 * 5.9). A module's line, when only vmlinux's are wanted, is taken as a
 * stand-in: it provides the symbol only if that module is not in the tree.
 * Return: 1 added, -EINVAL malformed, -ENOMEM.
 */
static int symvers_line(struct audit *a, char *line, bool modules_too)
{
	char *f[5];
	const char *sym, *mod, *type, *ns;
	size_t n = split_tabs(line, f, 5);
	bool gpl, standin;

	if (n < 4 || n > 5 || strncmp(f[0], "0x", 2) || !*f[1] || !*f[2])
		return -EINVAL;
	sym = f[1];
	if (n == 5 && !strncmp(f[4], "EXPORT_", 7)) {
		ns = f[2];
		mod = f[3];
		type = f[4];
	} else {
		mod = f[2];
		type = f[3];
		ns = n == 5 ? f[4] : "";
	}
	if (!gpl_type(type, &gpl) || !*mod || strpbrk(sym, " "))
		return -EINVAL;
	standin = !modules_too && strcmp(mod, "vmlinux");
	sym = arena_strdup(&a->arena, sym);
	ns = *ns ? arena_strdup(&a->arena, ns) : "";
	mod = strcmp(mod, "vmlinux") ? audit_provider_name(a, mod) : "vmlinux";
	if (!sym || !ns || !mod)
		return -ENOMEM;
	if (audit_add_export(a, sym, -1, mod, ns, gpl))
		return -ENOMEM;
	a->exports[a->nexports - 1].standin = standin;
	return 1;
}

/**
 * audit_read_symvers - take the exports of a Module.symvers
 * @a: the audit
 * @path: the file
 * @modules_too: take the modules' lines as exports of their own, not only
 *		 vmlinux's (when the file stands for a whole tree, as in diff);
 *		 else they are stand-ins for modules absent from the tree
 *
 * A file whose first line is not a Module.symvers line (modules.order named
 * by mistake) is refused in one line. A malformed line after a good one is
 * named (file and line) and skipped; the audit exits 2 at the end.
 * Return: 0, -ENOENT (said why) if the file cannot be read, -EINVAL (said
 * why) if it is not a Module.symvers, or -ENOMEM.
 */
int audit_read_symvers(struct audit *a, const char *path, bool modules_too)
{
	char *line = NULL;
	size_t cap = 0, lineno = 0, good = 0;
	ssize_t len;
	FILE *f = fopen(path, "re");
	int ret = 0;

	if (!f) {
		fprintf(stderr, "ldm audit: %s: %s\n", path, strerror(errno));
		return -ENOENT;
	}
	while (ret >= 0 && (len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (!len)
			continue;
		ret = symvers_line(a, line, modules_too);
		if (ret == -EINVAL && !good) {
			fprintf(stderr,
				"ldm audit: %s: not a Module.symvers (line %zu is not CRC, SYMBOL, "
				"MODULE, TYPE, NAMESPACE separated by TABs)\n",
				path, lineno);
		} else if (ret == -EINVAL) {
			audit_warn(a,
				   "%s:%zu: not a Module.symvers line (CRC, SYMBOL, MODULE, TYPE, "
				   "NAMESPACE separated by TABs): skipped",
				   path, lineno);
			ret = 0;
		} else {
			good++;
		}
	}
	free(line);
	fclose(f);
	if (ret < 0)
		return ret;
	a->base_kind = BASE_SYMVERS;
	a->base_name = "vmlinux";
	a->base_source = path;
	a->nbase_exports = a->nexports;
	return 0;
}

static int take_runtime_export(const struct ldm_export *exp, void *data)
{
	struct audit *a = data;
	const char *name = arena_strdup(&a->arena, exp->name);

	if (!name)
		return -ENOMEM;
	return audit_add_export(a, name, -1, "ldm", "", exp->license == LDM_EXPORT_GPL);
}

/**
 * audit_read_runtime - take the exports of ldm's runtime, under the export
 * policy of --policy (else LDM_EXPORT_POLICY, else seed): the runtime is
 * booted in this process for as long as it takes to list them
 * @a: the audit
 *
 * Return: 0, or a negative errno (said why).
 */
int audit_read_runtime(struct audit *a)
{
	char source[64];
	int error;

	/*
	 * what-if --policy asks what a policy would change: the runtime it
	 * is asked of, unless named, is 2.6.9's as released.
	 */
	if (a->policy)
		setenv("LDM_EXPORT_POLICY", a->policy, 1);
	else if (a->whatif_policy)
		setenv("LDM_EXPORT_POLICY", "2.6.9", 1);
	error = ldm_init();
	if (error) {
		fprintf(stderr, "ldm audit: cannot start the runtime: %s\n", strerror(-error));
		return error;
	}
	snprintf(source, sizeof(source), "the runtime, policy %s", ldm_export_policy());
	error = ldm_export_for_each(take_runtime_export, a);
	ldm_exit();
	if (error)
		return error;
	a->base_kind = BASE_RUNTIME;
	a->base_name = "ldm";
	a->base_source = arena_strdup(&a->arena, source);
	a->nbase_exports = a->nexports;
	return a->base_source ? 0 : -ENOMEM;
}

/* The tree's KVER: the last component of a /lib/modules/KVER directory. */
static const char *tree_release(const struct audit *a)
{
	const char *slash;

	if (!a->treedir)
		return NULL;
	slash = strrchr(a->treedir, '/');
	return slash ? slash + 1 : a->treedir;
}

/* How to name a Module.symvers for the tree: --symvers, or diff's per side. */
static const char *symvers_option(const struct audit *a)
{
	if (!a->side)
		return "name one with --symvers FILE, or use --runtime for a tree of ldm modules";
	return !strcmp(a->side, "OLD") ? "name one with --old-symvers FILE or OLD as TREE:FILE" :
					 "name one with --new-symvers FILE or NEW as TREE:FILE";
}

/**
 * audit_load_base - read the base exports: --runtime's, --symvers', or a
 * Module.symvers found beside the tree; before the tree is read, so that a
 * missing one is said at once
 * @a: the audit
 * @required: whether the question needs them; if so and none is found,
 *	      say what to give (naming diff's side)
 *
 * Return: 0 (with none found when not @required), or a negative errno
 * (said why).
 */
int audit_load_base(struct audit *a, bool required)
{
	char path[4096];
	const char *kver;

	if (a->runtime)
		return audit_read_runtime(a);
	if (a->symvers)
		return audit_read_symvers(a, a->symvers, false);
	if (a->treedir) {
		snprintf(path, sizeof(path), "%s/build/Module.symvers", a->treedir);
		if (!access(path, R_OK))
			return audit_read_symvers(a, arena_strdup(&a->arena, path), false);
	}
	kver = tree_release(a);
	if (kver) {
		snprintf(path, sizeof(path), "/usr/src/linux-headers-%s/Module.symvers", kver);
		if (!access(path, R_OK))
			return audit_read_symvers(a, arena_strdup(&a->arena, path), false);
	}
	if (!required)
		return 0;
	fprintf(stderr,
		"ldm audit: no Module.symvers for %s%s%s (looked in %s/build/ and "
		"/usr/src/linux-headers-%s/): %s\n",
		a->side ? a->side : "", a->side ? " side " : "",
		a->ntrees ? a->trees[0] : "the tree", a->treedir ? a->treedir : "its",
		kver ? kver : "KVER", symvers_option(a));
	return -ENOENT;
}

/* The first line of @path, without its newline, into @buf; false if none. */
static bool first_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok && *buf;
}

/*
 * The kernel release a Module.symvers was built for: UTS_RELEASE of the
 * build tree's include/generated/utsrelease.h beside it (what vermagic is
 * made of; Debian's include/config/kernel.release holds the upstream
 * version instead), else that kernel.release, else a linux-headers-KVER
 * or lib/modules/KVER component of its real path. NULL when none tells.
 */
static const char *symvers_release(struct audit *a, const char *path)
{
	char real[PATH_MAX], file[PATH_MAX + 64], line[256], *slash, *p, *q;

	if (!realpath(path, real))
		return NULL;
	slash = strrchr(real, '/');
	*slash = '\0';
	snprintf(file, sizeof(file), "%s/include/generated/utsrelease.h", real);
	if (first_line(file, line, sizeof(line)) && (p = strchr(line, '"')) &&
	    (q = strchr(p + 1, '"')))
		return arena_strndup(&a->arena, p + 1, (size_t)(q - p - 1));
	snprintf(file, sizeof(file), "%s/include/config/kernel.release", real);
	if (first_line(file, line, sizeof(line)))
		return arena_strdup(&a->arena, line);
	p = strstr(real, "/linux-headers-");
	if (p)
		return arena_strndup(&a->arena, p + 15, strcspn(p + 15, "/"));
	p = strstr(real, "/lib/modules/");
	if (p)
		return arena_strndup(&a->arena, p + 13, strcspn(p + 13, "/"));
	return NULL;
}

/* The release the modules were built for: the first word of a vermagic. */
static const char *modules_release(struct audit *a)
{
	size_t i;

	for (i = 0; i < a->nmodules; i++)
		if (!a->modules[i].failed && a->modules[i].vermagic && *a->modules[i].vermagic)
			return arena_strndup(&a->arena, a->modules[i].vermagic,
					     strcspn(a->modules[i].vermagic, " "));
	return NULL;
}

/**
 * audit_check_base - warn when the Module.symvers is not of the modules'
 * kernel: their releases differ (vermagic against the build tree's
 * kernel.release), or more than a tenth of the imports no module of the
 * tree provides stay unresolved (a tree of a matching kernel has next to
 * none); the audit then exits 2
 * @a: the audit, joined and resolved
 */
void audit_check_base(struct audit *a)
{
	const char *mine, *theirs;
	size_t i, j, total = 0, unresolved = 0;

	if (a->base_kind != BASE_SYMVERS || !a->nmodules)
		return;
	for (i = 0; i < a->nmodules; i++) {
		const struct audit_module *m = &a->modules[i];

		for (j = 0; !m->failed && j < m->nimports; j++) {
			int owner = a->syms[m->imports[j].sym].owner;

			if (m->imports[j].weak || (owner >= 0 && a->exports[owner].module >= 0))
				continue;
			total++;
			unresolved += owner < 0;
		}
	}
	mine = modules_release(a);
	theirs = symvers_release(a, a->base_source);
	if (mine && theirs && strcmp(mine, theirs))
		audit_warn(a,
			   "%s is not of the modules' kernel: the modules are %s (vermagic), "
			   "the Module.symvers %s; %zu of %zu imports of it are unresolved",
			   a->base_source, mine, theirs, unresolved, total);
	else if (total >= 50 && unresolved * 10 > total)
		audit_warn(a,
			   "%s looks of another kernel than the modules: %zu of %zu imports of "
			   "it are unresolved; the modules are %s, the Module.symvers %s",
			   a->base_source, unresolved, total, mine ? mine : "of no vermagic",
			   theirs ? theirs : "of a release nothing beside it tells");
}
