// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-tools.c - the programs as a user runs them: the demo and the ldm
 * command, their output compared byte for byte with tests/golden/, and
 * their exit codes.
 */
#include <sys/wait.h>
#include <libldm/libldm.h>

#include "harness.h"

#define run ldm_test_run

/* Run @cmd in the build directory: @want_status, and the golden output. */
static void check_golden(const char *cmd, const char *golden, int want_status)
{
	char full[1024], *out;
	int status;

	snprintf(full, sizeof(full), "cd %s && %s", LDM_BUILD_DIR, cmd);
	status = run(full, &out);
	ldm_test_golden(golden, out, NULL);
	ASSERT_EQ(status, want_status);
	free(out);
}

DEFINE_TEST(
	test_demo_output_is_golden,
	.description =
		"the kobject-tree demo prints the tree, the events and the write exactly as tests/golden/ has them",
	.no_runtime = true)
{
	check_golden("examples/kobject-tree 2>&1", "kobject-tree.out", 0);
}

DEFINE_TEST(test_ldm_help_is_golden,
	    .description = "ldm --help and each verb's --help print their golden text and exit 0",
	    .no_runtime = true)
{
	static const char *const verbs[] = {
		"insmod",  "rmmod", "lsmod",	"modinfo", "depmod", "modprobe", "modpost",
		"symbols", "tree",  "monitor",	"exec",	   "device", "hw",	 "suspend",
		"resume",  "dmesg", "shutdown", "reboot",  "run",    "audit",
	};
	char cmd[128], golden[64];
	size_t i;

	check_golden("tools/ldm/ldm --help", "ldm-help.out", 0);
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		snprintf(cmd, sizeof(cmd), "tools/ldm/ldm %s --help", verbs[i]);
		snprintf(golden, sizeof(golden), "ldm-%s-help.out", verbs[i]);
		check_golden(cmd, golden, 0);
	}
}

DEFINE_TEST(
	test_ldm_usage_errors_exit_2,
	.description =
		"no verb, an unknown verb, a bad option or an extra argument exit 2 with a message",
	.no_runtime = true)
{
	static const char *const cmds[] = {
		"tools/ldm/ldm 2>&1",
		"tools/ldm/ldm frobnicate 2>&1",
		"tools/ldm/ldm symbols --bogus 2>&1",
		"tools/ldm/ldm insmod 2>&1",
		"tools/ldm/ldm rmmod 2>&1",
		"tools/ldm/ldm lsmod extra 2>&1",
		"tools/ldm/ldm tree --bogus 2>&1",
		"tools/ldm/ldm device 2>&1",
		"tools/ldm/ldm device add 2>&1",
		"tools/ldm/ldm device remove a b 2>&1",
		"tools/ldm/ldm suspend a b 2>&1",
		"tools/ldm/ldm resume now 2>&1",
		"tools/ldm/ldm dmesg --level x 2>&1",
		"tools/ldm/ldm modinfo 2>&1",
		"tools/ldm/ldm exec 2>&1",
		"tools/ldm/ldm modpost 2>&1",
		"tools/ldm/ldm run --bogus 2>&1",
	};
	char full[1024], *out;
	size_t i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		snprintf(full, sizeof(full), "%s/%s", LDM_BUILD_DIR, cmds[i]);
		if (run(full, &out) != 2)
			FAIL("%s did not exit 2", cmds[i]);
		ASSERT(*out);
		free(out);
	}
}

DEFINE_TEST(
	test_ldm_modinfo_reads_hello_as_kmod_does,
	.description =
		"ldm modinfo prints the fields of hello.ko, parm with its type, as kmod's modinfo",
	.no_runtime = true)
{
	char cmd[1024], *out;

	snprintf(cmd, sizeof(cmd), "cd %s && tools/ldm/ldm modinfo modules/hello.ko",
		 LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &out), 0);
	ASSERT(strstr(out, "filename:       " LDM_BUILD_DIR "/modules/hello.ko\n"));
	ASSERT(strstr(out, "license:        GPL\n"));
	ASSERT(strstr(out, "vermagic:       ldm-2 x86_64\n"));
	ASSERT(strstr(out, "name:           hello\n"));
	ASSERT(strstr(out, "parm:           count:how many greetings (int)\n"));
	ASSERT(strstr(out, "parm:           whom:charp\n"));
	free(out);
	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm modinfo -F license %s/modules/hello.ko",
		 LDM_BUILD_DIR, LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &out), 0);
	ASSERT_STREQ(out, "GPL\n");
	free(out);
}

