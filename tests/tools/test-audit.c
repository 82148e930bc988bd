// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-audit.c - `ldm audit` as a user runs it, on the fixture tree of
 * tests/audit/ (modules in assembler, a modules.order, a Module.symvers):
 * each question's output byte for byte against tests/golden/audit-*.out,
 * its exit status, its JSON; compressed copies; malformed modules, a
 * broken Module.symvers, a patch without exports, an empty and a missing
 * tree; modules.dep against kmod's depmod; ldm's own modules against the
 * runtime under each export policy.
 */
#include <sys/stat.h>
#include <sys/wait.h>
#include <libldm/libldm.h>

#include "harness.h"

#define FIXTURES LDM_BUILD_DIR "/tests/audit"
#define LDM	 LDM_BUILD_DIR "/tools/ldm/ldm"
#define AUDIT	 LDM " audit --tree . --symvers Module.symvers"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Run @cmd with sh in @dir; its exit status, its stdout in *out (free it). */
static int run_in(const char *dir, const char *cmd, char **out)
{
	char full[8192];

	snprintf(full, sizeof(full), "cd '%s' && %s", dir, cmd);
	return ldm_test_run(full, out);
}

static char *read_text(const char *path)
{
	struct stat st;
	char *buf;
	FILE *f = fopen(path, "r");

	if (!f)
		FAIL("cannot open %s", path);
	ASSERT_OK(fstat(fileno(f), &st));
	buf = malloc((size_t)st.st_size + 1);
	ASSERT(buf);
	ASSERT_EQ(fread(buf, 1, (size_t)st.st_size, f), st.st_size);
	buf[st.st_size] = '\0';
	fclose(f);
	return buf;
}

static char *golden(const char *name)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/tests/golden/%s", ldm_test_srcdir(), name);
	return read_text(path);
}

/*
 * @cmd in @dir prints golden @name and exits @status: the harness's
 * comparison, so make update-golden rewrites the file.
 */
static void check_golden(const char *dir, const char *cmd, const char *name, int status)
{
	char *out;
	int got = run_in(dir, cmd, &out);

	ldm_test_golden(name, out, NULL);
	if (got != status)
		FAIL("%s exits %d, expected %d", cmd, got, status);
	free(out);
}

static const struct {
	const char *args, *golden;
	int status;
} questions[] = {
	{ "", "audit-summary.out", 1 },
	{ "users fa_plain vm_gpl fa_only", "audit-users.out", 1 },
	{ "imports fa_prop fa-nons", "audit-imports.out", 1 },
	{ "exports fa_lib vmlinux", "audit-exports.out", 1 },
	{ "unused", "audit-unused.out", 1 },
	{ "violations", "audit-violations.out", 1 },
	{ "what-if --gpl-only vm_plain fa_plain", "audit-what-if-gpl-only.out", 1 },
	{ "what-if --unexport fa_gpl", "audit-what-if-unexport.out", 1 },
	{ "what-if --patch export.patch", "audit-what-if-patch.out", 1 },
	{ "deps", "audit-deps.out", 1 },
	{ "deps --dot", "audit-deps-dot.out", 1 },
	{ "--json", "audit-summary-json.out", 1 },
	{ "--json violations", "audit-violations-json.out", 1 },
};

DEFINE_TEST(
	test_audit_questions_are_golden,
	.description =
		"each question of ldm audit on the fixture tree prints what tests/golden/audit-*.out has and exits 1, deps too (it printed lines): summary, users, imports, exports, unused, violations of each reason, what-if by symbol and by patch, deps, --dot, --json, diff, a Module.symvers with bad lines",
	.no_runtime = true)
{
	char cmd[512];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(questions); i++) {
		snprintf(cmd, sizeof(cmd), AUDIT " %s", questions[i].args);
		check_golden(FIXTURES, cmd, questions[i].golden, questions[i].status);
	}
	check_golden(FIXTURES, LDM " audit diff Module.symvers Module.symvers.new",
		     "audit-diff.out", 1);
	check_golden(FIXTURES, LDM " audit diff --tree . Module.symvers Module.symvers.new",
		     "audit-diff-tree.out", 1);
	check_golden(FIXTURES,
		     LDM " audit --tree . --symvers Module.symvers.bad violations 2>&1 | sort",
		     "audit-bad-symvers.out", 0);
}

/* Lines of text, or records of a JSON array: "{" at the start of a line. */
static size_t count_lines(const char *s, bool json)
{
	size_t n = 0;

	for (; *s; s++)
		n += json ? (*s == '{' && (s[-1] == '\n' || s[-1] == '[')) : *s == '\n';
	return n;
}

DEFINE_TEST(
	test_audit_json_has_the_same_records,
	.description =
		"--json of users, imports, exports, unused, violations, what-if, diff and deps is one valid JSON document with as many records as the text has lines",
	.no_runtime = true)
{
	static const char *const args[] = {
		"users fa_plain vm_gpl",
		"imports fa_prop",
		"exports fa_lib vmlinux",
		"unused",
		"violations",
		"what-if --patch export.patch",
		"deps",
	};
	char cmd[512], *text, *json;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(args); i++) {
		snprintf(cmd, sizeof(cmd), AUDIT " %s", args[i]);
		run_in(FIXTURES, cmd, &text);
		snprintf(cmd, sizeof(cmd), AUDIT " --json %s", args[i]);
		run_in(FIXTURES, cmd, &json);
		if (!ldm_test_json_valid(json))
			FAIL("%s --json is not JSON:\n%s", args[i], json);
		if (count_lines(text, false) != count_lines(json, true))
			FAIL("%s: %zu lines, %zu JSON records:\n%s", args[i],
			     count_lines(text, false), count_lines(json, true), json);
		free(text);
		free(json);
	}
	run_in(FIXTURES, LDM " audit diff Module.symvers Module.symvers.new", &text);
	run_in(FIXTURES, LDM " audit --json diff Module.symvers Module.symvers.new", &json);
	if (!ldm_test_json_valid(json) || count_lines(text, false) != count_lines(json, true))
		FAIL("diff --json:\n%s", json);
	free(text);
	free(json);
}

