// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-control.c - ldmd's control socket, through the ldm command as a user
 * types it and through a raw socket as a hostile client writes to it:
 * modules loaded, listed and removed, devices hotplugged, a suspend held
 * and resumed, the log read, a peer that is not root refused, malformed
 * requests answered with an error while ldmd serves on, and a shutdown.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <ldmd/control.h>

#include "ldmd-util.h"

#define LDM_PATH LDM_BUILD_DIR "/tools/ldm/ldm"
#define MODULES	 LDM_BUILD_DIR "/modules"

/* Run `ldm --root ROOT ARGS` with stderr joined to stdout; exit status. */
static int ldm(const struct ldmd *d, char **out, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int ldm(const struct ldmd *d, char **out, const char *fmt, ...)
{
	char args[2048], cmd[4096];
	size_t len = 0, n;
	va_list ap;
	FILE *p;
	int status;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "%s --root %s %s 2>&1", LDM_PATH, d->root, args);
	*out = calloc(1, 1 << 16);
	ASSERT(*out);
	p = popen(cmd, "r");
	ASSERT(p);
	while ((n = fread(*out + len, 1, (1 << 16) - 1 - len, p)) > 0)
		len += n;
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* ldm ARGS must exit @want, and its output must hold @needle (if not NULL). */
#define LDM_EXPECT(d, want, needle, ...) \
	do { \
		const char *__needle = (needle); \
		char *__out; \
		int __st = ldm((d), &__out, __VA_ARGS__); \
		if (__st != (want) || (__needle && !strstr(__out, __needle))) \
			FAIL("ldm %s: exit %d (expected %d), output:\n%s", #__VA_ARGS__, __st, \
			     (want), __out); \
		free(__out); \
	} while (0)

static int count_fds(pid_t pid)
{
	char path[64];
	struct dirent *de;
	int n = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	dir = opendir(path);
	ASSERT(dir);
	while ((de = readdir(dir)))
		n += de->d_name[0] != '.';
	closedir(dir);
	return n;
}

DEFINE_TEST(
	test_control_insmod_lsmod_rmmod,
	.description =
		"ldm insmod/lsmod/rmmod over the control socket: a GPL module loads with its parameter, shows in lsmod and /sys/module; the proprietary core user is refused with the GPL-only message; rmmod removes",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	need_fuse();
	ldmd_up(&d, NULL);
	LDM_EXPECT(&d, 0, "Module ", "lsmod");
	LDM_EXPECT(&d, 0, NULL, "insmod %s count=4", HELLO_KO);
	ASSERT_STREQ(cat(SYS(&d, "module/hello/parameters/count")), "4\n");
	ASSERT_EQ(ldm(&d, &out, "lsmod"), 0);
	ASSERT(strstr(out, "\nhello "));
	free(out);
	LDM_EXPECT(&d, 0, "{\"name\":\"hello\",\"size\":", "lsmod --json");
	ASSERT_EQ(ldm(&d, &out, "lsmod --json"), 0);
	ASSERT(ldm_test_json_valid(out));
	free(out);
	/* Loaded twice: refused. */
	LDM_EXPECT(&d, 1, "could not insert", "insmod %s", HELLO_KO);

	ASSERT_EQ(ldm(&d, &out, "insmod %s/prop_core.ko", MODULES), 1);
	if (!strstr(out, "is GPL-only") || !strstr(out, "not GPL-compatible") ||
	    !strstr(out, "ERROR: could not insert"))
		FAIL("the refusal of prop_core says:\n%s", out);
	free(out);
	ASSERT(access(SYS(&d, "module/prop_core"), F_OK) && errno == ENOENT);

	LDM_EXPECT(&d, 1, "is not currently loaded", "rmmod prop_core");
	LDM_EXPECT(&d, 0, NULL, "rmmod %s", HELLO_KO); /* a file names its module */
	ASSERT(access(SYS(&d, "module/hello"), F_OK) && errno == ENOENT);
	LDM_EXPECT(&d, 1, "No such file", "insmod /nonexistent/x.ko");
	ldmd_down(&d);
}

DEFINE_TEST(
	test_control_module_in_use_and_forced_removal,
	.description =
		"rmmod of a module another uses says it is in use, even with -f (as Linux); -f of an unused one removes it, says so and taints F",
	.no_runtime = true)
{
	struct ldmd d;

	need_fuse();
	ldmd_up(&d, NULL);
	LDM_EXPECT(&d, 0, NULL, "insmod %s/gpl_lib.ko", MODULES);
	LDM_EXPECT(&d, 0, NULL, "insmod %s/gpl_user.ko", MODULES);
	LDM_EXPECT(&d, 0, "gpl_lib", "lsmod");
	LDM_EXPECT(&d, 1, "Module gpl_lib is in use", "rmmod gpl_lib");
	LDM_EXPECT(&d, 0, NULL, "rmmod gpl_user");
	LDM_EXPECT(&d, 0, NULL, "insmod %s/gpl_user.ko", MODULES);
	/* As in Linux, force does not take a module from under its users. */
	LDM_EXPECT(&d, 1, "Module gpl_lib is in use", "rmmod -f gpl_lib");
	LDM_EXPECT(&d, 0, NULL, "rmmod gpl_user");
	ASSERT_STREQ(cat(SYS(&d, "kernel/tainted")), "0\n");
	LDM_EXPECT(&d, 0, "gpl_lib: forced unload", "rmmod -f gpl_lib");
	ASSERT_STREQ(cat(SYS(&d, "kernel/tainted")), "2\n");
	ldmd_down(&d);
}

DEFINE_TEST(
	test_control_device_add_remove_and_tree,
	.description =
		"ldm device add hotplugs a platform device with resources (seen in the mount and ldm tree, bound by a driver of its name); an overlapping range is refused with EBUSY; remove takes it away; only added devices may be removed",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	need_fuse();
	ldmd_up(&d, NULL);
	LDM_EXPECT(&d, 0, "widget3\n", "device add widget --id 3 --mem 0x10000000+0x1000 --irq 7");
	ASSERT_EQ(access(SYS(&d, "devices/platform/widget3"), F_OK), 0);
	ASSERT_EQ(access(SYS(&d, "bus/platform/devices/widget3"), F_OK), 0);
	LDM_EXPECT(&d, 1, "Device or resource busy",
		   "device add widget --id 4 --mem 0x10000800-0x10000fff");
	ASSERT(access(SYS(&d, "devices/platform/widget4"), F_OK) && errno == ENOENT);
	LDM_EXPECT(&d, 0, "lonely\n", "device add lonely");

	LDM_EXPECT(&d, 0, NULL, "insmod %s/gpl_platform_drv.ko", MODULES);
	ASSERT_EQ(ldm(&d, &out, "tree"), 0);
	if (!strstr(out, "└── platform\n") || !strstr(out, "widget3  [platform]\n") ||
	    !strstr(out, "gpl_platform_drv0  [platform] driver: gpl_platform_drv\n"))
		FAIL("ldm tree printed:\n%s", out);
	free(out);
	LDM_EXPECT(
		&d, 0,
		"{\"name\":\"widget3\",\"path\":\"/devices/platform/widget3\",\"bus\":\"platform\",\"driver\":null,\"children\":[]}",
		"tree --json");
	ASSERT_EQ(ldm(&d, &out, "tree --json"), 0);
	if (!ldm_test_json_valid(out))
		FAIL("tree --json is not JSON: %s", out);
	free(out);

	LDM_EXPECT(&d, 0, NULL, "device remove widget3");
	ASSERT(access(SYS(&d, "devices/platform/widget3"), F_OK) && errno == ENOENT);
	LDM_EXPECT(&d, 1, "no device 'widget3' was added", "device remove widget3");
	LDM_EXPECT(&d, 1, "no device 'gpl_platform_drv0' was added",
		   "device remove gpl_platform_drv0");
	LDM_EXPECT(&d, 1, "is not a resource", "device add bad --mem 0x2000-0x1000");
	LDM_EXPECT(&d, 1, "is not a device id", "device add bad --id x");
	/* lonely stays: ldmd removes it as it stops. */
	ldmd_down(&d);
}

DEFINE_TEST(
	test_control_suspend_holds_until_resume,
	.description =
		"ldm suspend leaves the devices suspended (power/state reads 3, /sys/power/state writes get EBUSY, a second suspend fails) until ldm resume",
	.no_runtime = true)
{
	const char *const args[] = { MODULES "/gpl_platform_drv.ko", NULL };
	struct ldmd d;
	char *out;

	need_fuse();
	ldmd_up(&d, args);
	LDM_EXPECT(&d, 1, "is not a state", "suspend sideways");
	LDM_EXPECT(&d, 1, "not suspended", "resume");
	LDM_EXPECT(&d, 0, NULL, "suspend");
	ASSERT_EQ(ldm(&d, &out, "dmesg"), 0);
	if (!strstr(out, "gpl_platform_drv0: suspended (state 3)\n") || strstr(out, "resumed"))
		FAIL("after ldm suspend, the log is:\n%s", out);
	free(out);
	ASSERT_EQ(echo(SYS(&d, "power/state"), "mem\n", 4), -EBUSY);
	LDM_EXPECT(&d, 1, "already suspended", "suspend");
	LDM_EXPECT(&d, 0, NULL, "resume");
	LDM_EXPECT(&d, 0, "gpl_platform_drv0: resumed\n", "dmesg");
	ASSERT_EQ(echo(SYS(&d, "power/state"), "mem\n", 4), 4);
	/* Stopping while suspended resumes first. */
	LDM_EXPECT(&d, 0, NULL, "suspend standby");
	ldmd_down(&d);
}

DEFINE_TEST(
	test_control_dmesg_shows_the_log,
	.description =
		"ldm dmesg prints what modules printed, with the time since boot; --level filters; --json gives records",
	.no_runtime = true)
{
	const char *const args[] = { HELLO_KO, NULL };
	struct ldmd d;
	char *out;

	need_fuse();
	ldmd_up(&d, args);
	ASSERT_EQ(ldm(&d, &out, "dmesg"), 0);
	if (!strstr(out, "] hello, world\n") || out[0] != '[')
		FAIL("ldm dmesg printed:\n%s", out);
	free(out);
	LDM_EXPECT(&d, 0, "\"text\":\"hello, world\"", "dmesg --json");
	ASSERT_EQ(ldm(&d, &out, "dmesg --json"), 0);
	ASSERT(ldm_test_json_valid(out));
	free(out);
	ASSERT_EQ(ldm(&d, &out, "dmesg --level 3"), 0);
	ASSERT(!strstr(out, "hello, world"));
	free(out);
	LDM_EXPECT(&d, 2, "not a level", "dmesg --level 9");
	/* ldmd's console is its stderr, with the same time prefix. */
	out = read_file(d.log);
	ASSERT(strstr(out, "] hello, world\n"));
	free(out);
	ldmd_down(&d);
}

/* In a child switched to nobody: reads are allowed, changes refused. */
static void nobody_tries(const struct ldmd *d)
{
	char *out;

	ASSERT_OK(setgroups(0, NULL));
	ASSERT_OK(setgid(NOBODY));
	ASSERT_OK(setuid(NOBODY));
	LDM_EXPECT(d, 0, "Module", "lsmod");
	LDM_EXPECT(d, 0, "platform", "tree");
	ASSERT_EQ(ldm(d, &out, "insmod %s", HELLO_KO), 1);
	if (!strstr(out, "insmod needs root or the user ldmd runs as"))
		FAIL("nobody's insmod said:\n%s", out);
	free(out);
	LDM_EXPECT(d, 1, "needs root", "rmmod hello");
	LDM_EXPECT(d, 1, "needs root", "device add x");
	LDM_EXPECT(d, 1, "needs root", "suspend");
	LDM_EXPECT(d, 1, "needs root", "shutdown");
}

DEFINE_TEST(
	test_control_refuses_changes_from_other_users,
	.description =
		"a peer that is neither root nor ldmd's user may list but not insmod, rmmod, add devices, suspend or shut down: EPERM, and an audit line in ldmd's log",
	.no_runtime = true)
{
	struct ldmd d;
	pid_t pid;
	int status;
	char *log;

	need_fuse();
	ldmd_up(&d, NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		nobody_tries(&d);
		_exit(0);
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the checks as nobody failed (status %#x)", status);
	log = read_file(d.log);
	ASSERT(strstr(log, "ldmd: audit: refused 'insmod' to uid 65534"));
	free(log);
	ASSERT(access(SYS(&d, "module/hello"), F_OK) && errno == ENOENT);
	ldmd_down(&d);
}

/* Send @len bytes with three copies of @pass_fd (unless -1): ldmd keeps one. */
static int raw_request(int fd, const void *req, size_t len, int pass_fd, char *why, size_t size)
{
	int fds[3] = { pass_fd, pass_fd, pass_fd };

	return ldmd_control_request(fd, req, len, fds, pass_fd >= 0 ? 3 : 0, why, size);
}

#define RAW(fd, lit, pass, err, needle) \
	do { \
		char __why[1024]; \
		int __e = raw_request((fd), (lit), sizeof(lit) - 1, (pass), __why, sizeof(__why)); \
		if (__e != (err) || !strstr(__why, (needle))) \
			FAIL("request %s: errno %d '%s', expected %d '%s'", #lit, __e, __why, \
			     (err), (needle)); \
	} while (0)

DEFINE_TEST(
	test_control_answers_malformed_requests_and_serves_on,
	.description =
		"empty, unterminated, nameless, unknown, oversized, over-long and wrongly argued requests, a module that is a directory or garbage, extra passed descriptors: each gets an error reply naming the cause; ldmd leaks no descriptor and serves on",
	.no_runtime = true, .concurrency = true)
{
	static char big[70000];
	char why[1024];
	struct ldmd d;
	int fd, dir, junk, fds_before, i;

	need_fuse();
	ldmd_up(&d, NULL);
	fd = ldmd_control_connect(&d);
	RAW(fd, "lsmod\0", -1, 0, "");
	fds_before = count_fds(d.pid);

	RAW(fd, "lsmod", -1, EINVAL, "NUL-terminated");
	RAW(fd, "", -1, EINVAL, "NUL-terminated"); /* an empty message is not end of file */
	RAW(fd, "\0", -1, EINVAL, "no name");
	RAW(fd, "frobnicate\0", -1, EINVAL, "unknown request 'frobnicate'");
	RAW(fd, "lsmod\0extra\0", -1, EINVAL, "lsmod takes 0 to 0 arguments, not 1");
	RAW(fd, "rmmod\0", -1, EINVAL, "rmmod takes 1 to 2 arguments");
	RAW(fd, "rmmod\0hello\0gently\0", -1, EINVAL, "optionally, 'force'");
	RAW(fd, "insmod\0\0", -1, EBADF, "a passed file descriptor or a path");
	RAW(fd, "dmesg\0x1\0", -1, EINVAL, "not a sequence number");
	RAW(fd, "device-add\0w\0-2\0", -1, EINVAL, "not a device id");
	RAW(fd,
	    "device-add\0w\0"
	    "1\0mem=1\0",
	    -1, EINVAL, "is not a resource");
	RAW(fd,
	    "device-add\0w\0"
	    "1\0irq=\0",
	    -1, EINVAL, "is not a resource");
	RAW(fd,
	    "device-add\0w\0"
	    "1\0mem=0x10+0\0",
	    -1, EINVAL, "is not a resource");
	RAW(fd,
	    "device-add\0w\0"
	    "1\0mem=0x10+0xffffffffffffffff\0",
	    -1, EINVAL, "is not a resource");
	RAW(fd,
	    "device-add\0w\0"
	    "1\0gpio=3\0",
	    -1, EINVAL, "is not a resource");

	memset(big, 'a', sizeof(big));
	for (i = 1; i < 100; i++)
		big[i * 2] = '\0';
	ASSERT_EQ(raw_request(fd, big, 199, -1, why, sizeof(why)), E2BIG);
	ASSERT(strstr(why, "too many fields"));
	big[sizeof(big) - 1] = '\0';
	ASSERT_EQ(raw_request(fd, big, sizeof(big), -1, why, sizeof(why)), EMSGSIZE);
	ASSERT(strstr(why, "larger than 64 KiB"));

	dir = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ASSERT(dir >= 0);
	RAW(fd, "insmod\0\0", dir, EINVAL, "not a regular file");
	close(dir);
	snprintf(why, sizeof(why), "%s/junk.ko", d.root);
	junk = open(why, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	ASSERT(junk >= 0);
	unlink(why);
	memset(big, 'x', 4096);
	ASSERT_EQ(write(junk, big, 4096), 4096);  /* 4 KiB of text, not ELF */
	RAW(fd, "insmod\0\0", junk, ENOEXEC, ""); /* the log says why */
	close(junk);
	RAW(fd, "insmod\0\0/nonexistent/x.ko\0", -1, ENOENT, "/nonexistent/x.ko");

	/* Still serving, and every passed descriptor closed again. */
	RAW(fd, "version\0", -1, 0, "");
	ASSERT_EQ(count_fds(d.pid), fds_before);
	close(fd);
	LDM_EXPECT(&d, 0, "Module", "lsmod");
	ldmd_down(&d);
}

/*
 * Whether ldmd took (0) or refused (-errno, its reason in @why) the client
 * @fd, which has sent nothing yet: a client taken answers "version"; a
 * refused one has its refusal to read first (the request may reach it
 * closed). Each read waits as long as it must: no sleep stands for ldmd's
 * having looked at the connection.
 */
static int taken_or_refused(int fd, char *why, size_t size)
{
	char buf[512];
	ssize_t n;

	send(fd, "version", 8, MSG_NOSIGNAL);
	for (;;) {
		n = recv(fd, buf, sizeof(buf) - 1, 0);
		ASSERT(n > 0);
		buf[n] = '\0';
		if (buf[0] != CONTROL_REPLY_END)
			continue; /* the version itself */
		if (!atoi(buf + 1))
			return 0;
		snprintf(why, size, "%s", buf + 2 + strlen(buf + 1));
		return -atoi(buf + 1);
	}
}

DEFINE_TEST(
	test_control_caps_clients_and_drops_silent_ones_on_stop,
	.description =
		"40 idle clients: the ones over the cap of 32 get an EAGAIN reply, and ldm then says ldmd's 'too many clients'; a client that sends nothing does not stop another from being served; ldmd stops promptly with idle clients connected",
	.no_runtime = true, .concurrency = true)
{
	char buf[256];
	int fds[40], refused = 0, i, fd;
	struct ldmd d;

	need_fuse();
	ldmd_up(&d, NULL);
	for (i = 0; i < 40; i++)
		fds[i] = ldmd_control_connect(&d);
	for (i = 0; i < 40; i++) {
		if (!taken_or_refused(fds[i], buf, sizeof(buf)))
			continue;
		ASSERT(strstr(buf, "too many clients"));
		close(fds[i]);
		fds[i] = -1;
		refused++;
	}
	ASSERT_EQ(refused, 8);
	/* All taken: ldm says what ldmd said, not that the pipe broke. */
	LDM_EXPECT(&d, 1, "ldm lsmod: too many clients of the control socket", "lsmod");
	/*
	 * Free a slot: the next client is served though 32 sit idle. ldmd
	 * frees it once it reads the end of the closed one: until then the
	 * new one is refused, and tries again.
	 */
	for (i = 0; fds[i] < 0; i++)
		;
	close(fds[i]);
	fds[i] = -1;
	for (;;) {
		fd = ldmd_control_connect(&d);
		if (!taken_or_refused(fd, buf, sizeof(buf)))
			break;
		ASSERT(strstr(buf, "too many clients"));
		close(fd);
	}
	RAW(fd, "version\0", -1, 0, "");
	close(fd);
	ldmd_stop(&d, SIGTERM);
	for (i = 0; i < 40; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	ASSERT(access(d.root, F_OK) == 0);
	ASSERT(access(SYS(&d, "../control"), F_OK) && errno == ENOENT);
	remove_root(&d);
}

/* Wait for ldmd to exit; its exit status. */
static int wait_ldmd_exit(struct ldmd *d, const char *after)
{
	struct timespec deadline;
	int status;

	deadline_in(&deadline, WAIT_SECONDS);
	while (waitpid(d->pid, &status, WNOHANG) != d->pid) {
		if (ms_left(&deadline) <= 0)
			FAIL("ldmd did not stop after %s; its log:\n%s", after, read_file(d->log));
		usleep(20 * 1000);
	}
	return status;
}

/* ldmd's log says what stopped it, and never "Terminated" for a request. */
static void assert_stopped_by(const struct ldmd *d, const char *why)
{
	char *log = read_file(d->log);

	if (!strstr(log, why) || strstr(log, "Terminated: stopping"))
		FAIL("the log does not say \"%s\" stopped ldmd:\n%s", why, log);
	free(log);
}

DEFINE_TEST(
	test_control_shutdown_and_no_ldmd,
	.description =
		"ldm shutdown stops ldmd as SIGTERM does (exit 0, nothing mounted, socket gone); then every verb that needs ldmd says there is none and exits 1; a socket left by a killed ldmd is replaced at the next start",
	.no_runtime = true)
{
	struct ldmd d;
	int status;

	need_fuse();
	ldmd_up(&d, NULL);
	LDM_EXPECT(&d, 0, NULL, "shutdown");
	status = wait_ldmd_exit(&d, "'ldm shutdown'");
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(mounts_at(d.sys), 0);
	assert_stopped_by(&d, "ldmd: ldm shutdown by uid 0 (pid ");
	close(d.out);
	LDM_EXPECT(&d, 1, "no ldmd at", "lsmod");
	LDM_EXPECT(&d, 1, "no ldmd at", "dmesg");
	LDM_EXPECT(&d, 1, "no ldmd at", "insmod %s", HELLO_KO);

	/* Killed: the socket file stays, and the next ldmd takes its place. */
	d.pid = spawn_ldmd(&d, true, NULL);
	wait_ready(&d);
	ASSERT_OK(kill(d.pid, SIGKILL));
	waitpid(d.pid, &status, 0);
	close(d.out);
	d.pid = spawn_ldmd(&d, true, NULL);
	wait_ready(&d);
	LDM_EXPECT(&d, 0, "Module", "lsmod");
	ldmd_down(&d);
}

DEFINE_TEST(
	test_control_rmmod_refused_while_its_device_node_is_open,
	.description =
		"a module whose misc device node is open in DIR/dev is in use: ldm rmmod refuses it (as rmmod does while /dev/x is open) until the node is closed",
	.no_runtime = true)
{
	const char *const args[] = { MODULES "/prop_misc.ko", NULL };
	char node[600];
	struct ldmd d;
	int fd;

	need_fuse();
	ldmd_up(&d, args);
	snprintf(node, sizeof(node), "%s/dev/prop_misc", d.root);
	fd = open(node, O_RDWR | O_CLOEXEC);
	ASSERT(fd >= 0);
	LDM_EXPECT(&d, 0, "prop_misc              12288  1", "lsmod");
	LDM_EXPECT(&d, 1, "Module prop_misc is in use", "rmmod prop_misc");
	close(fd);
	/* The RELEASE reaches ldmd after close(2) returns: try until it has (the alarm bounds it). */
	for (;;) {
		char *out;
		int st = ldm(&d, &out, "rmmod prop_misc");

		free(out);
		if (!st)
			break;
		usleep(50 * 1000);
	}
	ASSERT(access(SYS(&d, "module/prop_misc"), F_OK) && errno == ENOENT);
	ldmd_down(&d);
}

/* Connect @n clients to DIR/@sock as @uid into @fds; how many ldmd refused with @needle. */
static int hold_as(const struct ldmd *d, const char *sock, uid_t uid, int *fds, int n,
		   const char *needle)
{
	char why[512];
	int refused = 0, i;

	for (i = 0; i < n; i++)
		fds[i] = ldmd_socket_connect_as(d, sock, uid);
	for (i = 0; i < n; i++) {
		if (!taken_or_refused(fds[i], why, sizeof(why)))
			continue;
		if (!strstr(why, needle))
			FAIL("uid %u's client %d was refused with '%s', expected '%s'",
			     (unsigned int)uid, i, why, needle);
		refused++;
	}
	return refused;
}

/* In a child switched to @uid: ldm lsmod is refused, saying so. */
static void locked_out_ldm(const struct ldmd *d, uid_t uid)
{
	pid_t pid = fork();
	int status;

	ASSERT(pid >= 0);
	if (pid == 0) {
		ASSERT_OK(setgroups(0, NULL));
		ASSERT_OK(setgid(uid));
		ASSERT_OK(setuid(uid));
		LDM_EXPECT(d, 1, "too many clients of the control socket", "lsmod");
		_exit(0);
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the check as uid %u failed (status %#x)", (unsigned int)uid, status);
}

DEFINE_TEST(
	test_control_other_users_cannot_lock_root_out,
	.description =
		"users who are not root hold idle connections to DIR/control: each gets at most 8 (the rest refused, ldm saying 'too many clients'), the last 8 of 32 are kept for root, so root's ldm still works; each refusal is audited",
	.no_runtime = true, .concurrency = true)
{
	int fds[4][12], i, j;
	struct ldmd d;
	char *log;

	need_fuse();
	ldmd_up(&d, NULL);
	ASSERT_EQ(hold_as(&d, "control", NOBODY, fds[0], 12, "of uid 65534 (at most 8 a user)"), 4);
	locked_out_ldm(&d, NOBODY);
	ASSERT_EQ(hold_as(&d, "control", NOBODY - 1, fds[1], 8, "-"), 0);
	ASSERT_EQ(hold_as(&d, "control", NOBODY - 2, fds[2], 8, "-"), 0);
	/* 24 taken by users who are not root: the other 8 are root's. */
	ASSERT_EQ(hold_as(&d, "control", NOBODY - 3, fds[3], 1, "kept for root"), 1);
	locked_out_ldm(&d, NOBODY - 3);
	LDM_EXPECT(&d, 0, "Module", "lsmod");
	LDM_EXPECT(&d, 0, NULL, "insmod %s", HELLO_KO);
	log = read_file(d.log);
	ASSERT(strstr(log, "ldmd: audit: refused a client of the control socket to uid 65534"));
	free(log);
	for (i = 0; i < 4; i++)
		for (j = 0; j < (i == 0 ? 12 : i == 3 ? 1 : 8); j++)
			close(fds[i][j]);
	ldmd_down(&d);
}

/* How many times @needle is in @s. */
static unsigned int occurrences(const char *s, const char *needle)
{
	unsigned int n = 0;

	while ((s = strstr(s, needle))) {
		n++;
		s += strlen(needle);
	}
	return n;
}

/* The sum of the N of "ldmd: audit: N lines suppressed" in @log. */
static unsigned long suppressed_in(const char *log)
{
	const char *p = log, *key = "ldmd: audit: ";
	unsigned long sum = 0, n;
	char *end;

	while ((p = strstr(p, key))) {
		p += strlen(key);
		n = strtoul(p, &end, 10);
		if (end != p && !strncmp(end, " lines suppressed", 17))
			sum += n;
	}
	return sum;
}

DEFINE_TEST(
	test_control_audit_lines_are_rate_limited,
	.description =
		"2,000 refused requests from a user who is not root leave at most 10 audit lines per 5 s in the log, and the count of the others (lines suppressed), which adds up to 2,000; the log keeps what came before",
	.no_runtime = true)
{
	static const char req[] = "rmmod\0hello\0";
	const unsigned int tries = 2000;
	unsigned int i, lines;
	struct ldmd d;
	char *out;
	int fd;

	need_fuse();
	ldmd_up(&d, NULL);
	LDM_EXPECT(&d, 0, NULL, "insmod %s", HELLO_KO);
	fd = ldmd_socket_connect_as(&d, "control", NOBODY);
	for (i = 0; i < tries; i++)
		ASSERT_EQ(ldmd_control_request(fd, req, sizeof(req) - 1, NULL, 0, NULL, 0), EPERM);
	close(fd);
	/* The log buffer still has what hello printed as it loaded. */
	LDM_EXPECT(&d, 0, "hello, world", "dmesg");
	ASSERT_EQ(ldm(&d, &out, "dmesg"), 0);
	lines = occurrences(out, "ldmd: audit: refused 'rmmod' to uid 65534");
	free(out);
	ldm_test_log("%u audit lines while ldmd serves", lines);
	ASSERT(lines >= 10 && lines < 100);
	ldmd_stop(&d, SIGTERM);
	/* At stop the count still owed is logged too. */
	out = read_file(d.log);
	lines = occurrences(out, "ldmd: audit: refused 'rmmod' to uid 65534");
	if (lines + suppressed_in(out) != tries)
		FAIL("%u audit lines and %lu suppressed, expected %u in all; the log:\n%s", lines,
		     suppressed_in(out), tries, out);
	free(out);
	remove_root(&d);
}

/* Start ldmd on @d's root, as it is; its exit status within WAIT_SECONDS (-1: still runs). */
static int ldmd_start_status(struct ldmd *d)
{
	struct timespec deadline;
	int status = 0;
	pid_t r = 0;

	d->pid = spawn_ldmd(d, true, NULL);
	deadline_in(&deadline, WAIT_SECONDS);
	while (ms_left(&deadline) > 0 && (r = waitpid(d->pid, &status, WNOHANG)) == 0)
		usleep(10000);
	close(d->out);
	if (r != d->pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

DEFINE_TEST(
	test_ldmd_refuses_a_root_others_may_write,
	.description =
		"a --root that a user other than root may write to (mode 0777, or owned by nobody even if sticky) is refused, exit 1, saying why: such a user could swap the sockets for links; a sticky root of ldmd's user is taken, and the sockets are 0666 whatever ldmd's umask",
	.no_runtime = true)
{
	struct stat st;
	struct ldmd d;
	char *log;

	need_fuse();
	make_root(&d);
	ASSERT_OK(chmod(d.root, 0777));
	ASSERT_EQ(ldmd_start_status(&d), 1);
	log = read_file(d.log);
	if (!strstr(log, "users other than ldmd's may write to it (mode 0777, owner uid 0)"))
		FAIL("ldmd's log says:\n%s", log);
	free(log);
	ASSERT(access(SYS(&d, "../control"), F_OK) && errno == ENOENT);

	ASSERT_OK(chmod(d.root, 01777));
	ASSERT_OK(chown(d.root, NOBODY, NOBODY));
	ASSERT_EQ(ldmd_start_status(&d), 1);
	ASSERT_OK(chown(d.root, 0, 0));

	/* Sticky and ldmd's: served; the sockets made 0666 under a umask of 077. */
	umask(077);
	d.pid = spawn_ldmd(&d, true, NULL);
	wait_ready(&d);
	umask(022);
	ASSERT_OK(lstat(SYS(&d, "../control"), &st));
	ASSERT(S_ISSOCK(st.st_mode) && (st.st_mode & 0777) == 0666);
	ASSERT_OK(lstat(SYS(&d, "../uevent"), &st));
	ASSERT(S_ISSOCK(st.st_mode) && (st.st_mode & 0777) == 0666);
	ldmd_stop(&d, SIGTERM);
	ASSERT_OK(chmod(d.root, 0755));
	remove_root(&d);
}

DEFINE_TEST(
	test_control_insmod_of_a_fifo_does_not_block,
	.description =
		"insmod of a FIFO, by path through ldmd and through ldm, is refused at once ('not a regular file'), and ldm shutdown still stops ldmd",
	.no_runtime = true, .timeout = 60)
{
	struct timeval bound = { .tv_sec = WAIT_SECONDS };
	char path[400], req[512];
	struct ldmd d;
	int fd, len, status;

	need_fuse();
	ldmd_up(&d, NULL);
	snprintf(path, sizeof(path), "%s/fifo.ko", d.root);
	ASSERT_OK(mkfifo(path, 0644));
	fd = ldmd_control_connect(&d);
	/* A blocked ldmd fails this test, not hangs it. */
	ASSERT_OK(setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &bound, sizeof(bound)));
	len = snprintf(req, sizeof(req), "insmod%c%c%s%c", 0, 0, path, 0);
	ASSERT_EQ(raw_request(fd, req, (size_t)len, -1, req, sizeof(req)), EINVAL);
	ASSERT(strstr(req, "not a regular file"));
	close(fd);
	LDM_EXPECT(&d, 1, "not a regular file", "insmod %s", path);
	LDM_EXPECT(&d, 0, NULL, "shutdown");
	status = wait_ldmd_exit(&d, "'ldm shutdown'");
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	close(d.out);
	unlink(path);
	remove_root(&d);
}

DEFINE_TEST(
	test_control_reboot_calls_the_reboot_notifiers,
	.description =
		"ldm reboot calls the drivers' reboot notifiers with SYS_RESTART, then stops ldmd as a shutdown does (exit 0, nothing mounted); ldm shutdown calls them with SYS_POWER_OFF",
	.no_runtime = true)
{
	const char *const args[] = { LDM_BUILD_DIR "/tests/modules/k269_wdog.ko", NULL };
	struct ldmd d;
	char *log;
	int status;

	need_fuse();
	ldmd_up(&d, args);
	LDM_EXPECT(&d, 0, NULL, "reboot");
	status = wait_ldmd_exit(&d, "'ldm reboot'");
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(mounts_at(d.sys), 0);
	log = read_file(d.log);
	ASSERT(strstr(log, "k269_wdog: stopping the timer for the system's stop (1)"));
	free(log);
	assert_stopped_by(&d, "ldmd: ldm reboot by uid 0 (pid ");
	close(d.out);

	d.pid = spawn_ldmd(&d, true, args);
	wait_ready(&d);
	LDM_EXPECT(&d, 0, NULL, "shutdown");
	status = wait_ldmd_exit(&d, "'ldm shutdown'");
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	log = read_file(d.log);
	ASSERT(strstr(log, "k269_wdog: stopping the timer for the system's stop (3)"));
	free(log);
	close(d.out);
	remove_root(&d);
}

DEFINE_TEST(
	test_control_device_names_refused_with_their_errors,
	.description =
		"ldm device add of a name with '/', a space, a newline or a control character is refused (EINVAL, saying what a name may hold), one too long for a bus_id with its id is refused (ENAMETOOLONG), never cut; nothing is added, and ldm tree lists every device there is",
	.no_runtime = true)
{
	static const char *const bad[] = { "\"$(printf 'a\\nb')\"", "'a b'",
					   "\"$(printf 'a\\001b')\"", "a/b" };
	struct ldmd d;
	char *out;
	size_t i;

	need_fuse();
	ldmd_up(&d, NULL);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		LDM_EXPECT(&d, 1, "is not a device name: no '/', space or control character",
			   "device add %s", bad[i]);
	LDM_EXPECT(&d, 1, "with its id does not fit a bus_id",
		   "device add abcdefghijklmnopqrstuvwxyz0123456789abcd --id 1");
	LDM_EXPECT(&d, 1, "with its id does not fit a bus_id", "device add abcdefghijklmnopqrst");
	ASSERT_EQ(count_entries(SYS(&d, "devices/platform")), 4); /* ., .., power, uevent */
	LDM_EXPECT(&d, 0, "abcdefghijklmnopqrs\n", "device add abcdefghijklmnopqrs");
	ASSERT_EQ(ldm(&d, &out, "tree"), 0);
	if (!strstr(out, "abcdefghijklmnopqrs  [platform]\n"))
		FAIL("ldm tree printed:\n%s", out);
	free(out);
	ldmd_down(&d);
}

struct racer {
	const struct ldmd *d;
	bool add;
	int done; /* requests that succeeded */
};

/* device-add racer 7, or device-remove racer7, for 3 s on a connection of its own. */
static void *device_racer(void *arg)
{
	static const char add[] = "device-add\0racer\0"
				  "7\0mem=0x7000+0x1000\0";
	static const char rm[] = "device-remove\0racer7\0";
	struct racer *r = arg;
	int fd = ldmd_control_connect(r->d), err;
	struct timespec deadline;

	deadline_in(&deadline, 3);
	while (ms_left(&deadline) > 0) {
		if (r->add)
			err = ldmd_control_request(fd, add, sizeof(add) - 1, NULL, 0, NULL, 0);
		else
			err = ldmd_control_request(fd, rm, sizeof(rm) - 1, NULL, 0, NULL, 0);
		if (!err)
			r->done++;
		else if (err != (r->add ? EEXIST : ENODEV) && err != EBUSY)
			FAIL("device-%s: %s", r->add ? "add" : "remove", strerror(err));
	}
	close(fd);
	return NULL;
}

DEFINE_TEST(
	test_control_device_add_races_remove_of_one_name,
	.description =
		"two clients add and remove one device name at once for 3 s: every reply comes (an add's bus_id is never read from a freed device), adds and removes balance, ldmd serves on",
	.no_runtime = true, .concurrency = true, .timeout = 180)
{
	struct racer adder, remover;
	pthread_t a, r;
	struct ldmd d;
	char *out;
	int left;

	need_fuse();
	ldmd_up(&d, NULL);
	adder = (struct racer){ .d = &d, .add = true };
	remover = (struct racer){ .d = &d, .add = false };
	ASSERT_OK(pthread_create(&a, NULL, device_racer, &adder));
	ASSERT_OK(pthread_create(&r, NULL, device_racer, &remover));
	ASSERT_OK(pthread_join(a, NULL));
	ASSERT_OK(pthread_join(r, NULL));
	left = ldm(&d, &out, "device remove racer7") == 0;
	free(out);
	ldm_test_log("%d adds, %d removes", adder.done, remover.done + left);
	ASSERT(adder.done > 0);
	ASSERT_EQ(adder.done, remover.done + left);
	LDM_EXPECT(&d, 0, "Module", "lsmod");
	ldmd_down(&d);
}

DEFINE_TEST(
	test_control_machine_restart_stops_ldmd,
	.description =
		"a watchdog closed without its magic 'V' through DIR/dev fires, and its machine_restart() stops ldmd as a shutdown does",
	.no_runtime = true)
{
	const char *const args[] = { LDM_BUILD_DIR "/tests/modules/k269_wdog.ko=soft_margin=1",
				     NULL };
	char path[512], *log;
	struct ldmd d;
	int status, fd;

	need_fuse();
	ldmd_up(&d, args);
	snprintf(path, sizeof(path), "%s/watchdog", d.dev);
	fd = open(path, O_WRONLY);
	ASSERT(fd >= 0);
	close(fd);
	status = wait_ldmd_exit(&d, "the watchdog fired");
	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(mounts_at(d.sys), 0);
	log = read_file(d.log);
	ASSERT(strstr(log, "ldm: machine restart requested by a driver"));
	free(log);
	assert_stopped_by(&d, "ldmd: machine_restart() by a driver: stopping\n");
	close(d.out);
	remove_root(&d);
}
