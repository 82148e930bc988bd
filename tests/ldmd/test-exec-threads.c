// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-threads.c - the preload library of `ldm exec` in threaded and
 * fortified programs: a thread asleep in a driver's ioctl holds up no
 * other thread's; any thread may forward an ioctl, first or not, however
 * many there are; and the fortified opens of _FORTIFY_SOURCE find ldmd's
 * /proc files as open does.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "ldmd-util.h"

#define PROP_MISC_KO LDM_BUILD_DIR "/modules/prop_misc.ko"

static void exec_up(struct ldmd *d)
{
	need_fuse();
	need_namespaces();
	ldmd_up(d, (const char *[]){ LDMD_DEV_MODULE, PROP_MISC_KO, NULL });
}

DEFINE_TEST(
	test_exec_ioctl_asleep_in_driver_holds_up_no_other_thread,
	.description =
		"under ldm exec, while one thread sleeps in a driver's forwarded ioctl, another thread's forwarded ioctls on another node and on another open of the same complete; then the sleeper is woken",
	.no_runtime = true, .concurrency = true)
{
	struct ldmd d;
	char *out;

	exec_up(&d);
	exec_ok(&d, EXEC_THREADS_PATH " stall", &out);
	ASSERT_STREQ(out, "other node: ENOTTY\nother open: 4\nsleeper: 0\n");
	free(out);
	ldmd_down(&d);
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
	.no_runtime = true, .concurrency = true)
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

DEFINE_TEST(
	test_exec_sigio_owner_setsig_and_fioasync,
	.description =
		"under ldm exec SIGIO of a driver's kill_fasync goes as on 2.6.9: to another process F_SETOWN named, none after FIOASYNC turned O_ASYNC off, again after it turned it on, and F_SETSIG's signal queued with si_fd and si_band",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	exec_up(&d);
	exec_ok(&d, EXEC_THREADS_PATH " async", &out);
	ASSERT_STREQ(out, "setown: 0\ngetown is it: 1\nasync: 0\nother process: 1\n"
			  "setown: 0\nfioasync off: 0\nflag off: 1\nafter off: 0\n"
			  "setown: 0\nfioasync on: 0\nafter on: 1\n"
			  "setown: 0\nsetsig: 0\nqueued with fd and band: 1\n");
	free(out);
	ldmd_down(&d);
}

/* What exec-threads capable prints of DIR/dev/devtest, the preload in it. */
static char *forwarded(const struct ldmd *d)
{
	char cmd[2048], *out;

	snprintf(cmd, sizeof(cmd),
		 "ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 LD_PRELOAD=%s "
		 "LDM_ROOT=%s %s capable %s/devtest 2>&1",
		 LDM_PRELOAD_BUILD, d->root, EXEC_THREADS_PATH, d->dev);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	return out;
}

DEFINE_TEST(
	test_preload_refused_connection_fails_at_once,
	.description =
		"when ldmd refuses the preload a connection (all 32 clients taken) and the process has none of its own to wait for, the forwarded ioctl fails with EAGAIN at once; once clients go, it works",
	.no_runtime = true)
{
	struct timespec deadline;
	int held[32], i;
	struct ldmd d;
	char *out;

	need_fuse();
	ldmd_up(&d, (const char *[]){ LDMD_DEV_MODULE, NULL });
	/* Each served once: ldmd has taken it on before the preload comes. */
	for (i = 0; i < 32; i++) {
		held[i] = ldmd_control_connect(&d);
		ASSERT(held[i] >= 0);
		ASSERT_EQ(ldmd_control_request(held[i], "lsmod", 6, NULL, 0, NULL, 0), 0);
	}
	out = forwarded(&d);
	ASSERT_STREQ(out, "fuse: 1\nforwarded: EAGAIN\n");
	free(out);
	for (i = 0; i < 32; i++)
		close(held[i]);
	/* ldmd drops the closed clients as its threads see them go: ask until it has. */
	deadline_in(&deadline, WAIT_SECONDS);
	while (strstr(out = forwarded(&d), "EAGAIN") && ms_left(&deadline) > 0) {
		free(out);
		usleep(2000);
	}
	ASSERT_STREQ(out, "fuse: 1\nforwarded: 1\n");
	free(out);
	ldmd_down(&d);
}

/* Whether the program at @path calls the C library's function @name. */
static bool calls(const char *path, const char *name)
{
	size_t len = strlen(name) + 1; /* with its NUL, as the symbol table has it */
	bool found = false;
	struct stat st;
	char *bin;
	off_t i;
	int fd;

	fd = open(path, O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT_OK(fstat(fd, &st));
	bin = malloc((size_t)st.st_size);
	ASSERT(bin);
	ASSERT_EQ(read(fd, bin, (size_t)st.st_size), st.st_size);
	close(fd);
	for (i = 0; !found && i + (off_t)len <= st.st_size; i++)
		found = !memcmp(bin + i, name, len);
	free(bin);
	return found;
}

static void fortified_reads(const char *prog, const char *open_fn, const char *openat_fn)
{
	char *out, *want, *listing;
	struct ldmd d;

	if (!access("/proc/modules", F_OK))
		ldm_test_skip(
			"this machine has a /proc/modules: the preload has nothing to open instead");
#ifdef __clang__
	/* glibc's fortified open() needs gcc's __builtin_va_arg_pack: clang gets the plain one. */
	if (!calls(prog, open_fn))
		ldm_test_skip("built with clang, whose programs glibc does not route through %s",
			      open_fn);
#endif
	ASSERT(calls(prog, open_fn));
	ASSERT(calls(prog, openat_fn));
	exec_up(&d);
	listing = strdup(cat(PROC(&d, "modules")) ?: "");
	ASSERT(strstr(listing, "devtest "));
	want = malloc(strlen(listing) * 2 + 32);
	ASSERT(want);
	sprintf(want, "open:\n%sopenat:\n%s", listing, listing);
	exec_ok(&d, prog, &out);
	ASSERT_STREQ(out, want);
	free(out);
	free(want);
	free(listing);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_exec_fortified_open_reads_proc,
	.description =
		"under ldm exec a program built with -D_FORTIFY_SOURCE=2 -O2 and 64-bit offsets reads ldmd's /proc/modules through __open64_2 and __openat64_2",
	.no_runtime = true)
{
	fortified_reads(EXEC_FORTIFY_PATH, "__open64_2", "__openat64_2");
}

DEFINE_TEST(
	test_exec_fortified_open_reads_proc_32,
	.description =
		"under ldm exec a program built with -D_FORTIFY_SOURCE=2 -O2 without 64-bit offsets reads ldmd's /proc/modules through __open_2 and __openat_2",
	.no_runtime = true)
{
	fortified_reads(EXEC_FORTIFY32_PATH, "__open_2", "__openat_2");
}