DEFINE_TEST(
	test_audit_exits_0_when_nothing_is_found,
	.description =
		"a question that finds nothing prints nothing (or an empty JSON array) and exits 0: users of unused exports, what-if of what changes nothing",
	.no_runtime = true)
{
	static const char *const args[] = {
		"users vm_unused no_such_symbol",
		"users fa_unused --json",
		"what-if --gpl-only vm_gpl",
		"what-if --unexport vm_unused fa_unused",
	};
	char cmd[512], *out;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(args); i++) {
		snprintf(cmd, sizeof(cmd), AUDIT " %s", args[i]);
		if (run_in(FIXTURES, cmd, &out))
			FAIL("%s did not exit 0:\n%s", args[i], out);
		if (*out && strcmp(out, "[]\n"))
			FAIL("%s printed:\n%s", args[i], out);
		free(out);
	}
}

static void remove_tree(const char *dir)
{
	char cmd[256], *out;

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	run_in("/", cmd, &out);
	free(out);
}

/* A scratch directory of copies of the fixture tree, each .ko through @filter. */
static void copy_tree(const char *dir, const char *filter)
{
	char cmd[2048], *out;

	snprintf(cmd, sizeof(cmd),
		 "rm -rf '%s' && mkdir -p '%s' && cp modules.order Module.symvers '%s' && "
		 "for f in *.ko; do %s; done",
		 dir, dir, dir, filter);
	if (run_in(FIXTURES, cmd, &out))
		ldm_test_skip("cannot make %s (xz-utils, zstd, gzip installed?)", dir);
	free(out);
}

DEFINE_TEST(
	test_audit_reads_compressed_trees,
	.description =
		"the fixture tree as .ko.xz, .ko.zst and .ko.gz (and the three mixed): the same violations, and modules.dep with the compressed names",
	.no_runtime = true)
{
	static const char *const filters[] = {
		"xz -c \"$f\" > \"$D/$f.xz\"",
		"zstd -q -c \"$f\" > \"$D/$f.zst\"",
		"gzip -c \"$f\" > \"$D/$f.gz\"",
		("case $f in fa_l*|fa_f*) xz -c \"$f\" > \"$D/$f.xz\";; fa_u*) cp \"$f\" \"$D\";; "
		 "*) zstd -q -c \"$f\" > \"$D/$f.zst\";; esac"),
	};
	char dir[128], filter[512], *out, *violations = golden("audit-violations.out"),
					  *deps = golden("audit-deps.out");
	size_t i;

	snprintf(dir, sizeof(dir), "/tmp/ldm-audit-%d", getpid());
	for (i = 0; i < ARRAY_SIZE(filters); i++) {
		snprintf(filter, sizeof(filter), "D='%s'; %s", dir, filters[i]);
		copy_tree(dir, filter);
		ASSERT_EQ(run_in(dir, AUDIT " violations", &out), 1);
		ASSERT_STREQ(out, violations);
		free(out);
		/* The same lines, but for the names of the files. */
		ASSERT_EQ(run_in(dir, AUDIT " deps | sed -E 's/\\.ko\\.(xz|zst|gz)/.ko/g'", &out),
			  0);
		ASSERT_STREQ(out, deps);
		free(out);
	}
	free(violations);
	free(deps);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_skips_malformed_modules,
	.description =
		"a truncated module, garbage named .ko, a corrupt .ko.xz, an empty file and a dangling link in the tree: each named on stderr with its reason, left out; the rest is answered as without them; exit 2",
	.no_runtime = true)
{
	char dir[128], cmd[1024], *out, *want = golden("audit-violations.out");

	snprintf(dir, sizeof(dir), "/tmp/ldm-audit-bad-%d", getpid());
	snprintf(cmd, sizeof(cmd), "cp \"$f\" '%s'", dir);
	copy_tree(dir, cmd);
	snprintf(
		cmd, sizeof(cmd),
		"cd '%s' && head -c 700 fa_lib.ko > fa_cut.ko && yes not an elf | head -c 100 > fa_junk.ko && "
		"printf '\\3757zXZ\\0garbage garbage garbage' > fa_bad.ko.xz && : > fa_empty.ko && "
		"ln -s /nonexistent fa_link.ko",
		dir);
	ASSERT_EQ(run_in("/", cmd, &out), 0);
	free(out);
	ASSERT_EQ(run_in(dir, AUDIT " violations 2>stderr", &out), 2);
	ASSERT_STREQ(out, want);
	free(out);
	snprintf(cmd, sizeof(cmd), "%s/stderr", dir);
	out = read_text(cmd);
	if (!strstr(out, "ldm audit: ./fa_cut.ko: section headers at offset") ||
	    !strstr(out, "ldm audit: ./fa_junk.ko: not an ELF file (bad magic): skipped") ||
	    !strstr(out, "ldm audit: ./fa_bad.ko.xz: xz: ") ||
	    !strstr(out, "ldm audit: ./fa_empty.ko: truncated: 0 bytes is smaller than an ELF "
			 "header: skipped") ||
	    !strstr(out, "ldm audit: ./fa_link.ko: No such file or directory: skipped"))
		FAIL("stderr does not name each bad module:\n%s", out);
	free(out);
	free(want);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_reports_bad_input_and_goes_on,
	.description =
		"a Module.symvers with bad lines (each named by line, the rest used), a patch with no exports, an empty tree (said so, counted as empty), a missing tree: a clear message; exit 2 but for the empty tree",
	.no_runtime = true)
{
	char *out;

	ASSERT_EQ(run_in(FIXTURES,
			 LDM
			 " audit --tree . --symvers Module.symvers.bad violations >/dev/null 2>&1",
			 &out),
		  2);
	free(out);
	ASSERT_EQ(run_in(FIXTURES, AUDIT " what-if --patch noexport.patch 2>&1", &out), 2);
	ASSERT_STREQ(out, "ldm audit: noexport.patch: no EXPORT_SYMBOL line is added or removed "
			  "in it: nothing to ask\n");
	free(out);
	ASSERT_EQ(run_in("/tmp",
			 "mkdir -p ldm-audit-empty && " LDM " audit --symvers " FIXTURES
			 "/Module.symvers --tree ldm-audit-empty "
			 "unused 2>&1; s=$?; rmdir ldm-audit-empty; exit $s",
			 &out),
		  1);
	ASSERT(strstr(out, "ldm audit: no modules (.ko, .ko.gz, .ko.xz, .ko.zst) in "
			   "ldm-audit-empty\n"));
	ASSERT(strstr(out, "vm_gpl\tEXPORT_SYMBOL_GPL\tvmlinux\n"));
	free(out);
	ASSERT_EQ(run_in("/", LDM " audit --tree /nonexistent users x 2>&1", &out), 2);
	ASSERT_STREQ(out, "ldm audit: /nonexistent: No such file or directory\n");
	free(out);
	ASSERT_EQ(run_in(FIXTURES, LDM " audit --tree . summary 2>&1", &out), 2);
	ASSERT(strstr(out, "ldm audit: no Module.symvers for . (looked in ./build/"));
	free(out);
}

