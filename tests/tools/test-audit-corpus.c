// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-audit-corpus.c - `ldm audit` on a real Linux tree, checked against
 * the real programs: Debian 12's linux-image-6.1 modules (4,000 of them),
 * its headers and kbuild, fetched once by scripts/fetch-corpus into a cache
 * outside the checkout ($LDM_CORPUS_DIR, default /var/cache/ldm-corpus),
 * with copies recompressed as .ko.zst and .ko.xz.
 *
 * modules.dep against kmod's depmod on the three trees; violations of
 * relicensed in-tree modules and of modules built here with kbuild against
 * kbuild's own modpost; users of symbols against nm -u. The tests skip,
 * saying why, only when the packages cannot be fetched here (fetch-corpus
 * exits 3: no apt, no mirror, no such package, no writable cache); any
 * other failure of the set-up fails them.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include "harness.h"

#define LDM		       LDM_BUILD_DIR "/tools/ldm/ldm"
#define FETCH_EXIT_UNAVAILABLE 3
#define CORPUS_TIMEOUT	       1800 /* a first fetch downloads 81 MiB and recompresses 391 */

/* What fetch-corpus prints: where everything is. */
struct corpus {
	char kver[64];
	char modules[512], modules_zst[512], modules_xz[512];
	char headers[512], symvers[512], modpost[512];
};

static void take(const char *env, const char *key, char *into, size_t size)
{
	char want[64];
	const char *p;
	size_t len;

	snprintf(want, sizeof(want), "\n%s=", key);
	p = strstr(env, want);
	if (!p)
		FAIL("fetch-corpus printed no %s:\n%s", key, env);
	p += strlen(want);
	len = strcspn(p, "\n");
	ASSERT(len < size);
	memcpy(into, p, len);
	into[len] = '\0';
}

/*
 * The corpus, fetched the first time a test of this run asks (the answer is
 * kept for the others, beside the runner's pid).
 */
static void need_corpus(struct corpus *c)
{
	char cache[128], cmd[1024], *env, *err;
	int status;

	snprintf(cache, sizeof(cache), "/tmp/ldm-corpus-env.%d", (int)getppid());
	if (access(cache, R_OK)) {
		snprintf(cmd, sizeof(cmd),
			 "%s/scripts/fetch-corpus -q > %s.tmp 2> %s.err && mv %s.tmp %s",
			 ldm_test_srcdir(), cache, cache, cache, cache);
		status = ldm_test_run(cmd, NULL);
		snprintf(cmd, sizeof(cmd), "tail -n 1 %s.err; rm -f %s.err %s.tmp", cache, cache,
			 cache);
		ldm_test_run(cmd, &err);
		err[strcspn(err, "\n")] = '\0';
		if (status == FETCH_EXIT_UNAVAILABLE)
			ldm_test_skip("the Debian 6.1 corpus cannot be fetched here: %s", err);
		if (status)
			FAIL("scripts/fetch-corpus failed (%d): %s", status, err);
		free(err);
	}
	snprintf(cmd, sizeof(cmd), "printf '\\n'; cat %s", cache);
	ASSERT_EQ(ldm_test_run(cmd, &env), 0);
	take(env, "KVER", c->kver, sizeof(c->kver));
	take(env, "MODULES", c->modules, sizeof(c->modules));
	take(env, "MODULES_ZST", c->modules_zst, sizeof(c->modules_zst));
	take(env, "MODULES_XZ", c->modules_xz, sizeof(c->modules_xz));
	take(env, "HEADERS", c->headers, sizeof(c->headers));
	take(env, "SYMVERS", c->symvers, sizeof(c->symvers));
	take(env, "MODPOST", c->modpost, sizeof(c->modpost));
	free(env);
}

static char *scratch(const char *what)
{
	static char dir[128];
	char cmd[512];

	snprintf(dir, sizeof(dir), "/tmp/ldm-corpus-%s-%d", what, (int)getpid());
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s'", dir, dir);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	return dir;
}

static void remove_scratch(const char *dir)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ldm_test_run(cmd, NULL);
}