DEFINE_TEST(
	test_ldm_modinfo_prints_what_kmod_modinfo_prints,
	.description =
		"ldm modinfo prints byte for byte what kmod's modinfo prints for the example modules, with each of -F parm, -F parmtype, -F alias, -p, -a, -d, -l, -n, -0 and none",
	.no_runtime = true)
{
	static const char *const opts[] = {
		"",   "-F parm", "-F parmtype", "-F alias", "-F nosuch", "-p",
		"-a", "-d",	 "-l",		"-n",	    "-0",	 "-0 -F parm",
	};
	static const char *const files = "modules/hello.ko modules/widget.ko "
					 "modules/demo_sensor.ko modules/prop_misc.ko";
	char cmd[1024], *kmod, *ours;
	size_t i;

	if (system("command -v modinfo >/dev/null"))
		ldm_test_skip("kmod's modinfo is not installed (Debian package kmod)");
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		snprintf(cmd, sizeof(cmd), "cd %s && modinfo %s %s | od -c", LDM_BUILD_DIR, opts[i],
			 files);
		ASSERT_EQ(run(cmd, &kmod), 0);
		snprintf(cmd, sizeof(cmd), "cd %s && tools/ldm/ldm modinfo %s %s | od -c",
			 LDM_BUILD_DIR, opts[i], files);
		ASSERT_EQ(run(cmd, &ours), 0);
		if (strcmp(kmod, ours))
			FAIL("modinfo %s differs:\nkmod:\n%s\nldm:\n%s", opts[i], kmod, ours);
		free(kmod);
		free(ours);
	}
}

DEFINE_TEST(
	test_ldm_depmod_directory_is_what_kmod_reads,
	.description =
		"the directory ldm depmod wrote answers ldm modinfo NAME|ALIAS as kmod's modinfo answers it, and kmod's modprobe --show-depends gpl_user lists gpl_lib first",
	.no_runtime = true)
{
	static const char *const names[] = { "widget", "platform:gizmo", "gpl_user",
					     "of:NsensorT(null)Cldm,demo-sensor" };
	char dir[] = "/tmp/ldm-depmod-test-XXXXXX", cmd[2048], *kmod, *ours;
	size_t i;

	if (system("command -v modinfo >/dev/null && command -v modprobe >/dev/null"))
		ldm_test_skip(
			"kmod's modinfo and modprobe are not installed (Debian package kmod)");
	ASSERT(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd),
		 "mkdir -p %s/base/lib/modules/1.0 && cp %s/modules/*.ko %s/base/lib/modules/1.0/ "
		 "&& %s/tools/ldm/ldm depmod %s/base/lib/modules/1.0",
		 dir, LDM_BUILD_DIR, dir, LDM_BUILD_DIR, dir);
	ASSERT_EQ(system(cmd), 0);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(cmd, sizeof(cmd), "modinfo -b %s/base -k 1.0 '%s'", dir, names[i]);
		ASSERT_EQ(run(cmd, &kmod), 0);
		snprintf(cmd, sizeof(cmd),
			 "%s/tools/ldm/ldm modinfo -m %s/base/lib/modules/1.0 '%s'", LDM_BUILD_DIR,
			 dir, names[i]);
		ASSERT_EQ(run(cmd, &ours), 0);
		ASSERT_STREQ(ours, kmod);
		free(kmod);
		free(ours);
	}
	snprintf(cmd, sizeof(cmd), "modprobe -d %s/base -S 1.0 --show-depends gpl_user", dir);
	ASSERT_EQ(run(cmd, &kmod), 0);
	snprintf(cmd, sizeof(cmd),
		 "insmod %s/base/lib/modules/1.0/gpl_lib.ko \ninsmod %s/base/lib/modules/1.0/"
		 "gpl_user.ko \n",
		 dir, dir);
	ASSERT_STREQ(kmod, cmd);
	free(kmod);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ASSERT_EQ(system(cmd), 0);
}

DEFINE_TEST(
	test_ldm_run_loads_removes_and_lists,
	.description =
		"ldm run loads, removes and lists in a runtime of its own; ldm insmod of a missing file says so and exits 1 before looking for ldmd",
	.no_runtime = true)
{
	char cmd[1024], *out;

	snprintf(cmd, sizeof(cmd),
		 "%s/tools/ldm/ldm run --rmmod hello %s/modules/hello.ko "
		 "2>/dev/null",
		 LDM_BUILD_DIR, LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &out), 0);
	ASSERT(strstr(out, "removed hello\nModule                  Size  Used by\ntainted: 0\n"));
	free(out);
	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm insmod /nonexistent.ko 2>&1", LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &out), 1);
	ASSERT(strstr(out, "could not insert '/nonexistent.ko': No such file or directory"));
	free(out);
}

