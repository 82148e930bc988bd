// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-export.c - the export tables against the seed patch.
 *
 * The patch in shared/seeds is parsed here, so nothing is copied by hand:
 * every symbol it turns into EXPORT_SYMBOL_GPL and that the runtime
 * exports must be EXPORT_SYMBOL_GPL, and the kobject and sysfs ones
 * (lib/kobject.c, fs/sysfs/) must all be exported already. The driver core
 * ones (drivers/base/) come with the driver core.
 */
#include <dirent.h>
#include <sys/wait.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"

#define MAX_PATCH_SYMBOLS 256

struct patch_symbol {
	char name[64];
	char file[64]; /* e.g. "lib/kobject.c" */
};

struct patch {
	struct patch_symbol sym[MAX_PATCH_SYMBOLS];
	unsigned int n;
	unsigned int removed; /* "-EXPORT_SYMBOL(" lines, for a sanity check */
};

static FILE *open_seed_patch(void)
{
	const char *dir = ldm_test_seeds_dir();
	char path[1024];
	struct dirent *de;
	FILE *f = NULL;
	DIR *d;

	d = opendir(dir);
	if (!d)
		ldm_test_skip("no seeds directory at %s (set LDM_SEEDS_DIR)", dir);
	while (!f && (de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len > 6 && !strcmp(de->d_name + len - 6, ".patch")) {
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			f = fopen(path, "r");
		}
	}
	closedir(d);
	if (!f)
		ldm_test_skip("no .patch file in %s", dir);
	return f;
}

/* Collect the "+EXPORT_SYMBOL_GPL(x);" lines, each with its file. */
static void parse_patch(struct patch *p)
{
	char line[512], file[64] = "", name[64];
	FILE *f = open_seed_patch();

	memset(p, 0, sizeof(*p));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "+++ linux-2.6-core/%63s", file) == 1)
			continue;
		if (!strncmp(line, "-EXPORT_SYMBOL(", 15))
			p->removed++;
		if (sscanf(line, "+EXPORT_SYMBOL_GPL(%63[A-Za-z0-9_]);", name) == 1) {
			ASSERT(p->n < MAX_PATCH_SYMBOLS);
			ASSERT(file[0]);
			strcpy(p->sym[p->n].name, name);
			strcpy(p->sym[p->n].file, file);
			p->n++;
		}
	}
	fclose(f);
}

static bool in_foundation(const struct patch_symbol *s)
{
	return !strcmp(s->file, "lib/kobject.c") || !strncmp(s->file, "fs/sysfs/", 9);
}

DEFINE_TEST(
	test_seed_patch_parses_to_103_symbols,
	.description =
		"the seed patch turns 103 EXPORT_SYMBOLs into EXPORT_SYMBOL_GPL, 31 of them kobject and sysfs")
{
	static struct patch p;
	unsigned int i, foundation = 0;

	parse_patch(&p);
	ASSERT_EQ(p.n, 103);
	ASSERT_EQ(p.removed, p.n);
	for (i = 0; i < p.n; i++)
		foundation += in_foundation(&p.sym[i]);
	ASSERT_EQ(foundation, 31);
}

DEFINE_TEST(
	test_foundation_symbols_of_patch_are_gpl_only,
	.description =
		"every kobject/kset/subsystem/subsys/sysfs symbol of the patch is exported EXPORT_SYMBOL_GPL by ldm")
{
	static struct patch p;
	struct ldm_export exp;
	unsigned int i;

	parse_patch(&p);
	for (i = 0; i < p.n; i++) {
		if (!in_foundation(&p.sym[i]))
			continue;
		if (ldm_export_lookup(p.sym[i].name, &exp))
			FAIL("%s (%s) is not exported", p.sym[i].name, p.sym[i].file);
		if (exp.license != LDM_EXPORT_GPL)
			FAIL("%s is %s, the patch makes it EXPORT_SYMBOL_GPL", p.sym[i].name,
			     ldm_export_license_name(exp.license));
		ASSERT_STREQ(exp.owner, "ldm");
	}
}

DEFINE_TEST(test_every_exported_patch_symbol_is_gpl_only,
	    .description = "no symbol of the patch that ldm exports is exported to every module")
{
	static struct patch p;
	struct ldm_export exp;
	unsigned int i;

	parse_patch(&p);
	for (i = 0; i < p.n; i++) {
		if (ldm_export_lookup(p.sym[i].name, &exp))
			continue; /* drivers/base: not built yet */
		if (exp.license != LDM_EXPORT_GPL)
			FAIL("%s is EXPORT_SYMBOL, the patch makes it GPL-only", p.sym[i].name);
	}
}