DEFINE_TEST(
	test_corpus_deps_is_depmods_modules_dep,
	.description =
		"on Debian's 6.1 tree, plain and recompressed as .ko.zst and .ko.xz, ldm audit deps prints byte for byte the modules.dep kmod's depmod writes",
	.no_runtime = true, .timeout = CORPUS_TIMEOUT)
{
	struct corpus c;
	char cmd[4096], *mine, *theirs, *dir;
	const char *trees[3];
	size_t i;

	need_corpus(&c);
	if (access("/usr/sbin/depmod", X_OK) && access("/sbin/depmod", X_OK))
		ldm_test_skip(
			"kmod's depmod is not installed (scripts/install-deps installs kmod)");
	trees[0] = c.modules;
	trees[1] = c.modules_zst;
	trees[2] = c.modules_xz;
	dir = scratch("depmod");
	for (i = 0; i < 3; i++) {
		/* A depmod root of links: depmod writes there, never in the cache. */
		snprintf(
			cmd, sizeof(cmd),
			"B='%s/%zu'; T='%s'; D=\"$B/lib/modules/%s\"; mkdir -p \"$D\" && "
			"for f in kernel modules.order modules.builtin modules.builtin.modinfo; do "
			"ln -s \"$T/$f\" \"$D/$f\"; done && "
			"PATH=/usr/sbin:/sbin:$PATH depmod -a -b \"$B\" %s && cat \"$D/modules.dep\"",
			dir, i, trees[i], c.kver, c.kver);
		ASSERT_EQ(ldm_test_run(cmd, &theirs), 0);
		snprintf(cmd, sizeof(cmd), LDM " audit deps --tree '%s'", trees[i]);
		ASSERT_EQ(ldm_test_run(cmd, &mine), 1); /* it printed lines */
		if (strcmp(mine, theirs))
			FAIL("ldm audit deps differs from depmod's modules.dep on %s (%zu and %zu "
			     "bytes)",
			     trees[i], strlen(mine), strlen(theirs));
		ASSERT(strlen(mine) > 400000);
		free(mine);
		free(theirs);
	}
	remove_scratch(dir);
}

/* modpost's verdicts, "MODULE SYMBOL REASON" a line, sorted ('-' as '_'). */
static char *modpost_says(const struct corpus *c, const char *extra, const char *files)
{
	char cmd[16384], *out;

	snprintf(cmd, sizeof(cmd),
		 "%s/scripts/modpost-oracle -p '%s' -i '%s' %s %s | sed -n "
		 "-e \"s/^ERROR: modpost: GPL-incompatible module \\(.*\\)\\.ko uses GPL-only "
		 "symbol '\\(.*\\)'$/\\1 \\2 gpl-only/p\" "
		 "-e 's/^ERROR: modpost: module \\(.*\\) uses symbol \\(.*\\) from namespace .*, "
		 "but does not import it\\.$/\\1 \\2 namespace/p' | tr - _ | sort",
		 ldm_test_srcdir(), c->modpost, c->symvers, extra, files);
	ldm_test_run(cmd, &out); /* modpost exits 1 on errors: the lines are what counts */
	return out;
}

/* ldm audit's violations of @modules, the same way. */
static char *audit_says(const struct corpus *c, const char *trees, const char *modules)
{
	char cmd[16384], *out;

	snprintf(cmd, sizeof(cmd),
		 LDM " audit --symvers '%s' %s violations | "
		     "awk -F'\\t' '$4 == \"gpl-only\" || $4 == \"namespace\" { print $1, $3, $4 }' "
		     "| grep -E '^(%s) ' | tr - _ | sort",
		 c->symvers, trees, modules);
	ldm_test_run(cmd, &out);
	return out;
}

static size_t lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

DEFINE_TEST(
	test_corpus_violations_are_modposts,
	.description =
		"uas and e1000e of Debian's tree relicensed Proprietary (uas also without its import_ns): ldm audit's gpl-only and namespace violations are kbuild's modpost's errors, line for line",
	.no_runtime = true, .timeout = CORPUS_TIMEOUT)
{
	struct corpus c;
	char cmd[4096], trees[2048], files[1024], *mine, *theirs, *dir;

	need_corpus(&c);
	dir = scratch("relicense");
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && mkdir a b && R=%s/scripts/relicense && "
		 "$R -l Proprietary '%s/kernel/drivers/usb/storage/uas.ko' a/uas.ko && "
		 "$R -l Proprietary '%s/kernel/drivers/net/ethernet/intel/e1000e/e1000e.ko' "
		 "a/e1000e.ko && $R -l Proprietary -n '%s/kernel/drivers/usb/storage/uas.ko' "
		 "b/uas.ko",
		 dir, ldm_test_srcdir(), c.modules, c.modules, c.modules);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	/* The relicensed files come first: of two modules of a name, the first found wins. */
	snprintf(files, sizeof(files), "'%s/a/uas.ko' '%s/a/e1000e.ko'", dir, dir);
	snprintf(trees, sizeof(trees), "--tree '%s/a/uas.ko' --tree '%s/a/e1000e.ko' --tree '%s'",
		 dir, dir, c.modules);
	theirs = modpost_says(&c, "", files);
	mine = audit_says(&c, trees, "uas|e1000e");
	if (strcmp(mine, theirs) || lines(mine) < 40)
		FAIL("ldm audit:\n%smodpost:\n%s", mine, theirs);
	free(mine);
	free(theirs);
	snprintf(files, sizeof(files), "'%s/b/uas.ko'", dir);
	snprintf(trees, sizeof(trees), "--tree '%s/b/uas.ko' --tree '%s'", dir, c.modules);
	theirs = modpost_says(&c, "", files);
	mine = audit_says(&c, trees, "uas");
	if (strcmp(mine, theirs) || !strstr(mine, "uas usb_stor_adjust_quirks namespace\n"))
		FAIL("ldm audit:\n%smodpost:\n%s", mine, theirs);
	ASSERT_EQ(lines(mine), 25);
	free(mine);
	free(theirs);
	remove_scratch(dir);
}

