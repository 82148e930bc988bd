// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-threads.c - the preload library of `ldm exec` in threaded and
 * fortified programs: a thread asleep in a driver's ioctl holds up no
 * other thread's; any thread may forward an ioctl, first or not, however
 * many there are; and the fortified opens of _FORTIFY_SOURCE find ldmd's
 * /proc files as open does.
 */

#include "ldmd-util.h"

#define PROP_MISC_KO LDM_BUILD_DIR "/modules/prop_misc.ko"

static void exec_up(struct ldmd *d)
{
	need_fuse();
	need_namespaces();
	ldmd_up(d, (const char *[]){ LDMD_DEV_MODULE, PROP_MISC_KO, NULL });
}

DEFINE_TEST(
	test_exec_ioctl_from_a_second_thread,
	.description =
		"under ldm exec the first forwarded ioctl of a process may come from a thread that is not its main one",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	exec_up(&d);
	exec_ok(&d, EXEC_THREADS_PATH " first", &out);
	ASSERT_STREQ(out, "thread 0: 1\n");
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_exec_ioctl_from_many_threads,
	.description =
		"under ldm exec twelve threads of one process, started together, each forward an ioctl on one open node, and each reaches the driver",
	.no_runtime = true)
{
	char want[512] = "", line[32];
	struct ldmd d;
	char *out;
	int i;

	exec_up(&d);
	exec_ok(&d, EXEC_THREADS_PATH " many 12", &out);
	for (i = 0; i < 12; i++) {
		snprintf(line, sizeof(line), "thread %d: 1\n", i);
		strcat(want, line);
	}
	ASSERT_STREQ(out, want);
	free(out);
	ldmd_down(&d);
}
