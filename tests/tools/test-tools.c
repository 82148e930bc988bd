// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-tools.c - the programs as a user runs them: the demo and the ldm
 * command, their output compared byte for byte with tests/golden/, and
 * their exit codes.
 */
#include <sys/wait.h>

#include "harness.h"

/* Run @cmd with sh; return its exit status and its stdout in *out. */
static int run(const char *cmd, char **out)
{
	size_t len = 0, cap = 1 << 16, n;
	char *buf = malloc(cap);
	FILE *p;
	int status;

	ASSERT(buf);
	p = popen(cmd, "r");
	ASSERT(p);
	while ((n = fread(buf + len, 1, cap - len - 1, p)) > 0) {
		len += n;
		if (len + 1 == cap) {
			buf = realloc(buf, cap *= 2);
			ASSERT(buf);
		}
	}
	buf[len] = '\0';
	status = pclose(p);
	*out = buf;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char *read_golden(const char *name)
{
	char path[1024];
	char *buf;
	FILE *f;
	long len;

	snprintf(path, sizeof(path), "%s/tests/golden/%s", ldm_test_srcdir(), name);
	f = fopen(path, "r");
	if (!f)
		FAIL("cannot open %s", path);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc((size_t)len + 1);
	ASSERT(buf);
	ASSERT_EQ(fread(buf, 1, (size_t)len, f), len);
	buf[len] = '\0';
	fclose(f);
	return buf;
}

static void check_golden(const char *cmd, const char *golden, int want_status)
{
	char full[1024], *out, *want;
	int status;

	snprintf(full, sizeof(full), "%s/%s", LDM_BUILD_DIR, cmd);
	status = run(full, &out);
	want = read_golden(golden);
	if (strcmp(out, want))
		FAIL("output of %s differs from tests/golden/%s:\n%s", cmd, golden, out);
	ASSERT_EQ(status, want_status);
	free(out);
	free(want);
}

DEFINE_TEST(test_demo_output_is_golden,
	    .description = "the kobject-tree demo prints the tree, the events and the write exactly as tests/golden/ has them",
	    .no_runtime = true)
{
	check_golden("examples/kobject-tree 2>&1", "kobject-tree.out", 0);
}

DEFINE_TEST(test_ldm_help_is_golden,
	    .description = "ldm --help and ldm symbols --help print their golden text and exit 0",
	    .no_runtime = true)
{
	check_golden("tools/ldm/ldm --help", "ldm-help.out", 0);
	check_golden("tools/ldm/ldm symbols --help", "ldm-symbols-help.out", 0);
}

DEFINE_TEST(test_ldm_usage_errors_exit_2,
	    .description = "no verb, an unknown verb, a bad option or an extra argument exit 2 with a message",
	    .no_runtime = true)
{
	static const char *const cmds[] = {
		"tools/ldm/ldm 2>&1",
		"tools/ldm/ldm frobnicate 2>&1",
		"tools/ldm/ldm symbols --bogus 2>&1",
		"tools/ldm/ldm symbols extra 2>&1",
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