DEFINE_TEST(
	test_audit_usage_errors_exit_2,
	.description =
		"an unknown question or option, --dot or --gpl-only with another question, users without a symbol, diff without two sides, a bad --policy or --jobs, --symvers with --runtime: a message and exit 2",
	.no_runtime = true)
{
	static const char *const args[] = {
		"frobnicate",
		"--bogus",
		"users --dot",
		"violations --gpl-only x",
		"users",
		"imports",
		"diff Module.symvers",
		"--policy 2.6.8",
		"--jobs 0",
		"what-if",
		"deps --dot --json",
		"summary extra",
		"--runtime unused",
	};
	char cmd[512], *out;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(args); i++) {
		snprintf(cmd, sizeof(cmd), AUDIT " %s 2>&1 >/dev/null", args[i]);
		if (run_in(FIXTURES, cmd, &out) != 2)
			FAIL("'%s' did not exit 2", args[i]);
		if (!*out)
			FAIL("'%s' said nothing", args[i]);
		free(out);
	}
}

DEFINE_TEST(
	test_audit_deps_is_depmods_modules_dep,
	.description =
		"on the fixture tree (fa_mixer left out of modules.order, so placed by kmod's hash), plain and compressed, ldm audit deps prints byte for byte the modules.dep kmod's depmod writes",
	.no_runtime = true)
{
	static const char *const filters[] = {
		"cp \"$f\" \"$D\"",
		"xz -c \"$f\" > \"$D/$f.xz\"",
		"zstd -q -c \"$f\" > \"$D/$f.zst\"",
	};
	char base[128], dir[256], cmd[1024], filter[512], *mine, *theirs;
	size_t i;

	if (access("/usr/sbin/depmod", X_OK) && access("/sbin/depmod", X_OK))
		ldm_test_skip(
			"kmod's depmod is not installed (scripts/install-deps installs kmod)");
	snprintf(base, sizeof(base), "/tmp/ldm-audit-depmod-%d", getpid());
	snprintf(dir, sizeof(dir), "%s/lib/modules/0.0.0-fixture", base);
	for (i = 0; i < ARRAY_SIZE(filters); i++) {
		snprintf(filter, sizeof(filter), "D='%s'; %s", dir, filters[i]);
		copy_tree(dir, filter);
		snprintf(cmd, sizeof(cmd),
			 ": > modules.builtin && : > modules.builtin.modinfo && "
			 "PATH=/usr/sbin:/sbin:$PATH depmod -b '%s' 0.0.0-fixture && cat "
			 "modules.dep",
			 base);
		ASSERT_EQ(run_in(dir, cmd, &theirs), 0);
		ASSERT_EQ(run_in(dir, LDM " audit deps --tree .", &mine), 1);
		if (strcmp(mine, theirs))
			FAIL("%s: ldm audit deps:\n%sdepmod:\n%s", filters[i], mine, theirs);
		ASSERT(strstr(mine, "fa_mixer.ko"));
		free(mine);
		free(theirs);
	}
	remove_tree(base);
}