DEFINE_TEST(
	test_corpus_users_are_nms,
	.description =
		"on Debian's tree, ldm audit users of device_add, kernel_fpu_begin_mask, dma_buf_get, usb_stor_sense_invalidCDB and __fentry__ are the modules whose nm -u lists them",
	.no_runtime = true, .timeout = CORPUS_TIMEOUT)
{
	static const char *const syms = "device_add kernel_fpu_begin_mask dma_buf_get "
					"usb_stor_sense_invalidCDB __fentry__";
	struct corpus c;
	char cmd[4096], *mine, *theirs;

	need_corpus(&c);
	snprintf(cmd, sizeof(cmd),
		 "find '%s/kernel' -name '*.ko' | xargs nm -A -u | "
		 "awk '{ n = split($1, p, \"/\"); m = p[n]; sub(/\\.ko:$/, \"\", m); "
		 "gsub(/-/, \"_\", m); print $3, m }' | "
		 "grep -E '^(device_add|kernel_fpu_begin_mask|dma_buf_get|"
		 "usb_stor_sense_invalidCDB|__fentry__) ' | sort",
		 c.modules);
	ASSERT_EQ(ldm_test_run(cmd, &theirs), 0);
	snprintf(cmd, sizeof(cmd),
		 LDM " audit --tree '%s' users %s | cut -f1,2 | tr '\\t' ' ' | sort", c.modules,
		 syms);
	ASSERT_EQ(ldm_test_run(cmd, &mine), 0);
	if (strcmp(mine, theirs))
		FAIL("ldm audit users and nm -u differ (%zu and %zu lines)", lines(mine),
		     lines(theirs));
	ASSERT(lines(mine) > 4000);
	free(mine);
	free(theirs);
}

/* Build tests/corpus/{lib,ns} with kbuild against the headers, in @dir. */
static void build_fixtures(const struct corpus *c, const char *dir)
{
	char cmd[4096], *out;

	if (access("/usr/bin/make", X_OK) || access("/usr/bin/gcc-12", X_OK))
		ldm_test_skip(
			"make and gcc-12 (Debian 12's gcc) build modules against the headers");
	snprintf(cmd, sizeof(cmd),
		 "{ cd '%s' && cp -r '%s/tests/corpus/lib' '%s/tests/corpus/ns' . && "
		 "make -s -C '%s' M=\"$PWD/lib\" modules && "
		 "make -s -C '%s' M=\"$PWD/ns\" KBUILD_EXTRA_SYMBOLS=\"$PWD/lib/Module.symvers\" "
		 "KBUILD_NSDEPS=1 modules && mkdir tree && cp lib/ldmfix_lib.ko ns/ldmfix_ns.ko "
		 "tree/ && %s/scripts/relicense -l Proprietary lib/ldmfix_prop.ko "
		 "tree/ldmfix_prop.ko; } 2>&1",
		 dir, ldm_test_srcdir(), ldm_test_srcdir(), c->headers, c->headers,
		 ldm_test_srcdir());
	if (ldm_test_run(cmd, &out))
		FAIL("building the fixtures with kbuild failed:\n%s", out);
	free(out);
}

