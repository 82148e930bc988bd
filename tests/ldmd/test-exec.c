// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec.c - `ldm exec` and what it is made of: unmodified programs run
 * with ldmd's /sys, /dev and events as their machine's; the ioctls FUSE
 * cannot carry, forwarded by the preload library through the control
 * request "ioctl"; and the request itself, with its checks.
 *
 * They need FUSE and root as the other ldmd tests do, and namespaces
 * (need_namespaces() skips and says why where unshare(2) is refused).
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <ldmd/control.h>

#include "ldmd-client.h"
#include "ldmd-util.h"
#include "devtest/devtest.h"

#define LDM	     LDM_BUILD_DIR "/tools/ldm/ldm"
#define PROP_MISC_KO LDM_BUILD_DIR "/modules/prop_misc.ko"

_Static_assert(DEVTEST_IOC_SETBIT == _IOW('D', 6, int), "devtest.h encodes as Linux");
_Static_assert(DEVTEST_IOC_PEEK == _IOW('D', 7, struct devtest_peek), "devtest.h encodes as Linux");

static void exec_up(struct ldmd *d)
{
	need_fuse();
	need_namespaces();
	ldmd_up(d, (const char *[]){ LDMD_DEV_MODULE, PROP_MISC_KO, NULL });
}

DEFINE_TEST(
	test_exec_is_ldmd_machine,
	.description =
		"ldm exec runs a program with ldmd's /sys and its nodes in /dev beside null; the machine's own view is untouched; the program's exit status is ldm exec's",
	.no_runtime = true)
{
	struct ldmd d;
	char *out, *want, *host;

	exec_up(&d);
	want = cat(SYS(&d, "class/misc/devtest/dev"));
	ASSERT(want);
	host = read_file("/proc/self/mountinfo");
	ASSERT_EQ(ldm_exec(&d, "",
			   "sh -c 'cat /sys/class/misc/devtest/dev /dev/prop_misc; "
			   "test -c /dev/null && test -e /dev/devtest && echo nodes; exit 3'",
			   &out),
		  3);
	ASSERT(strstr(out, want));
	ASSERT(strstr(out, "hello from a proprietary module\n"));
	ASSERT(strstr(out, "nodes\n"));
	free(out);
	/* The sandbox's mounts were its own. */
	out = read_file("/proc/self/mountinfo");
	ASSERT_STREQ(out, host);
	free(out);
	free(host);
	ASSERT_EQ(ldm_exec(&d, "", "/nonexistent/program", &out), 127);
	ASSERT(strstr(out, "/nonexistent/program: No such file or directory"));
	free(out);
	ldmd_down(&d);
}

/* Whether a process of uid nobody may make a user namespace here. */
static bool users_may_unshare(void)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0)
		_exit(setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY) ||
		      unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET));
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) && !WEXITSTATUS(status);
}

DEFINE_TEST(
	test_exec_as_user,
	.description =
		"a user who is not root runs ldm exec in a user namespace: /sys and the node names are ldmd's, and a node's mode still keeps that user out",
	.no_runtime = true)
{
	char cmd[1024], *out;
	struct ldmd d;

	exec_up(&d);
	if (!users_may_unshare()) {
		ldmd_down(&d);
		ldm_test_skip("a user who is not root may not make a user namespace here");
	}
	snprintf(cmd, sizeof(cmd),
		 "setpriv --reuid=%d --regid=%d --clear-groups env LDM_PRELOAD=%s %s --root %s "
		 "exec -- sh -c 'cat /sys/class/misc/devtest/dev; test -e /dev/devtest && "
		 "cat /dev/devtest; echo $?' 2>&1",
		 NOBODY, NOBODY, LDM_PRELOAD_BUILD, LDM, d.root);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	ASSERT(strstr(out, cat(SYS(&d, "class/misc/devtest/dev"))));
	ASSERT(strstr(out, "cat: /dev/devtest: Permission denied\n1\n"));
	free(out);
	ldmd_down(&d);
}

/* What exec-ioctl prints when every ioctl reaches the driver as a kernel's would. */
static const char exec_ioctl_kernel[] = "setbit 3: 8\n"
					"setbit 5: 40\n"
					"setbit 40: EINVAL\n"
					"peek 3: 3\n"
					"peeked: hel\n"
					"peek at 16: EFAULT\n"
					"peek from 16: EFAULT\n"
					"add: 0\n"
					"added: 1007\n"
					"len: 0\n"
					"held: 5\n"
					"clear: 5\n"
					"unknown: ENOTTY\n"
					"pipe FIONREAD: 0\n"
					"pipe holds: 2\n";