/* A scratch copy of the example modules, for --runtime. */
static void example_tree(char *dir, size_t size)
{
	char cmd[1024], *out;

	snprintf(dir, size, "/tmp/ldm-audit-examples-%d", getpid());
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir '%s' && cp %s/modules/*.ko '%s'", dir, dir,
		 LDM_BUILD_DIR, dir);
	ASSERT_EQ(run_in("/", cmd, &out), 0);
	free(out);
}

DEFINE_TEST(
	test_audit_of_ldm_modules_under_each_policy,
	.description =
		"ldm's example modules against the runtime: prop_core's two GPL-only uses under seed and 2.6.10, none under 2.6.9, where what-if --gpl-only device_register names it again; exports are those of ldm symbols",
	.no_runtime = true)
{
	static const char *const refused =
		"prop_core\tProprietary\tdevice_register\tgpl-only\tldm\n"
		"prop_core\tProprietary\tdevice_unregister\tgpl-only\tldm\n";
	char dir[128], *out, *syms;
	size_t n;

	example_tree(dir, sizeof(dir));
	ASSERT_EQ(run_in(dir, LDM " audit --runtime --tree . violations", &out), 1);
	ASSERT_STREQ(out, refused);
	free(out);
	ASSERT_EQ(run_in(dir, LDM " audit --policy 2.6.10 --tree . violations", &out), 1);
	ASSERT_STREQ(out, refused);
	free(out);
	ASSERT_EQ(run_in(dir, LDM " audit --policy 2.6.9 --tree . violations", &out), 0);
	ASSERT_STREQ(out, "");
	free(out);
	ASSERT_EQ(run_in(dir,
			 LDM " audit --policy 2.6.9 --tree . what-if --gpl-only device_register",
			 &out),
		  1);
	ASSERT_STREQ(out, "prop_core\tProprietary\tdevice_register\tgpl-only\tldm\n");
	free(out);
	/* exports of the base: every line of ldm symbols, with its kind. */
	ASSERT_EQ(run_in(dir, LDM " audit --runtime --tree . exports ldm | cut -f2,3", &out), 0);
	ASSERT_EQ(run_in(dir, LDM " symbols | cut -f1,2", &syms), 0);
	ASSERT_STREQ(out, syms);
	n = count_lines(syms, false);
	ASSERT(n > 300);
	free(out);
	free(syms);
	remove_tree(dir);
}

/* A scratch copy of the fixture tree, every module as it is. */
static void plain_tree(char *dir, size_t size, const char *what)
{
	char cmd[256];

	snprintf(dir, size, "/tmp/ldm-audit-%s-%d", what, getpid());
	snprintf(cmd, sizeof(cmd), "cp \"$f\" '%s'", dir);
	copy_tree(dir, cmd);
}

/* Assemble @body (lines of fixture.inc's macros) as @dir/@name.ko. */
static void make_module(const char *dir, const char *name, const char *body)
{
	char cmd[4096], *out;

	snprintf(cmd, sizeof(cmd),
		 "printf '#include \"fixture.inc\"\\n%s\\n' > %s.S && "
		 "cc -I'%s/tests/audit' -c %s.S -o %s.ko && rm %s.S",
		 body, name, ldm_test_srcdir(), name, name, name);
	if (run_in(dir, cmd, &out))
		ldm_test_skip("cannot assemble a module with cc: %s", out);
	free(out);
}

/* @cmd in @dir exits @status; its stderr (free it) is returned. */
static char *run_err(const char *dir, const char *cmd, int status, char **out)
{
	char full[2048], errpath[160];
	char *err;
	int got;

	snprintf(errpath, sizeof(errpath), "/tmp/ldm-audit-err-%d", getpid());
	snprintf(full, sizeof(full), "%s 2>'%s'", cmd, errpath);
	got = run_in(dir, full, out);
	err = read_text(errpath);
	unlink(errpath);
	if (got != status)
		FAIL("%s exits %d, expected %d; stderr:\n%s", cmd, got, status, err);
	return err;
}

/* @cmd in @dir prints @want and exits @status. */
static void expect(const char *dir, const char *cmd, const char *want, int status)
{
	char *out;
	int got = run_in(dir, cmd, &out);

	if (got != status || strcmp(out, want))
		FAIL("%s exits %d (expected %d) and prints:\n%s\nexpected:\n%s", cmd, got, status,
		     out, want);
	free(out);
}