DEFINE_TEST(test_kmod_modinfo_reads_an_ldm_module,
	    .description = "kmod's own modinfo reads hello.ko: license, vermagic, name, parm",
	    .no_runtime = true)
{
	char cmd[1024], *out;

	if (access("/usr/sbin/modinfo", X_OK) && access("/sbin/modinfo", X_OK))
		ldm_test_skip(
			"kmod's modinfo is not installed (scripts/install-deps installs kmod)");
	snprintf(cmd, sizeof(cmd), "PATH=/usr/sbin:/sbin:$PATH modinfo %s/modules/hello.ko",
		 LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &out), 0);
	ASSERT(strstr(out, "license:        GPL\n"));
	ASSERT(strstr(out, "vermagic:       ldm-2 x86_64\n"));
	ASSERT(strstr(out, "name:           hello\n"));
	ASSERT(strstr(out, "parm:           count:how many greetings (int)\n"));
	free(out);
}

/* What _ldm or _ldmd completes for the words @line (the last one being completed). */
static char *complete_words(const char *fn, const char *line)
{
	char cmd[2048], *out;

	snprintf(cmd, sizeof(cmd),
		 "bash -c 'shopt -s extglob; source %s/completion/ldm.bash; "
		 "COMP_WORDS=(%s); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); %s; "
		 "echo \"${COMPREPLY[*]}\"' 2>&1",
		 ldm_test_srcdir(), line, fn);
	ASSERT_EQ(run(cmd, &out), 0);
	return out;
}

DEFINE_TEST(
	test_bash_completion_knows_every_verb,
	.description =
		"the bash completion offers every verb ldm --help lists, the device sub-verbs, suspend states, ldm audit's questions and policies, and ldmd's options",
	.no_runtime = true)
{
	char cmd[1024], *help, *words, *line, *save = NULL, verb[32];

	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm --help", LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &help), 0);
	words = complete_words("_ldm", "ldm \"\"");
	for (line = strtok_r(help, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "  ", 2) || sscanf(line, "%31s", verb) != 1)
			continue;
		snprintf(cmd, sizeof(cmd), " %s ", verb);
		char padded[4096];

		snprintf(padded, sizeof(padded), " %s", words);
		padded[strcspn(padded, "\n")] = ' ';
		if (!strstr(padded, cmd))
			FAIL("completion of 'ldm ' lacks %s: %s", verb, words);
	}
	free(words);
	free(help);
	words = complete_words("_ldm", "ldm --root /tmp device r");
	ASSERT_STREQ(words, "remove\n");
	free(words);
	words = complete_words("_ldm", "ldm suspend m");
	ASSERT_STREQ(words, "mem\n");
	free(words);
	words = complete_words("_ldmd", "ldmd --fo");
	ASSERT_STREQ(words, "--foreground\n");
	free(words);
	words = complete_words("_ldm", "ldm audit --tree /tmp wh");
	ASSERT_STREQ(words, "what-if\n");
	free(words);
	words = complete_words("_ldm", "ldm audit --policy 2.6.1");
	ASSERT_STREQ(words, "2.6.10\n");
	free(words);
	words = complete_words("_ldm", "ldm audit deps --d");
	ASSERT_STREQ(words, "--dot\n");
	free(words);
}

DEFINE_TEST(
	test_man_pages_cover_every_verb,
	.description =
		"man/ldm.8.scd documents every verb of ldm --help, and man/ldmd.8.scd every option of ldmd --help",
	.no_runtime = true)
{
	char cmd[1024], *help, *page, *line, *save = NULL, word[64], needle[80];

	snprintf(cmd, sizeof(cmd), "cat %s/man/ldm.8.scd", ldm_test_srcdir());
	ASSERT_EQ(run(cmd, &page), 0);
	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm --help", LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &help), 0);
	for (line = strtok_r(help, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "  ", 2) || sscanf(line, "%63s", word) != 1)
			continue;
		snprintf(needle, sizeof(needle), "\n*%s", word);
		if (!strstr(page, needle))
			FAIL("man/ldm.8.scd does not document the verb %s", word);
	}
	free(help);
	free(page);
	snprintf(cmd, sizeof(cmd), "cat %s/man/ldmd.8.scd", ldm_test_srcdir());
	ASSERT_EQ(run(cmd, &page), 0);
	snprintf(cmd, sizeof(cmd), "%s --help", LDMD_PATH);
	ASSERT_EQ(run(cmd, &help), 0);
	save = NULL;
	for (line = strtok_r(help, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *opt = strstr(line, "--");

		if (strncmp(line, "  -", 3) || !opt || sscanf(opt, "%63[a-z-]", word) != 1)
			continue;
		snprintf(needle, sizeof(needle), "*%s*", word);
		if (!strstr(page, needle))
			FAIL("man/ldmd.8.scd does not document %s", word);
	}
	free(help);
	free(page);
}

