// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * base.c - the exports a tree is checked against besides its own: those of
 * vmlinux, from a Module.symvers (--symvers, else the tree's
 * build/Module.symvers, else /usr/src/linux-headers-KVER/'s), or those of
 * ldm's runtime under an export policy (--runtime, --policy).
 */
#include <errno.h>
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
 * 5.9). Return: 1 added, 0 skipped (another module's, not wanted), -EINVAL
 * malformed, -ENOMEM.
 */
static int symvers_line(struct audit *a, char *line, bool modules_too)
{
	char *f[5];
	const char *sym, *mod, *type, *ns;
	size_t n = split_tabs(line, f, 5);
	bool gpl;

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
	if (!modules_too && strcmp(mod, "vmlinux"))
		return 0;
	sym = arena_strdup(&a->arena, sym);
	ns = *ns ? arena_strdup(&a->arena, ns) : "";
	mod = strcmp(mod, "vmlinux") ? audit_provider_name(a, mod) : "vmlinux";
	if (!sym || !ns || !mod)
		return -ENOMEM;
	return audit_add_export(a, sym, -1, mod, ns, gpl) ?: 1;
}

/**
 * audit_read_symvers - take the exports of a Module.symvers
 * @a: the audit
 * @path: the file
 * @modules_too: take the modules' lines too, not only vmlinux's (when the
 *		 file stands for a whole tree, as in diff)
 *
 * A malformed line is named (file and line) and skipped; the audit exits 2
 * at the end.
 * Return: 0, -ENOENT (said why) if the file cannot be read, or -ENOMEM.
 */
int audit_read_symvers(struct audit *a, const char *path, bool modules_too)
{
	char *line = NULL;
	size_t cap = 0, lineno = 0;
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
		if (ret == -EINVAL) {
			audit_warn(a,
				   "%s:%zu: not a Module.symvers line (CRC, SYMBOL, MODULE, TYPE, "
				   "NAMESPACE separated by TABs): skipped",
				   path, lineno);
			ret = 0;
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

	if (a->policy)
		setenv("LDM_EXPORT_POLICY", a->policy, 1);
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

/**
 * audit_load_base - read the base exports: --runtime's, --symvers', or a
 * Module.symvers found beside the tree
 * @a: the audit
 * @required: whether the question needs them; if so and none is found,
 *	      say what to give
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
			return audit_read_symvers(a, path, false);
	}
	kver = tree_release(a);
	if (kver) {
		snprintf(path, sizeof(path), "/usr/src/linux-headers-%s/Module.symvers", kver);
		if (!access(path, R_OK))
			return audit_read_symvers(a, path, false);
	}
	if (!required)
		return 0;
	fprintf(stderr,
		"ldm audit: no Module.symvers for %s (looked in %s/build/ and "
		"/usr/src/linux-headers-%s/): name one with --symvers FILE, or use --runtime for "
		"a tree of ldm modules\n",
		a->ntrees ? a->trees[0] : "the tree", a->treedir ? a->treedir : "its",
		kver ? kver : "KVER");
	return -ENOENT;
}