DEFINE_TEST(
	test_audit_what_if_the_seed_patch,
	.description =
		"the seed's question from a clone: what-if --policy seed, on the project's own list of the 103, names prop_core's device_register and device_unregister against the runtime as 2.6.9 released it, nothing against 2.6.10; on a Module.symvers tree --policy 2.6.10 leaves lib/kobject.c's exports plain; where the seed patch is (../shared), what-if --patch of it says the same under 2.6.9 and nothing new under seed and 2.6.10, whose runtime has both GPL-only already",
	.no_runtime = true)
{
	static const char *const refused =
		"prop_core\tProprietary\tdevice_register\tgpl-only\tldm\n"
		"prop_core\tProprietary\tdevice_unregister\tgpl-only\tldm\n";
	static const struct {
		const char *policy, *out;
		int status;
	} policies[] = {
		{ "2.6.9", refused, 1 },
		{ "seed", "", 0 },
		{ "2.6.10", "", 0 },
	};
	char dir[128], patch[512], cmd[1024];
	size_t i;

	example_tree(dir, sizeof(dir));
	expect(dir, LDM " audit --runtime --tree . what-if --policy seed", refused, 1);
	expect(dir, LDM " audit --policy 2.6.9 --tree . what-if --policy 2.6.10", refused, 1);
	expect(dir, LDM " audit --policy 2.6.10 --tree . what-if --policy seed", "", 0);
	expect(dir, LDM " audit --runtime --tree . what-if --policy 2.6.9", "", 0);
	snprintf(patch, sizeof(patch),
		 "%s/001-patch-changing-driver-core-sysfs-kobject-symbol-"
		 "exports-to-gpl.patch",
		 ldm_test_seeds_dir());
	if (access(patch, R_OK)) {
		ldm_test_log("no seed patch at %s: its --patch half not asked", patch);
	} else {
		for (i = 0; i < ARRAY_SIZE(policies); i++) {
			snprintf(cmd, sizeof(cmd),
				 LDM " audit --policy %s --tree . what-if --patch '%s'",
				 policies[i].policy, patch);
			expect(dir, cmd, policies[i].out, policies[i].status);
		}
	}
	remove_tree(dir);
	/* A vmlinux that exports them plain, and a proprietary user. */
	plain_tree(dir, sizeof(dir), "seed");
	make_module(dir, "fa_seed",
		    "IMPORT(device_register)\nIMPORT(kobject_get)\n"
		    "MODINFO(\"license=Proprietary\")");
	expect(dir,
	       "printf '0x1\\tdevice_register\\tvmlinux\\tEXPORT_SYMBOL\\t\\n"
	       "0x2\\tkobject_get\\tvmlinux\\tEXPORT_SYMBOL\\t\\n' >> Module.symvers",
	       "", 0);
	expect(dir, AUDIT " what-if --policy seed",
	       "fa_seed\tProprietary\tdevice_register\tgpl-only\tvmlinux\n"
	       "fa_seed\tProprietary\tkobject_get\tgpl-only\tvmlinux\n",
	       1);
	expect(dir, AUDIT " what-if --policy 2.6.10",
	       "fa_seed\tProprietary\tdevice_register\tgpl-only\tvmlinux\n", 1);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_does_not_walk_link_loops,
	.description =
		"a tree with a symbolic link to a parent, and one with two directories linked to each other: each directory walked once, the loop said once on stderr, the modules all read and the violations those of the plain tree, exit 1 as without the links",
	.no_runtime = true)
{
	static const char *const shapes[] = {
		"mkdir sub && mv fa_lib.ko sub/ && ln -s .. sub/up",
		"mkdir a b && mv fa_lib.ko a/ && mv fa_user.ko b/ && ln -s ../b a/to_b && "
		"ln -s ../a b/to_a",
	};
	char dir[128], errpath[160], cmd[1024], *out, *err, *want = golden("audit-violations.out");
	size_t i;

	snprintf(dir, sizeof(dir), "/tmp/ldm-audit-loop-%d", getpid());
	snprintf(errpath, sizeof(errpath), "%s.err", dir);
	for (i = 0; i < ARRAY_SIZE(shapes); i++) {
		snprintf(cmd, sizeof(cmd), "cp \"$f\" '%s'", dir);
		copy_tree(dir, cmd);
		snprintf(cmd, sizeof(cmd), "cd '%s' && %s", dir, shapes[i]);
		ASSERT_EQ(run_in("/", cmd, &out), 0);
		free(out);
		snprintf(cmd, sizeof(cmd), AUDIT " violations 2>'%s'", errpath);
		ASSERT_EQ(run_in(dir, cmd, &out), 1);
		ASSERT_STREQ(out, want);
		free(out);
		err = read_text(errpath);
		if (!strstr(err, "a directory already walked (a symbolic link loop): not walked "
				 "again\n") ||
		    strstr(err, "skipped") || strstr(err, "too long"))
			FAIL("shape %zu: stderr:\n%s", i, err);
		free(err);
	}
	unlink(errpath);
	free(want);
	remove_tree(dir);
}

/* @cmd's stdout in @dir, read by Python's json module as strict UTF-8. */
static void check_json_parses(const char *dir, const char *cmd)
{
	char full[2048], *out;

	snprintf(full, sizeof(full),
		 "%s | python3 -c 'import json,sys; "
		 "json.loads(sys.stdin.buffer.read().decode(\"utf-8\"))'",
		 cmd);
	if (run_in(dir, full, &out))
		FAIL("%s: not valid JSON for Python:\n%s", cmd, out);
	free(out);
}

