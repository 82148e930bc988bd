// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-export.c - the export tables against the seed patch, and the export
 * policies.
 *
 * The 103 exports the patch made EXPORT_SYMBOL_GPL are data of the project
 * (src/kernel/module/patch_exports.c), so what the runtime exports is
 * checked against them on any clone; where ../shared/seeds is, the patch
 * itself is parsed and that list checked against it, name and file.
 */
#include <dirent.h>
#include <sys/wait.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "harness.h"
#include "internal.h"

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

static bool in_foundation(const char *file)
{
	return !strcmp(file, "lib/kobject.c") || !strncmp(file, "fs/sysfs/", 9);
}

DEFINE_TEST(
	test_patch_export_list_is_the_seed_patch,
	.description =
		"the seed patch turns 103 EXPORT_SYMBOLs into EXPORT_SYMBOL_GPL, 31 of them kobject and sysfs; the project's list has exactly those, each with its file")
{
	static struct patch p;
	const struct ldm_patch_export *list;
	unsigned int i, foundation = 0;
	size_t n, j;

	list = ldm_patch_exports(&n);
	parse_patch(&p);
	ASSERT_EQ(p.n, 103);
	ASSERT_EQ(p.removed, p.n);
	for (i = 0; i < p.n; i++)
		foundation += in_foundation(p.sym[i].file);
	ASSERT_EQ(foundation, 31);
	ASSERT_EQ(n, p.n);
	for (i = 0; i < p.n; i++) {
		for (j = 0; j < n && strcmp(list[j].name, p.sym[i].name); j++)
			;
		if (j == n)
			FAIL("%s (%s) is not in patch_exports.c", p.sym[i].name, p.sym[i].file);
		ASSERT_STREQ(list[j].file, p.sym[i].file);
	}
}

DEFINE_TEST(
	test_patch_export_list_is_sorted_and_whole,
	.description =
		"patch_exports.c lists 103 exports sorted by strcmp, 19 of lib/kobject.c, 12 of fs/sysfs/ and 72 of drivers/base/")
{
	const struct ldm_patch_export *list;
	size_t n, i, kobject = 0, sysfs = 0, base = 0;

	list = ldm_patch_exports(&n);
	ASSERT_EQ(n, 103);
	for (i = 0; i < n; i++) {
		if (i && strcmp(list[i - 1].name, list[i].name) >= 0)
			FAIL("%s after %s: not sorted", list[i].name, list[i - 1].name);
		kobject += !strcmp(list[i].file, "lib/kobject.c");
		sysfs += !strncmp(list[i].file, "fs/sysfs/", 9);
		base += !strncmp(list[i].file, "drivers/base/", 13);
	}
	ASSERT_EQ(kobject, 19);
	ASSERT_EQ(sysfs, 12);
	ASSERT_EQ(base, 72);
}

