// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-license.c - the license rule: ldm_license_is_gpl_compatible()'s
 * table, and the load decision through real loads. ldt_licgpl uses two
 * GPL-only symbols, ldt_lic none; their license is a placeholder that each
 * test replaces in memory with the string it tries (NUL-padded, as if the
 * compiler had written it). ldt_trick is the "GPL\0..." trick as the
 * compiler writes it.
 */
#include "internal.h"
#include "modtest.h"
#include "loadtest/loadtest.h"

static const char *const compatible[] = {
	"GPL",		"GPL v2",	"GPL and additional rights",
	"Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL",
};

static const char *const near_misses[] = {
	"GPLv2",  "gpl",	   "GPL ",	   " GPL",	   "Proprietary",
	"GPL v3", "Dual BSD/GPL ", "Dual GPL/BSD", "dual mit/gpl", "",
};

DEFINE_TEST(
	test_license_table,
	.description =
		"license_is_gpl_compatible accepts exactly 2.6.9's five strings and Dual MIT/GPL")
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(compatible); i++)
		ASSERT(ldm_license_is_gpl_compatible(compatible[i]));
	for (i = 0; i < ARRAY_SIZE(near_misses); i++)
		if (ldm_license_is_gpl_compatible(near_misses[i]))
			FAIL("\"%s\" taken as GPL-compatible", near_misses[i]);
	ASSERT(!ldm_license_is_gpl_compatible(NULL));
}

/* The image of @name with its placeholder license replaced by @len bytes. */
static struct ko patched(const char *name, const char *license, size_t len)
{
	static const char key[] = "license=" LDT_LICENSE_PLACEHOLDER;
	struct ko ko;
	unsigned char *p;

	ko_read(&ko, name);
	p = memmem(ko.image, ko.len, key, sizeof(key));
	ASSERT(p);
	ASSERT(len <= sizeof(LDT_LICENSE_PLACEHOLDER) - 1);
	p += strlen("license=");
	memset(p, 0, sizeof(LDT_LICENSE_PLACEHOLDER) - 1);
	if (license)
		memcpy(p, license, len);
	else
		memcpy(p - strlen("license="), "xicense=", strlen("xicense="));
	return ko;
}

struct load_case {
	const char *module;
	const char *license; /* NULL: no license at all */
	size_t len;
	int expect;
};

/* In a child: load the patched module, check the outcome, exit(0). */
static void load_patched(void *arg)
{
	struct load_case *c = arg;
	struct ko ko = patched(c->module, c->license, c->len);
	int error = ldm_init_module(ko.image, ko.len, NULL);

	ko_free(&ko);
	if (error != c->expect)
		FAIL("loading %s returned %d, expected %d", c->module, error, c->expect);
	if (error) {
		ASSERT(!node_exists("/module/%s", c->module));
		ASSERT_EQ(tainted(), 0);
	} else {
		ASSERT(node_exists("/module/%s", c->module));
	}
	fflush(NULL);
	exit(0);
}

static char *try_load(const char *module, const char *license, int expect)
{
	struct load_case c = { module, license, license ? strlen(license) : 0, expect };

	return run_captured(load_patched, &c);
}

DEFINE_TEST(
	test_license_gpl_compatible_modules_see_gpl_symbols,
	.description =
		"a module under each GPL-compatible license loads with GPL-only symbols and taints nothing")
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(compatible); i++) {
		struct ko ko = patched("ldt_licgpl", compatible[i], strlen(compatible[i]));

		ASSERT_OK(ldm_init_module(ko.image, ko.len, NULL));
		ko_free(&ko);
		ASSERT_EQ(tainted(), 0);
		ASSERT_STREQ(read_attr("/module/ldt_licgpl/taint"), "\n");
		ASSERT_OK(ldm_delete_module("ldt_licgpl", 0));
	}
}

DEFINE_TEST(
	test_license_near_misses_do_not_see_gpl_symbols,
	.description =
		"under each near miss (GPLv2, gpl, \"GPL \", Proprietary, ...) a module using GPL-only symbols is refused with -ENOENT, naming each symbol and the license, and leaves no taint")
{
	char line[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(near_misses); i++) {
		char *err = try_load("ldt_licgpl", near_misses[i], -ENOENT);

		snprintf(line, sizeof(line),
			 "ldt_licgpl: symbol driver_find is GPL-only "
			 "(EXPORT_SYMBOL_GPL by ldm), and the module's license '%s' is not "
			 "GPL-compatible\n",
			 near_misses[i]);
		ASSERT_CONTAINS(err, line);
		snprintf(line, sizeof(line),
			 "ldt_licgpl: symbol platform_bus_type is GPL-only "
			 "(EXPORT_SYMBOL_GPL by ldm), and the module's license '%s' is not "
			 "GPL-compatible\n",
			 near_misses[i]);
		ASSERT_CONTAINS(err, line);
		snprintf(line, sizeof(line),
			 "ldt_licgpl: refused: it uses 2 GPL-only symbols and "
			 "its license '%s' is not GPL-compatible\n",
			 near_misses[i]);
		ASSERT_CONTAINS(err, line);
		free(err);
	}
}