DEFINE_TEST(
	test_exec_forwards_ioctls,
	.description =
		"under ldm exec an unmodified program's ioctls reach the driver as in a kernel: a value for an _IOW argument, a structure pointing at more of its memory, a bad address giving EFAULT",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	exec_up(&d);
	ASSERT_EQ(ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, EXEC_IOCTL_PATH, &out), 0);
	ASSERT_STREQ(out, exec_ioctl_kernel);
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_exec_without_preload,
	.description =
		"without the preload library ldm exec says so, and ioctls reach a node only as FUSE carries them: a value argument or an address inside a structure is EFAULT, never ldmd's memory",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	exec_up(&d);
	ASSERT_EQ(ldm_exec(&d, "LDM_PRELOAD=/nonexistent.so", EXEC_IOCTL_PATH, &out), 0);
	ASSERT(strstr(out, "ldm exec: /nonexistent.so: No such file or directory; ioctls reach "
			   "the nodes as FUSE carries them\n"));
	ASSERT(strstr(out, "setbit 3: EFAULT\n"));
	ASSERT(strstr(out, "peek 3: EFAULT\n"));
	ASSERT(strstr(out, "peek from 16: EFAULT\n"));
	ASSERT(strstr(out, "added: 1007\n"));
	ASSERT(strstr(out, "clear: 5\n"));
	free(out);
	ldmd_down(&d);
}

/* The request "ioctl" @id @cmd @arg on a new connection: 0 or its errno, output in @res. */
static int ioctl_request(const struct ldmd *d, const char *id, const char *cmd, const char *arg,
			 struct ctl_result *res)
{
	const char *fields[] = { "ioctl", id, cmd, arg };
	int fd = ctl_open(d->root, CONTROL_SOCKET), err;

	ASSERT(fd >= 0);
	err = ctl_call(fd, fields, 4, -1, res);
	close(fd);
	ASSERT_EQ(err, 0);
	return res->error;
}

static const char *num(unsigned long long v, char *buf)
{
	snprintf(buf, 24, "%llu", v);
	return buf;
}

#define NUM(v) num((v), (char[24]){ 0 })

DEFINE_TEST(
	test_exec_ioctl_request,
	.description =
		"the control request ioctl runs a driver's ioctl in the asking process's memory; only for the process that asked for the file's id, only while the file is open; bad numbers are EINVAL",
	.no_runtime = true)
{
	unsigned long long id = 0;
	struct devtest_peek peek;
	struct ctl_result res;
	char buf[8] = "", path[512];
	struct timespec deadline;
	struct ldmd d;
	int fd, status;
	pid_t pid;

	need_fuse();
	ldmd_up(&d, (const char *[]){ LDMD_DEV_MODULE, NULL });
	snprintf(path, sizeof(path), "%s/devtest", d.dev);
	fd = open(path, O_RDWR);
	ASSERT(fd >= 0);
	ASSERT_OK(ioctl(fd, LDMD_IOC_FILE_ID, &id));
	ASSERT_EQ(write(fd, "abcdef", 6), 6);

	ASSERT_EQ(ioctl_request(&d, NUM(id), NUM(DEVTEST_IOC_SETBIT), "4", &res), 0);
	ASSERT_STREQ(res.out, "16\n");
	ctl_result_free(&res);
	peek = (struct devtest_peek){ .buf = (unsigned long)buf, .len = 4 };
	ASSERT_EQ(ioctl_request(&d, NUM(id), NUM(DEVTEST_IOC_PEEK), NUM((unsigned long)&peek),
				&res),
		  0);
	ASSERT_STREQ(res.out, "4\n");
	ASSERT_STREQ(buf, "abcd");
	ctl_result_free(&res);
	/* Unmapped memory of the caller: the driver's copy faults. */
	ASSERT_EQ(ioctl_request(&d, NUM(id), NUM(DEVTEST_IOC_PEEK), "8", &res), EFAULT);
	ctl_result_free(&res);

	ASSERT_EQ(ioctl_request(&d, "x", NUM(DEVTEST_IOC_SETBIT), "4", &res), EINVAL);
	ASSERT(strstr(res.why, "ioctl takes a file id, a command and an argument, as numbers"));
	ctl_result_free(&res);
	ASSERT_EQ(ioctl_request(&d, NUM(id), "0x100000000", "4", &res), EINVAL);
	ctl_result_free(&res);
	ASSERT_EQ(ioctl_request(&d, NUM(id), NUM(DEVTEST_IOC_SETBIT), "-1", &res), EINVAL);
	ctl_result_free(&res);
	ASSERT_EQ(ioctl_request(&d, NUM(id ^ 1), NUM(DEVTEST_IOC_SETBIT), "4", &res), ENODEV);
	ASSERT(strstr(res.why, "no node of DIR/dev open with that id for pid"));
	ctl_result_free(&res);

	/* Another process, even one that holds the file, did not ask: refused. */
	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0)
		_exit(ioctl_request(&d, NUM(id), NUM(DEVTEST_IOC_SETBIT), "4", &res));
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT(WIFEXITED(status));
	ASSERT_EQ(WEXITSTATUS(status), ENODEV);

	/* Closed: FUSE releases the file after close(2) returns, so wait for it. */
	close(fd);
	deadline_in(&deadline, WAIT_SECONDS);
	while (ioctl_request(&d, NUM(id), NUM(DEVTEST_IOC_SETBIT), "4", &res) != ENODEV) {
		ASSERT_EQ(res.error, 0);
		if (ms_left(&deadline) <= 0)
			FAIL("the id still worked %d s after close", WAIT_SECONDS);
		ctl_result_free(&res);
		usleep(2000);
	}
	ctl_result_free(&res);
	ldmd_down(&d);
}