DEFINE_TEST(test_export_value_is_the_symbol_address,
	    .description = "an export's value is the address of what it names")
{
	struct ldm_export exp;

	ASSERT_OK(ldm_export_lookup("kobject_add", &exp));
	ASSERT_EQ(exp.value, (unsigned long)&kobject_add);
	ASSERT_OK(ldm_export_lookup("sysfs_create_group", &exp));
	ASSERT_EQ(exp.value, (unsigned long)&sysfs_create_group);
	ASSERT_EQ(ldm_export_lookup("no_such_symbol", &exp), -ENOENT);
	ASSERT_EQ(ldm_export_lookup("ldm_init", &exp), -ENOENT);
}

DEFINE_TEST(test_helpers_beyond_the_patch_are_for_every_module,
	    .description = "kref_*, kmalloc, kfree and printk are EXPORT_SYMBOL, as in 2.6.9")
{
	static const char *const plain[] = {
		"kref_init", "kref_get", "kref_put", "kmalloc", "kzalloc", "kfree", "printk",
	};
	struct ldm_export exp;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(plain); i++) {
		if (ldm_export_lookup(plain[i], &exp))
			FAIL("%s is not exported", plain[i]);
		if (exp.license != LDM_EXPORT_ALL)
			FAIL("%s is GPL-only", plain[i]);
	}
}

struct count_ctx {
	unsigned int all, gpl;
};

static int count_export(const struct ldm_export *exp, void *data)
{
	struct count_ctx *c = data;

	if (exp->license == LDM_EXPORT_GPL)
		c->gpl++;
	else
		c->all++;
	return 0;
}

static int stop_at_third(const struct ldm_export *exp, void *data)
{
	unsigned int *n = data;

	(void)exp;
	return ++*n == 3 ? 42 : 0;
}

DEFINE_TEST(test_export_for_each_walks_all_and_stops_on_request,
	    .description =
		    "ldm_export_for_each visits every export and stops when the callback says so")
{
	struct count_ctx c = { 0 };
	unsigned int n = 0;

	ASSERT_OK(ldm_export_for_each(count_export, &c));
	ASSERT(c.gpl >= 31);
	ASSERT(c.all >= 7);
	ASSERT_EQ(ldm_export_for_each(stop_at_third, &n), 42);
	ASSERT_EQ(n, 3);
}

/* Run `ldm symbols` and return its output. */
static char *run_ldm_symbols(void)
{
	char cmd[1024];
	size_t len = 0, cap = 1 << 16;
	char *out = malloc(cap);
	FILE *p;
	size_t n;

	ASSERT(out);
	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm symbols", LDM_BUILD_DIR);
	p = popen(cmd, "r");
	ASSERT(p);
	while ((n = fread(out + len, 1, cap - len - 1, p)) > 0)
		len += n;
	out[len] = '\0';
	ASSERT_EQ(WEXITSTATUS(pclose(p)), 0);
	return out;
}

DEFINE_TEST(
	test_ldm_symbols_lists_gpl_symbols_sorted,
	.description =
		"`ldm symbols` prints NAME<TAB>CLASS<TAB>OWNER sorted by strcmp, with the patch's 31 as EXPORT_SYMBOL_GPL")
{
	static struct patch p;
	char *out = run_ldm_symbols(), *line, *save = NULL, prev[128] = "", want[192];
	unsigned int i, lines = 0;
	size_t len;

	parse_patch(&p);
	for (i = 0; i < p.n; i++) {
		if (!in_foundation(&p.sym[i]))
			continue;
		len = (size_t)snprintf(want, sizeof(want), "\n%s\tEXPORT_SYMBOL_GPL\tldm\n",
				       p.sym[i].name);
		/* A whole line: after a newline, or the first line. */
		if (!strstr(out, want) && strncmp(out, want + 1, len - 1))
			FAIL("no line \"%s\tEXPORT_SYMBOL_GPL\tldm\" in ldm symbols",
			     p.sym[i].name);
	}
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[128], class[32], owner[64];

		if (sscanf(line, "%127[^\t]\t%31[^\t]\t%63s", name, class, owner) != 3)
			FAIL("malformed line \"%s\"", line);
		if (strcmp(class, "EXPORT_SYMBOL") && strcmp(class, "EXPORT_SYMBOL_GPL"))
			FAIL("bad class in \"%s\"", line);
		if (strcmp(prev, name) >= 0)
			FAIL("\"%s\" after \"%s\": not sorted", name, prev);
		strcpy(prev, name);
		lines++;
	}
	ASSERT(lines >= 38);
	free(out);
}