DEFINE_TEST(
	test_license_near_misses_load_and_taint_P,
	.description =
		"under a near miss a module using no GPL-only symbol loads, warns that it taints, and shows P in /kernel/tainted, /module/<name>/taint and the /proc/modules line")
{
	char *mods, *err;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(near_misses); i++) {
		struct ko ko = patched("ldt_lic", near_misses[i], strlen(near_misses[i]));

		ASSERT_OK(ldm_init_module(ko.image, ko.len, NULL));
		ko_free(&ko);
		ASSERT_EQ(tainted(), 1);
		ASSERT_STREQ(read_attr("/module/ldt_lic/taint"), "P\n");
		mods = ldm_proc_modules();
		ASSERT(mods);
		ASSERT(strstr(mods, "ldt_lic ") == mods);
		ASSERT_CONTAINS(mods, " - Live 0x0000000000000000 (P)\n");
		free(mods);
		ASSERT_OK(ldm_delete_module("ldt_lic", 0));
	}
	err = try_load("ldt_lic", "GPLv2", 0);
	ASSERT_CONTAINS(err, "ldt_lic: module license 'GPLv2' taints kernel.\n");
	free(err);
}

DEFINE_TEST(
	test_license_missing_is_proprietary,
	.description =
		"a module with no MODULE_LICENSE is proprietary: refused GPL-only symbols, and tainting P when it needs none")
{
	char *err;

	err = try_load("ldt_licgpl", NULL, -ENOENT);
	ASSERT_CONTAINS(err,
			"ldt_licgpl: symbol driver_find is GPL-only (EXPORT_SYMBOL_GPL by "
			"ldm), and the module's license 'unspecified' is not GPL-compatible\n");
	free(err);
	err = try_load("ldt_lic", NULL, 0);
	ASSERT_CONTAINS(err, "ldt_lic: module license 'unspecified' taints kernel.\n");
	free(err);
	{
		struct ko ko = patched("ldt_lic", NULL, 0);

		ASSERT_OK(ldm_init_module(ko.image, ko.len, NULL));
		ko_free(&ko);
		ASSERT_EQ(tainted(), 1);
		ASSERT_STREQ(read_attr("/module/ldt_lic/taint"), "P\n");
	}
}

/* In a child: load ldt_trick as built, expecting a refusal. */
static void load_trick(void *arg)
{
	(void)arg;
	ASSERT_EQ(ko_load("ldt_trick", NULL), -ENOENT);
	ASSERT(!node_exists("/module/ldt_trick"));
	ASSERT_EQ(tainted(), 0);
	fflush(NULL);
	exit(0);
}

#define TRICK "GPL\0for files in the \"GPL\" directory; for others, only the LICENSE file applies"

DEFINE_TEST(
	test_license_hidden_behind_nul_is_not_gpl,
	.description =
		"MODULE_LICENSE(\"GPL\\0for files in the \\\"GPL\\\" directory...\") as the compiler writes it: warned about, not GPL-compatible, refused its GPL-only symbol")
{
	struct ldm_elf elf;
	struct ko ko;
	char *err;

	ko_read(&ko, "ldt_trick");
	ASSERT_OK(ldm_elf_parse(&elf, ko.image, ko.len));
	ASSERT_STREQ(ldm_modinfo_get(&elf, "license"), "GPL");
	ASSERT(ldm_modinfo_license_hides_text(&elf));
	ko_free(&ko);

	err = run_captured(load_trick, NULL);
	ASSERT_CONTAINS(err,
			"ldt_trick: module license 'GPL' is followed by more text after a "
			"NUL byte; the whole string is not a GPL-compatible license, so the module "
			"is treated as proprietary\n");
	ASSERT_CONTAINS(err, "ldt_trick: symbol platform_bus_type is GPL-only");
	ASSERT_CONTAINS(err, "ldt_trick: refused: it uses 1 GPL-only symbol and its license");
	free(err);
}

DEFINE_TEST(
	test_license_hidden_behind_nul_taints_P,
	.description =
		"\"GPL\\0x\", \"GPL\\0x=y\" and the 2004 string on a module that needs no GPL-only symbol: it loads with the warning, and taints P")
{
	static const struct {
		const char *s;
		size_t len;
	} tricks[] = {
		{ "GPL\0x", 5 },
		/* Hidden text that looks like one more "key=value" entry. */
		{ "GPL\0x=y", 7 },
		{ TRICK, sizeof(TRICK) - 1 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tricks); i++) {
		struct load_case c = { "ldt_lic", tricks[i].s, tricks[i].len, 0 };
		char *err = run_captured(load_patched, &c);

		ASSERT_CONTAINS(err, "ldt_lic: module license 'GPL' is followed by more text "
				     "after a NUL byte");
		ASSERT_CONTAINS(err, "ldt_lic: module license 'GPL' taints kernel.\n");
		free(err);
	}
	{
		struct ko ko = patched("ldt_lic", "GPL\0x", 5);

		ASSERT_OK(ldm_init_module(ko.image, ko.len, NULL));
		ko_free(&ko);
		ASSERT_EQ(tainted(), 1);
		ASSERT_STREQ(read_attr("/module/ldt_lic/taint"), "P\n");
	}
}