DEFINE_TEST(
	test_corpus_kbuild_fixtures,
	.description =
		"modules built here with kbuild against Debian's headers - a GPL exporter, a proprietary user of GPL-only symbols, a user of namespaces without import_ns - and their .ko.xz, .ko.zst, .ko.gz copies: the violations modpost reports, each; what-if and exports as built",
	.no_runtime = true, .timeout = CORPUS_TIMEOUT)
{
	static const char *const want = "ldmfix_ns dma_buf_get namespace\n"
					"ldmfix_ns dma_buf_put namespace\n"
					"ldmfix_ns ldmfix_in_ns namespace\n"
					"ldmfix_prop device_unregister gpl_only\n"
					"ldmfix_prop ldmfix_gpl_only gpl_only\n";
	struct corpus c;
	char cmd[4096], trees[1024], *mine, *theirs, *dir;

	need_corpus(&c);
	dir = scratch("kbuild");
	build_fixtures(&c, dir);
	/* modpost needs the exporter's own Module.symvers: it does not read a .ko's exports. */
	snprintf(cmd, sizeof(cmd), "-i '%s/lib/Module.symvers'", dir);
	snprintf(trees, sizeof(trees),
		 "'%s/tree/ldmfix_lib.ko' '%s/tree/ldmfix_prop.ko' "
		 "'%s/tree/ldmfix_ns.ko'",
		 dir, dir, dir);
	theirs = modpost_says(&c, cmd, trees);
	ASSERT_STREQ(theirs, want);
	snprintf(trees, sizeof(trees), "--tree '%s/tree'", dir);
	mine = audit_says(&c, trees, "ldmfix_prop|ldmfix_ns");
	ASSERT_STREQ(mine, want);
	free(mine);
	/* The same, compressed three ways. */
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && mkdir z && xz -c tree/ldmfix_lib.ko > z/ldmfix_lib.ko.xz && "
		 "zstd -q -c tree/ldmfix_prop.ko > z/ldmfix_prop.ko.zst && "
		 "gzip -c tree/ldmfix_ns.ko > z/ldmfix_ns.ko.gz",
		 dir);
	ASSERT_EQ(ldm_test_run(cmd, NULL), 0);
	snprintf(trees, sizeof(trees), "--tree '%s/z'", dir);
	mine = audit_says(&c, trees, "ldmfix_prop|ldmfix_ns");
	ASSERT_STREQ(mine, want);
	free(mine);
	free(theirs);
	/* Exports as EXPORT_SYMBOL* made them; a plain one made GPL-only breaks ldmfix_prop. */
	snprintf(cmd, sizeof(cmd), LDM " audit --symvers '%s' --tree '%s/z' exports ldmfix_lib",
		 c.symvers, dir);
	ASSERT_EQ(ldm_test_run(cmd, &mine), 1);
	ASSERT_STREQ(mine, "ldmfix_lib\tldmfix_gpl_only\tEXPORT_SYMBOL_GPL\t1\n"
			   "ldmfix_lib\tldmfix_in_ns\tEXPORT_SYMBOL\t1\n"
			   "ldmfix_lib\tldmfix_plain\tEXPORT_SYMBOL\t1\n");
	free(mine);
	snprintf(cmd, sizeof(cmd),
		 LDM " audit --symvers '%s' --tree '%s/z' what-if --gpl-only ldmfix_plain _printk",
		 c.symvers, dir);
	ASSERT_EQ(ldm_test_run(cmd, &mine), 1);
	ASSERT_STREQ(mine, "ldmfix_prop\tProprietary\t_printk\tgpl-only\tvmlinux\n"
			   "ldmfix_prop\tProprietary\tldmfix_plain\tgpl-only\tldmfix_lib\n");
	free(mine);
	remove_scratch(dir);
}

DEFINE_TEST(
	test_corpus_progress_line_on_a_terminal,
	.description =
		"reading the .ko.xz tree with one thread takes over a second: on a terminal ldm audit shows a progress line, then clears it; into a pipe it shows none",
	.no_runtime = true, .timeout = CORPUS_TIMEOUT)
{
	struct corpus c;
	char cmd[4096], *out;

	need_corpus(&c);
	if (access("/usr/bin/script", X_OK))
		ldm_test_skip("script(1) (bsdutils) gives a terminal; it is not installed");
	/* script runs the command on a new pseudo-terminal and copies what it shows. */
	snprintf(cmd, sizeof(cmd),
		 "script -qec \"%s audit -j1 --tree '%s' --symvers '%s' >/dev/null\" /dev/null",
		 LDM, c.modules_xz, c.symvers);
	ldm_test_run(cmd, &out);
	if (!strstr(out, "\rldm audit: reading modules ") || !strstr(out, "/4023") ||
	    !strstr(out, "\r\033[K"))
		FAIL("no progress line on the terminal:\n%s", out);
	free(out);
	snprintf(cmd, sizeof(cmd), "%s audit -j1 --tree '%s' --symvers '%s' 2>&1 >/dev/null", LDM,
		 c.modules_xz, c.symvers);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	ASSERT_STREQ(out, "");
	free(out);
}