DEFINE_TEST(
	test_json_is_valid_for_any_bytes,
	.description =
		"a module whose file name and license hold bytes that are not UTF-8 (Latin-1 0xe9, a lone 0xff): every --json of audit and modinfo --json parse with Python's json module as strict UTF-8, the bad bytes as U+FFFD",
	.no_runtime = true)
{
	static const char *const args[] = {
		"--json",
		"--json violations",
		"--json users vm_gpl fa_plain",
		"--json unused",
		"--json deps",
		"--json imports fa_prop",
		"--json exports fa_prop",
	};
	char dir[128], cmd[1024], *out;
	size_t i;

	if (access("/usr/bin/python3", X_OK))
		ldm_test_skip("python3 is not installed");
	snprintf(dir, sizeof(dir), "/tmp/ldm-audit-bytes-%d", getpid());
	snprintf(cmd, sizeof(cmd), "cp \"$f\" '%s'", dir);
	copy_tree(dir, cmd);
	/* A license of the same length, one byte Latin-1; a name with 0xff. */
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && LC_ALL=C sed 's/license=Proprietary/license=Propri\\xe9tary/' "
		 "fa_prop.ko > p && mv p fa_prop.ko && mv fa_user.ko \"fa_us$(printf "
		 "'\\377')r.ko\"",
		 dir);
	ASSERT_EQ(run_in("/", cmd, &out), 0);
	free(out);
	for (i = 0; i < ARRAY_SIZE(args); i++) {
		snprintf(cmd, sizeof(cmd), AUDIT " %s", args[i]);
		check_json_parses(dir, cmd);
	}
	check_json_parses(dir, LDM " modinfo --json fa_prop.ko");
	ASSERT_EQ(run_in(dir, AUDIT " --json violations", &out), 1);
	ASSERT(strstr(out, "\"Propri\xef\xbf\xbdtary\""));
	free(out);
	ASSERT_EQ(run_in(dir, AUDIT " --json users vm_gpl", &out), 1);
	ASSERT(strstr(out, "\"fa_us\xef\xbf\xbdr\""));
	free(out);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_diff_sides_need_their_symvers,
	.description =
		"diff of two trees: a side whose Module.symvers is not found is an error naming the side (exit 2), never zero kernel exports; --old-symvers, --new-symvers and TREE:FILE name them, and --symvers with diff is refused",
	.no_runtime = true)
{
	char dir[128], *out, *err;

	plain_tree(dir, sizeof(dir), "diff");
	ASSERT_EQ(run_in(dir,
			 "mkdir o n && cp *.ko o/ && cp *.ko n/ && cp " FIXTURES
			 "/Module.symvers.new .",
			 &out),
		  0);
	free(out);
	err = run_err(dir, LDM " audit diff o n", 2, &out);
	ASSERT_STREQ(out, "");
	if (!strstr(err, "ldm audit: no Module.symvers for OLD side o (looked in o/build/") ||
	    !strstr(err, "name one with --old-symvers FILE or OLD as TREE:FILE\n"))
		FAIL("stderr:\n%s", err);
	free(out);
	free(err);
	err = run_err(dir, LDM " audit diff --old-symvers Module.symvers o n", 2, &out);
	ASSERT(strstr(err, "no Module.symvers for NEW side n"));
	free(out);
	free(err);
	/* Both named: the symvers' change, and fa_lib's exports the same. */
	err = run_err(dir,
		      LDM " audit diff --old-symvers Module.symvers o n:Module.symvers.new "
			  "| grep -v fa_plain",
		      0, &out);
	ASSERT_STREQ(out, "added\tvm_added\t-\tEXPORT_SYMBOL\n"
			  "gpl-only\tvm_plain\tEXPORT_SYMBOL\tEXPORT_SYMBOL_GPL\n"
			  "namespace\tvm_ns\tVM_NS\tVM_CORE\n"
			  "removed\tvm_unused\tEXPORT_SYMBOL\t-\n");
	ASSERT_STREQ(err, "");
	free(out);
	free(err);
	err = run_err(dir, LDM " audit diff --symvers Module.symvers o n", 2, &out);
	ASSERT(strstr(err, "not --symvers or --runtime"));
	free(out);
	free(err);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_warns_of_another_kernels_symvers,
	.description =
		"a Module.symvers whose build tree's UTS_RELEASE is 6.1.0-other against modules of vermagic 6.1.0: a warning naming both, exit 2; UTS_RELEASE 6.1.0 beside an upstream kernel.release (Debian's headers): none; kernel.release alone when there is no utsrelease.h; a file of unknown release leaving most of 60 imports unresolved: a warning with the count",
	.no_runtime = true)
{
	char dir[128], body[4096], *out, *err;
	size_t len = 0;
	int i;

	plain_tree(dir, sizeof(dir), "kver");
	/* Debian's shape: UTS_RELEASE is vermagic's, kernel.release upstream's. */
	ASSERT_EQ(run_in(dir,
			 "mkdir -p h/include/config h/include/generated && cp Module.symvers h/ && "
			 "echo 6.1.192 > h/include/config/kernel.release && "
			 "echo '#define UTS_RELEASE \"6.1.0-other\"' > "
			 "h/include/generated/utsrelease.h",
			 &out),
		  0);
	free(out);
	err = run_err(dir, LDM " audit --tree . --symvers h/Module.symvers violations", 2, &out);
	if (!strstr(err, "ldm audit: h/Module.symvers is not of the modules' kernel: the modules "
			 "are 6.1.0 (vermagic), the Module.symvers 6.1.0-other;"))
		FAIL("stderr:\n%s", err);
	free(out);
	free(err);
	ASSERT_EQ(run_in(dir,
			 "echo '#define UTS_RELEASE \"6.1.0\"' > h/include/generated/utsrelease.h",
			 &out),
		  0);
	free(out);
	err = run_err(dir, LDM " audit --tree . --symvers h/Module.symvers violations", 1, &out);
	ASSERT_STREQ(err, "");
	free(out);
	free(err);
	/* Without utsrelease.h, kernel.release tells. */
	ASSERT_EQ(run_in(dir, "rm h/include/generated/utsrelease.h", &out), 0);
	free(out);
	err = run_err(dir, LDM " audit --tree . --symvers h/Module.symvers violations", 2, &out);
	ASSERT(strstr(err, "the modules are 6.1.0 (vermagic), the Module.symvers 6.1.192;"));
	free(out);
	free(err);
	/* 60 imports nobody exports, and no release beside the file. */
	for (i = 0; i < 60; i++)
		len += (size_t)snprintf(body + len, sizeof(body) - len, "IMPORT(gone_%d)\\n", i);
	snprintf(body + len, sizeof(body) - len, "MODINFO(\"license=GPL\")");
	make_module(dir, "fa_gone", body);
	err = run_err(dir, AUDIT " summary >/dev/null", 2, &out);
	if (!strstr(err, "ldm audit: Module.symvers looks of another kernel than the modules: 61 "
			 "of ") ||
	    !strstr(err, "the modules are 6.1.0, the Module.symvers of a release nothing beside "
			 "it tells\n"))
		FAIL("stderr:\n%s", err);
	free(out);
	free(err);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_refuses_what_is_not_a_symvers,
	.description =
		"modules.order given as --symvers is refused in one line before any module is read, exit 2; a missing Module.symvers is said before the tree is read (a bad module of the tree is not even named)",
	.no_runtime = true)
{
	char dir[128], *out, *err;

	err = run_err(FIXTURES, LDM " audit --tree . --symvers modules.order violations", 2, &out);
	ASSERT_STREQ(out, "");
	ASSERT_STREQ(err, "ldm audit: modules.order: not a Module.symvers (line 1 is not CRC, "
			  "SYMBOL, MODULE, TYPE, NAMESPACE separated by TABs)\n");
	free(out);
	free(err);
	plain_tree(dir, sizeof(dir), "nosymvers");
	ASSERT_EQ(run_in(dir, "rm Module.symvers && yes junk | head -c 100 > fa_junk.ko", &out), 0);
	free(out);
	err = run_err(dir, LDM " audit --tree . violations", 2, &out);
	if (strncmp(err, "ldm audit: no Module.symvers for . (looked in ./build/", 54) ||
	    strchr(err, '\n') != err + strlen(err) - 1)
		FAIL("stderr:\n%s", err);
	free(out);
	free(err);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_what_if_patch_is_against_the_real_tree,
	.description =
		"what-if --patch whose removed line says vm_gpl was EXPORT_SYMBOL, where the tree's Module.symvers exports it GPL-only already: fa_prop's use of it is not new, nothing printed, exit 0",
	.no_runtime = true)
{
	char dir[128], *out, *err;

	plain_tree(dir, sizeof(dir), "patch");
	ASSERT_EQ(
		run_in(dir,
		       "printf -- '--- a/k.c\\n+++ b/k.c\\n@@ -1 +1 @@\\n-EXPORT_SYMBOL(vm_gpl);\\n"
		       "+EXPORT_SYMBOL_GPL(vm_gpl);\\n' > p.patch",
		       &out),
		0);
	free(out);
	err = run_err(dir, AUDIT " what-if --patch p.patch", 0, &out);
	ASSERT_STREQ(out, "");
	ASSERT_STREQ(err, "");
	free(out);
	free(err);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_license_tags_as_kernel_and_modpost,
	.description =
		"license GPL then Proprietary: gpl-only for its GPL-only imports (modpost reads every tag) but no proprietary for its users (the kernel reads the first); Proprietary then GPL: its users are refused as proprietary",
	.no_runtime = true)
{
	char dir[128], *out, *err;

	plain_tree(dir, sizeof(dir), "license");
	make_module(dir, "fa_first",
		    "FUNC(fa_first_sym)\\nEXPORT(fa_first_sym, , \"\")\\nIMPORT(vm_gpl)\\n"
		    "MODINFO(\"license=GPL\")\\nMODINFO(\"license=Proprietary\")");
	make_module(dir, "fa_third",
		    "FUNC(fa_third_sym)\\nEXPORT(fa_third_sym, , \"\")\\n"
		    "MODINFO(\"license=Proprietary\")\\nMODINFO(\"license=GPL\")");
	make_module(dir, "fa_second",
		    "IMPORT(vm_gpl)\\nIMPORT(fa_first_sym)\\nIMPORT(fa_third_sym)\\n"
		    "MODINFO(\"license=GPL\")");
	err = run_err(dir, AUDIT " violations | grep -E '^fa_(first|second|third)'", 0, &out);
	ASSERT_STREQ(out, "fa_first\tProprietary\tvm_gpl\tgpl-only\tvmlinux\n"
			  "fa_second\tGPL\tfa_third_sym\tproprietary\tfa_third\n");
	ASSERT_STREQ(err, "");
	free(out);
	free(err);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_symvers_module_lines_provide_for_absent_modules,
	.description =
		"a single module with only --symvers: Module.symvers' lines of fa_lib, absent from the tree, provide its imports (violations empty, imports name fa_lib); with fa_lib in the tree its own file decides",
	.no_runtime = true)
{
	char dir[128], *out, *err;

	plain_tree(dir, sizeof(dir), "standin");
	ASSERT_EQ(
		run_in(dir,
		       "printf '0x1\\tfa_gpl\\tdrivers/fa/fa_lib\\tEXPORT_SYMBOL_GPL\\t\\n"
		       "0x2\\tfa_ns\\tdrivers/fa/fa_lib\\tEXPORT_SYMBOL_GPL\\tFA_NS\\n"
		       "0x3\\tfa_gone\\tdrivers/fa/fa_lib\\tEXPORT_SYMBOL\\t\\n' >> Module.symvers",
		       &out),
		0);
	free(out);
	err = run_err(dir, LDM " audit --tree fa_user.ko --symvers Module.symvers violations", 0,
		      &out);
	ASSERT_STREQ(out, "");
	ASSERT_STREQ(err, "");
	free(out);
	free(err);
	err = run_err(dir,
		      LDM " audit --tree fa_user.ko --symvers Module.symvers imports fa_user "
			  "| grep fa_plain",
		      0, &out);
	ASSERT_STREQ(out, "fa_user\tfa_plain\tfa_lib\tEXPORT_SYMBOL\n");
	free(out);
	free(err);
	/* fa_lib in the tree: fa_gone, of its Module.symvers lines only, is gone. */
	err = run_err(dir, AUDIT " unused", 1, &out);
	ASSERT(!strstr(out, "fa_gone"));
	free(out);
	free(err);
	remove_tree(dir);
}