/* ldt_mixer: GPL, uses platform_bus_type and ldt_lic's export. */
static void load_mixer(void *arg)
{
	const char *license = arg;
	struct ko ko = patched("ldt_lic", license, strlen(license));

	ASSERT_OK(ldm_init_module(ko.image, ko.len, NULL));
	ko_free(&ko);
	if (ldm_license_is_gpl_compatible(license)) {
		ASSERT_OK(ko_load("ldt_mixer", NULL));
		ASSERT(node_exists("/module/ldt_lic/holders/ldt_mixer"));
		ASSERT_EQ(ldm_delete_module("ldt_lic", 0), -EWOULDBLOCK);
	} else {
		ASSERT_EQ(ko_load("ldt_mixer", NULL), -EPERM);
		ASSERT(!node_exists("/module/ldt_mixer"));
		ASSERT(!node_exists("/module/ldt_lic/holders/ldt_mixer"));
		ASSERT_OK(ldm_delete_module("ldt_lic", 0));
	}
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_license_gpl_user_may_not_use_proprietary_exports,
	.description =
		"a module using GPL-only symbols is refused (-EPERM) the exports of a proprietary module, and is given those of a GPL one")
{
	char *err = run_captured(load_mixer, "Proprietary");

	ASSERT_CONTAINS(err, "ldt_mixer: module using GPL-only symbols uses symbols from "
			     "proprietary module ldt_lic\n");
	free(err);
	err = run_captured(load_mixer, "Dual MIT/GPL");
	ASSERT(!strstr(err, "proprietary"));
	free(err);
}

#define STRIPPED_TRICK "GPL\0\0for files in the GPL directory; others proprietary"

/* In a child: @arg's module patched with STRIPPED_TRICK, stripped, then loaded. */
static void load_stripped_trick(void *arg)
{
	const char *module = arg;
	struct ko ko = patched(module, STRIPPED_TRICK, sizeof(STRIPPED_TRICK) - 1);
	char path[] = "/tmp/ldm-test-stripped-XXXXXX", cmd[128];
	bool uses_gpl = !strcmp(module, "ldt_licgpl");
	struct ldm_elf elf;
	int fd;

	fd = mkstemp(path);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, ko.image, ko.len), (ssize_t)ko.len);
	close(fd);
	ko_free(&ko);
	snprintf(cmd, sizeof(cmd), "objcopy --strip-unneeded %s", path);
	ASSERT_EQ(system(cmd), 0);
	{
		struct ko stripped = { 0 };
		struct stat st;

		fd = open(path, O_RDONLY | O_CLOEXEC);
		ASSERT(fd >= 0 && !fstat(fd, &st));
		stripped.len = (size_t)st.st_size;
		stripped.image = malloc(stripped.len + 8);
		ASSERT(stripped.image);
		ASSERT_EQ(read(fd, stripped.image, stripped.len), (ssize_t)stripped.len);
		close(fd);
		ASSERT_OK(ldm_elf_parse(&elf, stripped.image, stripped.len));
		/* Stripped: no symbol of .modinfo tells where the license's string ends. */
		ASSERT_STREQ(ldm_modinfo_get(&elf, "license"), "GPL");
		ASSERT(ldm_modinfo_license_hides_text(&elf));
		ko_free(&stripped);
	}
	ASSERT_EQ(ldm_insmod(path, NULL), uses_gpl ? -ENOENT : 0);
	unlink(path);
	ASSERT_EQ(tainted(), uses_gpl ? 0 : 1);
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_license_hidden_behind_two_nuls_in_a_stripped_module,
	.description =
		"MODULE_LICENSE(\"GPL\\0\\0for files in the GPL directory; others proprietary\") then objcopy --strip-unneeded: the second NUL does not pass the hidden text off as padding; refused its GPL-only symbols, or loaded tainting P")
{
	char *err;

	if (system("objcopy --version >/dev/null 2>&1"))
		ldm_test_skip("objcopy (binutils) is not installed");
	err = run_captured(load_stripped_trick, "ldt_licgpl");
	ASSERT_CONTAINS(err, "ldt_licgpl: module license 'GPL' is followed by more text after a "
			     "NUL byte");
	ASSERT_CONTAINS(err, "ldt_licgpl: refused: it uses 2 GPL-only symbols");
	free(err);
	err = run_captured(load_stripped_trick, "ldt_lic");
	ASSERT_CONTAINS(err, "ldt_lic: module license 'GPL' taints kernel.\n");
	free(err);
}
