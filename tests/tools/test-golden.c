// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-golden.c - the real output of every ldm verb that needs no ldmd,
 * byte for byte against tests/golden/ (make update-golden rewrites them
 * after a change that is meant); the verbs that talk to ldmd are
 * tests/ldmd/test-golden-ldmd.c's.
 */
#include <sys/wait.h>
#include <libldm/libldm.h>

#include "harness.h"

/*
 * A JSON document on stdin with its keys and its arrays of strings sorted,
 * one value a line: what the compiler orders (.modinfo) compares alike.
 */
#define SORT_JSON \
	"python3 -c 'import json, sys\n" \
	"def s(o):\n" \
	"    if isinstance(o, dict): return {k: s(v) for k, v in o.items()}\n" \
	"    if isinstance(o, list):\n" \
	"        o = [s(v) for v in o]\n" \
	"        return sorted(o) if all(isinstance(v, str) for v in o) else o\n" \
	"    return o\n" \
	"print(json.dumps(s(json.load(sys.stdin)), indent=1, sort_keys=True))'"

/*
 * Run @cmd (stderr with stdout) in the build directory, its output through
 * @filter if not NULL (not shown), and compare "$ CMD", the output and its
 * exit status with tests/golden/@golden.
 */
static void golden_filtered(const char *golden, const char *cmd, const char *filter)
{
	char full[4096], tmp[] = "/tmp/ldm-golden-XXXXXX", *out, *all;
	int status, fd = mkstemp(tmp);

	ASSERT(fd >= 0);
	close(fd);
	snprintf(full, sizeof(full), "cd %s && { %s; } >%s 2>&1", LDM_BUILD_DIR, cmd, tmp);
	status = WEXITSTATUS(system(full));
	snprintf(full, sizeof(full), "%s <%s", filter ? filter : "cat", tmp);
	ASSERT_EQ(ldm_test_run(full, &out), 0);
	unlink(tmp);
	ASSERT(asprintf(&all, "$ %s\n%s[exit %d]\n", cmd, out, status) > 0);
	ldm_test_golden(golden, all, NULL);
	free(all);
	free(out);
}

static void golden_of(const char *golden, const char *cmd)
{
	golden_filtered(golden, cmd, NULL);
}

DEFINE_TEST(test_golden_modinfo,
	    .description = "ldm modinfo of hello.ko and prop_misc.ko: text, one field, JSON",
	    .no_runtime = true)
{
	/* Sorted: the order of .modinfo is the compiler's (gcc's and clang's differ). */
	golden_filtered("modinfo.out",
			"tools/ldm/ldm modinfo modules/hello.ko modules/prop_misc.ko",
			"LC_ALL=C sort");
	golden_filtered("modinfo-F.out", "tools/ldm/ldm modinfo -F parm modules/hello.ko",
			"LC_ALL=C sort");
	golden_filtered("modinfo-json.out",
			"tools/ldm/ldm modinfo --json modules/hello.ko modules/prop_misc.ko",
			SORT_JSON);
	golden_of("modinfo-bad.out", "tools/ldm/ldm modinfo build.ninja modules/nosuch.ko");
}

DEFINE_TEST(
	test_golden_depmod,
	.description =
		"ldm depmod makes a copy of the example modules a modules directory (modules.dep, modules.alias) that ldm modinfo looks names and aliases up in; a missing or wrong directory is refused; an empty one gets empty indexes, as kmod's depmod writes them, and is said so",
	.no_runtime = true)
{
	golden_of(
		"depmod.out",
		"rm -rf golden-modules && mkdir golden-modules && cp modules/*.ko golden-modules/ "
		"&& tools/ldm/ldm depmod golden-modules && cat golden-modules/modules.dep "
		"golden-modules/modules.order && grep -v '^#' golden-modules/modules.alias | "
		"LC_ALL=C sort && tools/ldm/ldm modinfo -m golden-modules -F filename "
		"platform:widget gpl_user 'of:NsensorT(null)Cldm,demo-sensor' && "
		"tools/ldm/ldm modinfo -m golden-modules nosuch");
	golden_of("depmod-bad.out",
		  "tools/ldm/ldm depmod nosuch; tools/ldm/ldm depmod build.ninja; "
		  "LDM_MODULES= tools/ldm/ldm depmod; "
		  "tools/ldm/ldm modinfo nosuch; rm -rf golden-modules");
	/* An empty directory: empty indexes, as kmod's depmod, and said so. */
	golden_of("depmod-empty.out",
		  "rm -rf golden-empty && mkdir golden-empty && tools/ldm/ldm depmod golden-empty; "
		  "echo \"exit $?\"; wc -c golden-empty/modules.dep golden-empty/modules.order; "
		  "rm -rf golden-empty");
}

DEFINE_TEST(test_golden_symbols,
	    .description =
		    "ldm symbols: the runtime's export table, with a module's exports, and as JSON",
	    .no_runtime = true)
{
	golden_of("symbols.out", "tools/ldm/ldm symbols");
	golden_of("symbols-gpl_lib.out",
		  "tools/ldm/ldm symbols modules/gpl_lib.ko | awk -F'\t' '$3 != \"ldm\"'");
	golden_of("symbols-json.out", "tools/ldm/ldm symbols --json modules/gpl_lib.ko");
}

DEFINE_TEST(
	test_golden_run,
	.description =
		"ldm run: loads, a refusal, a removal, lsmod and the taint of a runtime of its own",
	.no_runtime = true)
{
	golden_of("run.out", "tools/ldm/ldm run modules/gpl_lib.ko modules/gpl_user.ko "
			     "modules/prop_misc.ko modules/prop_core.ko --rmmod gpl_user");
	golden_of("run-bad.out", "tools/ldm/ldm run --rmmod nosuch modules/init_fails.ko");
}

DEFINE_TEST(
	test_golden_modpost,
	.description =
		"what ldm modpost wrote for hello.ko (its .mod.c), and its refusals of what is not a module object",
	.no_runtime = true)
{
	golden_of("modpost-hello.mod.c.out", "cat modules/hello.ko.p/hello.mod.c");
	golden_of("modpost-bad.out",
		  "tools/ldm/ldm modpost meson.build; tools/ldm/ldm modpost build.ninja.o");
}

DEFINE_TEST(
	test_golden_usage_errors,
	.description =
		"ldm's usage errors: no verb, an unknown verb, bad options and arguments exit 2 and say so",
	.no_runtime = true)
{
	golden_of("usage-errors.out",
		  "for a in '' frobnicate 'symbols --bogus' insmod rmmod 'lsmod extra' "
		  "'tree --bogus' device 'device add' 'device remove a b' 'suspend a b' "
		  "'resume now' 'dmesg --level x' modinfo modpost 'run --bogus'; do "
		  "echo \"# ldm $a\"; tools/ldm/ldm $a 2>&1 | head -n 3; done");
}