DEFINE_TEST(
	test_audit_users_of_an_unexported_symbol_say_so,
	.description =
		"users of vm_missing, which neither vmlinux nor a module exports: its user printed, and stderr says nobody exports it; exit 1 as for any user found",
	.no_runtime = true)
{
	char *out, *err;

	err = run_err(FIXTURES, AUDIT " users vm_missing", 1, &out);
	ASSERT_STREQ(out, "vm_missing\tfa_nons\tDual BSD/GPL\n");
	ASSERT_STREQ(err, "ldm audit: vm_missing: exported by no module of the tree, nor by "
			  "vmlinux (Module.symvers)\n");
	free(out);
	free(err);
}

/*
 * The violations `violations` finds with the symvers edited by @edit (a
 * sed program, "" for none) that it does not find without: what what-if
 * should print of that change. Sorted, as the output of @what_if is made.
 */
static void what_if_is_the_difference(const char *dir, const char *what_if, const char *edit)
{
	char cmd[1024], *want, *got;

	snprintf(cmd, sizeof(cmd),
		 "sed '%s' Module.symvers > after.symvers && "
		 "{ " LDM " audit --tree . --symvers Module.symvers violations | LC_ALL=C sort "
		 "> v.before; " LDM " audit --tree . --symvers after.symvers violations | "
		 "LC_ALL=C sort > v.after; LC_ALL=C comm -13 v.before v.after; }",
		 edit);
	ASSERT_EQ(run_in(dir, cmd, &want), 0);
	snprintf(cmd, sizeof(cmd), "{ " AUDIT " what-if %s | LC_ALL=C sort; }", what_if);
	ASSERT_EQ(run_in(dir, cmd, &got), 0);
	if (strcmp(got, want))
		FAIL("what-if %s prints:\n%s\nbut the symvers changed so adds:\n%s", what_if, got,
		     want);
	free(want);
	free(got);
}