DEFINE_TEST(
	test_json_checker_tells_good_from_bad,
	.description =
		"the tests' JSON checker accepts valid documents and refuses broken ones, so a --json test can fail",
	.no_runtime = true)
{
	ASSERT(ldm_test_json_valid("[]"));
	ASSERT(ldm_test_json_valid(
		" {\"a\":[1,-2.5e3,true,false,null,\"x\\n\\u00e9\"],\"b\":{}}\n"));
	ASSERT(!ldm_test_json_valid("[1,]"));
	ASSERT(!ldm_test_json_valid("{\"a\" 1}"));
	ASSERT(!ldm_test_json_valid("[\"tab\there\"]"));
	ASSERT(!ldm_test_json_valid("[01]"));
	ASSERT(!ldm_test_json_valid("[] []"));
	ASSERT(!ldm_test_json_valid("[\"open"));
	ASSERT(!ldm_test_json_valid(""));
}

DEFINE_TEST(
	test_modinfo_and_symbols_json,
	.description =
		"ldm modinfo --json and ldm symbols --json print valid JSON with the fields of the text forms",
	.no_runtime = true)
{
	char cmd[1024], *out;

	snprintf(cmd, sizeof(cmd),
		 "%s/tools/ldm/ldm modinfo --json %s/modules/hello.ko "
		 "%s/modules/prop_misc.ko",
		 LDM_BUILD_DIR, LDM_BUILD_DIR, LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &out), 0);
	if (!ldm_test_json_valid(out) || !strstr(out, "\"license\":[\"GPL\"]") ||
	    !strstr(out, "\"license\":[\"Proprietary\"]") ||
	    !strstr(out, "\"parm\":[\"count:how many greetings\"]"))
		FAIL("modinfo --json printed: %s", out);
	free(out);
	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm symbols --json", LDM_BUILD_DIR);
	ASSERT_EQ(run(cmd, &out), 0);
	if (!ldm_test_json_valid(out) ||
	    !strstr(out,
		    "{\"name\":\"device_register\",\"license\":\"EXPORT_SYMBOL_GPL\",\"owner\":\"ldm\"}") ||
	    !strstr(out,
		    "{\"name\":\"misc_register\",\"license\":\"EXPORT_SYMBOL\",\"owner\":\"ldm\"}"))
		FAIL("symbols --json printed: %.400s", out);
	free(out);
}

DEFINE_TEST(
	test_verbs_share_one_option_parser,
	.description =
		"the verbs parse through tool_parse_options_ext: device add takes -r DIR as its help says (it was a usage error), modprobe's -r is --remove and --root its root, dmesg refuses a bad --level after --root, audit keeps the operands after what-if --gpl-only in order and those after --",
	.no_runtime = true)
{
	char *out;

	ASSERT_EQ(run(LDM_BUILD_DIR "/tools/ldm/ldm device add -r /nonexistent widget 2>&1", &out),
		  1);
	ASSERT(strstr(out, "ldm device add: no ldmd at /nonexistent "));
	free(out);
	ASSERT_EQ(run(LDM_BUILD_DIR "/tools/ldm/ldm modprobe --root /nonexistent -r foo 2>&1",
		      &out),
		  1);
	ASSERT(strstr(out, "ldm modprobe: no ldmd at /nonexistent "));
	free(out);
	ASSERT_EQ(run(LDM_BUILD_DIR "/tools/ldm/ldm dmesg --root /nonexistent --level 9 2>&1",
		      &out),
		  2);
	ASSERT_STREQ(out, "ldm dmesg: '9' is not a level 0-7\n");
	free(out);
	ASSERT_EQ(run("cd " LDM_BUILD_DIR "/tests/audit && " LDM_BUILD_DIR
		      "/tools/ldm/ldm audit --tree . --symvers Module.symvers what-if --gpl-only "
		      "vm_plain -- fa_plain",
		      &out),
		  1);
	ASSERT_STREQ(out, "fa_prop\tProprietary\tfa_plain\tgpl-only\tfa_lib\n"
			  "fa_prop\tProprietary\tvm_plain\tgpl-only\tvmlinux\n");
	free(out);
}