DEFINE_TEST(
	test_runtime_exports_every_patch_symbol_gpl_only,
	.description =
		"under the default policy the runtime exports each of the patch's 103 symbols, EXPORT_SYMBOL_GPL, as its own")
{
	const struct ldm_patch_export *list;
	struct ldm_export exp;
	size_t n, i;

	list = ldm_patch_exports(&n);
	ASSERT_STREQ(ldm_export_policy(), "seed");
	for (i = 0; i < n; i++) {
		if (ldm_export_lookup(list[i].name, &exp))
			FAIL("%s (%s) is not exported", list[i].name, list[i].file);
		if (exp.license != LDM_EXPORT_GPL)
			FAIL("%s is %s, the patch makes it EXPORT_SYMBOL_GPL", list[i].name,
			     ldm_export_license_name(exp.license));
		ASSERT_STREQ(exp.owner, "ldm");
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
		"`ldm symbols` prints NAME<TAB>CLASS<TAB>OWNER sorted by strcmp, with the patch's 103 as EXPORT_SYMBOL_GPL")
{
	const struct ldm_patch_export *list;
	char *out = run_ldm_symbols(), *line, *save = NULL, prev[128] = "", want[192];
	unsigned int lines = 0;
	size_t n, i, len;

	list = ldm_patch_exports(&n);
	for (i = 0; i < n; i++) {
		len = (size_t)snprintf(want, sizeof(want), "\n%s\tEXPORT_SYMBOL_GPL\tldm\n",
				       list[i].name);
		/* A whole line: after a newline, or the first line. */
		if (!strstr(out, want) && strncmp(out, want + 1, len - 1))
			FAIL("no line \"%s\tEXPORT_SYMBOL_GPL\tldm\" in ldm symbols", list[i].name);
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
	ASSERT(lines >= 103);
	free(out);
}

/* Boot the runtime under a policy; stop it with ldm_exit(). */
static void boot_with_policy(const char *policy)
{
	setenv("LDM_EXPORT_POLICY", policy, 1);
	ASSERT_OK(ldm_init());
	ASSERT_STREQ(ldm_export_policy(), policy);
}

static const char *read_node(const char *path)
{
	static char buf[256];
	ssize_t n = ldm_sysfs_read_path(path, buf, sizeof(buf) - 1);

	if (n < 0)
		FAIL("%s: %s", path, strerror((int)-n));
	buf[n] = '\0';
	return buf;
}

DEFINE_TEST(
	test_export_policies_choose_what_is_gpl_only,
	.description =
		"LDM_EXPORT_POLICY=seed keeps all 103 GPL-only, 2.6.10 the 84 of drivers/base and fs/sysfs (lib/kobject.c plain), 2.6.9 none; exports beyond the patch keep their kind; /kernel/export_policy says which",
	.no_runtime = true)
{
	static const char *const policies[] = { "seed", "2.6.10", "2.6.9" };
	const struct ldm_patch_export *list;
	struct ldm_export exp;
	size_t n, i, p, gpl;
	char want[32];

	list = ldm_patch_exports(&n);
	for (p = 0; p < ARRAY_SIZE(policies); p++) {
		boot_with_policy(policies[p]);
		snprintf(want, sizeof(want), "%s\n", policies[p]);
		ASSERT_STREQ(read_node("/kernel/export_policy"), want);
		for (i = gpl = 0; i < n; i++) {
			bool want_gpl = p == 0 || (p == 1 && strcmp(list[i].file, "lib/kobject.c"));

			ASSERT_OK(ldm_export_lookup(list[i].name, &exp));
			if ((exp.license == LDM_EXPORT_GPL) != want_gpl)
				FAIL("policy %s: %s (%s) is %s", policies[p], list[i].name,
				     list[i].file, ldm_export_license_name(exp.license));
			gpl += want_gpl;
		}
		ASSERT_EQ(gpl, p == 0 ? 103 : p == 1 ? 84 : 0);
		/* Modern Linux's own GPL-only exports are not the patch's to relax. */
		ASSERT_OK(ldm_export_lookup("sysfs_notify", &exp));
		ASSERT_EQ(exp.license, LDM_EXPORT_GPL);
		ASSERT_OK(ldm_export_lookup("kmalloc", &exp));
		ASSERT_EQ(exp.license, LDM_EXPORT_ALL);
		ldm_exit();
	}
	unsetenv("LDM_EXPORT_POLICY");
}

static void boot_bogus(void *arg)
{
	(void)arg;
	setenv("LDM_EXPORT_POLICY", "2.6.11", 1);
	_exit(ldm_init() == -EINVAL ? 0 : 1);
}

DEFINE_TEST(
	test_unknown_export_policy_is_refused_at_boot,
	.description =
		"LDM_EXPORT_POLICY=2.6.11 makes ldm_init fail with -EINVAL, naming the policies there are; ldm_export_policy_valid knows the three",
	.no_runtime = true)
{
	char *err = NULL;

	ASSERT_EQ(ldm_test_capture(boot_bogus, NULL, &err), 0);
	ASSERT(strstr(err,
		      "LDM_EXPORT_POLICY=2.6.11: no such export policy (seed, 2.6.10 or 2.6.9)"));
	free(err);
	ASSERT_OK(ldm_export_policy_valid("seed"));
	ASSERT_OK(ldm_export_policy_valid("2.6.10"));
	ASSERT_OK(ldm_export_policy_valid("2.6.9"));
	ASSERT_EQ(ldm_export_policy_valid("2.6.11"), -EINVAL);
	ASSERT_EQ(ldm_export_policy_valid(NULL), -EINVAL);
}

DEFINE_TEST(
	test_prop_core_loads_under_2_6_9_only,
	.description =
		"prop_core (proprietary, device_register) loads under policy 2.6.9 and taints P; under 2.6.10, as under seed, it is refused with -ENOENT and taints nothing",
	.no_runtime = true)
{
	const char *path = LDM_BUILD_DIR "/modules/prop_core.ko";

	boot_with_policy("2.6.9");
	ASSERT_OK(ldm_insmod(path, NULL));
	ASSERT_STREQ(read_node("/kernel/tainted"), "1\n");
	ASSERT_STREQ(read_node("/module/prop_core/taint"), "P\n");
	ldm_exit();
	boot_with_policy("2.6.10");
	ASSERT_EQ(ldm_insmod(path, NULL), -ENOENT);
	ASSERT_STREQ(read_node("/kernel/tainted"), "0\n");
	ldm_exit();
	unsetenv("LDM_EXPORT_POLICY");
}
