// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-sum-tests.c - scripts/sum-tests, the end of `make check`: the total
 * of the suites' closing lines, after the name of every failed test with
 * the log that holds it, and of every suite that did not finish.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

static void write_log(const char *dir, const char *name, const char *text)
{
	char path[300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ASSERT(f);
	fputs(text, f);
	ASSERT_OK(fclose(f));
}

DEFINE_TEST(
	test_sum_tests_names_failed_tests_and_logs,
	.description =
		"scripts/sum-tests ends with the total, after each failed test's name and reason with the log that holds it, and each log whose suite did not finish or did not run; exit 1; all passing: the total alone, exit 0",
	.no_runtime = true)
{
	char dir[] = "/tmp/ldm-sum-XXXXXX", cmd[600], *out;

	ASSERT(mkdtemp(dir));
	write_log(dir, "asan.log",
		  "ok 1 - test_a\nnot ok 2 - test_b # exit status 1\n"
		  "not ok 3 - test_c # killed by signal 6\n1..3\n1 passed, 2 failed\n");
	write_log(dir, "tsan.log", "ok 1 - test_d\n1..1\n1 passed, 0 failed, 1 skipped\n");
	write_log(dir, "clang.log", "ok 1 - test_e\ncompiling...\n");
	snprintf(cmd, sizeof(cmd),
		 LDM_SOURCE_DIR "/scripts/sum-tests %s/asan.log %s/tsan.log "
				"%s/clang.log %s/gone.log",
		 dir, dir, dir, dir);
	ASSERT_EQ(ldm_test_run(cmd, &out), 1);
	if (!strstr(out, "Failed, and the log that holds each:\n") ||
	    !strstr(out, "  test_b # exit status 1   (in /tmp/ldm-sum-") ||
	    !strstr(out, "  test_c # killed by signal 6   (in /tmp/ldm-sum-") ||
	    !strstr(out, "/clang.log: no closing line: the suite did not finish") ||
	    !strstr(out, "/gone.log: no such log: the suite did not run") ||
	    !strstr(out, "\n2 passed, 4 failed, 1 skipped\n"))
		FAIL("unexpected summary:\n%s", out);
	free(out);
	snprintf(cmd, sizeof(cmd), LDM_SOURCE_DIR "/scripts/sum-tests %s/tsan.log", dir);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	ASSERT_STREQ(out, "\n1 passed, 0 failed, 1 skipped\n");
	free(out);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ASSERT_EQ(system(cmd), 0);
}