DEFINE_TEST(
	test_audit_what_if_is_the_difference_of_two_trees,
	.description =
		"what-if of vmlinux's exports (GPL-only, unexported, both, none; by symbol and by patch) prints exactly the violations that violations finds with Module.symvers so changed and not before, on the fixture tree and fa_late, a GPL module using a plain export and a proprietary module's: making the plain one GPL-only makes its use of the proprietary one a violation",
	.no_runtime = true)
{
	static const struct {
		const char *what_if, *edit;
	} changes[] = {
		{ "--gpl-only vm_plain", "s/\\tvm_plain\\tvmlinux\\tEXPORT_SYMBOL\\t/"
					 "\\tvm_plain\\tvmlinux\\tEXPORT_SYMBOL_GPL\\t/" },
		{ "--unexport vm_gpl", "/\\tvm_gpl\\t/d" },
		{ "--unexport vm_plain", "/\\tvm_plain\\t/d" },
		{ "--gpl-only vm_plain --unexport vm_gpl",
		  "s/\\tvm_plain\\tvmlinux\\tEXPORT_SYMBOL\\t/\\tvm_plain\\tvmlinux\\t"
		  "EXPORT_SYMBOL_GPL\\t/;/\\tvm_gpl\\t/d" },
		{ "--gpl-only vm_ns", "" },
		{ "--patch p.patch", "s/\tvm_plain\tvmlinux\tEXPORT_SYMBOL\t/\tvm_plain\tvmlinux\t"
				     "EXPORT_SYMBOL_GPL\t/;/\tvm_gpl\t/d" },
	};
	char dir[128], *out;
	size_t i;

	plain_tree(dir, sizeof(dir), "whatif-diff");
	make_module(dir, "fa_late",
		    "IMPORT(vm_plain)\\nIMPORT(fa_prop_sym)\\nMODINFO(\"license=GPL\")");
	/* the patch of the last change: vm_plain made GPL-only, vm_gpl no longer exported */
	ASSERT_EQ(run_in(dir,
			 "printf -- '--- a/k.c\\n+++ b/k.c\\n@@ -1,2 +1,1 @@\\n"
			 "-EXPORT_SYMBOL(vm_plain);\\n+EXPORT_SYMBOL_GPL(vm_plain);\\n"
			 "-EXPORT_SYMBOL_GPL(vm_gpl);\\n' > p.patch",
			 &out),
		  0);
	free(out);
	ASSERT_EQ(run_in(dir, AUDIT " what-if --gpl-only vm_plain", &out), 1);
	ASSERT_CONTAINS(out, "fa_late\tGPL\tfa_prop_sym\tproprietary\tfa_prop\n");
	free(out);
	for (i = 0; i < ARRAY_SIZE(changes); i++)
		what_if_is_the_difference(dir, changes[i].what_if, changes[i].edit);
	remove_tree(dir);
}
