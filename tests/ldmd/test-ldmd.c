// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-ldmd.c - ldmd as a user runs it: started under a temporary root with
 * a module or two, its sysfs mount used with real system calls (readdir,
 * stat, open, read, write, readlink, mkdir...) as root and as nobody, then
 * stopped with SIGTERM or SIGINT, or killed and started again.
 *
 * They need a usable /dev/fuse, fusermount3 (package fuse3) and root, as
 * they have in CI; elsewhere they skip and say why. Every wait is bounded,
 * and ldmd gets SIGTERM if the test dies first (PR_SET_PDEATHSIG).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mount.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>

#include "ldmd-util.h"

DEFINE_TEST(test_ldmd_help_is_golden,
	    .description = "ldmd --help prints its golden text and exits 0; a bad option exits 2",
	    .no_runtime = true)
{
	char cmd[512], want_path[512], *want, out[4096];
	size_t len;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s --help", LDMD_PATH);
	p = popen(cmd, "r");
	ASSERT(p);
	len = fread(out, 1, sizeof(out) - 1, p);
	out[len] = '\0';
	ASSERT_EQ(pclose(p), 0);
	snprintf(want_path, sizeof(want_path), "%s/tests/golden/ldmd-help.out", ldm_test_srcdir());
	want = read_file(want_path);
	if (strcmp(out, want))
		FAIL("ldmd --help differs from tests/golden/ldmd-help.out:\n%s", out);
	free(want);
	snprintf(cmd, sizeof(cmd), "%s --no-such-option 2>/dev/null", LDMD_PATH);
	ASSERT_EQ(WEXITSTATUS(system(cmd)), 2);
}

DEFINE_TEST(
	test_ldmd_lists_and_stats_the_tree,
	.description =
		"readdir of sys/ lists the tree with . and ..; stat gives /sys's modes, owners and sizes",
	.no_runtime = true)
{
	static const char *const top[] = { ".",	  "..",	   "kernel", "module",	"devices",
					   "bus", "class", "power",  "firmware" };
	unsigned char type;
	struct ldmd d;
	size_t i;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, NULL });
	for (i = 0; i < sizeof(top) / sizeof(top[0]); i++)
		if (!listed(d.sys, top[i], &type) || type != DT_DIR)
			FAIL("sys/ does not list the directory %s", top[i]);
	ASSERT(listed(SYS(&d, "kernel"), "uevent_seqnum", &type));
	ASSERT_EQ(type, DT_REG);
	ASSERT_EQ(count_entries(SYS(&d, "module/hello/parameters")), 4);
	ASSERT(listed(SYS(&d, "module/hello/parameters"), "count", NULL));
	ASSERT(listed(SYS(&d, "module/hello/parameters"), "whom", NULL));

	assert_mode(d.sys, S_IFDIR | 0755, -1);
	assert_mode(SYS(&d, "kernel"), S_IFDIR | 0755, -1);
	assert_mode(SYS(&d, "kernel/uevent_seqnum"), S_IFREG | 0444, 4096);
	assert_mode(SYS(&d, "module/hello/parameters/count"), S_IFREG | 0644, 4096);
	assert_mode(SYS(&d, "module/hello/parameters/whom"), S_IFREG | 0444, 4096);
	ASSERT_ERRNO(access(SYS(&d, "no-such-file"), F_OK), ENOENT);
	ASSERT_ERRNO(access(SYS(&d, "kernel/uevent_seqnum/x"), F_OK), ENOTDIR);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_reads_come_from_show,
	.description =
		"every read at offset 0 calls show(), on the same open file too (never the page cache); later offsets read the page it filled",
	.no_runtime = true)
{
	const char *seq;
	char buf[64];
	struct ldmd d;
	int fd, i;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, LDMD_TEST_MODULE, NULL });
	seq = cat(SYS(&d, "kernel/uevent_seqnum"));
	ASSERT(seq);
	ASSERT(strlen(seq) > 1 && seq[strlen(seq) - 1] == '\n');
	ASSERT_EQ(strspn(seq, "0123456789"), strlen(seq) - 1);

	/* ticks counts its show() calls. */
	fd = open(SYS(&d, "devices/platform/ldmdtest/ticks"), O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 0), 2);
	ASSERT(!memcmp(buf, "1\n", 2));
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 0), 2);
	ASSERT(!memcmp(buf, "2\n", 2));
	ASSERT_EQ(pread(fd, buf, 1, 1), 1); /* from the page: no show() */
	ASSERT_EQ(buf[0], '\n');
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 2), 0);
	close(fd);
	ASSERT_STREQ(cat(SYS(&d, "devices/platform/ldmdtest/ticks")), "3\n");

	fd = open(SYS(&d, "module/hello/parameters/count"), O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 0), 2);
	ASSERT(!memcmp(buf, "1\n", 2));
	ASSERT_EQ(echo(SYS(&d, "module/hello/parameters/count"), "42", 2), 2);
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 0), 3);
	ASSERT(!memcmp(buf, "42\n", 3));
	for (i = 0; i < 3; i++) /* byte by byte from the page show() filled */
		ASSERT_EQ(pread(fd, buf + 10 + i, 1, i), 1);
	ASSERT(!memcmp(buf + 10, "42\n", 3));
	close(fd);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_write_is_one_store,
	.description =
		"each write(2) of up to a page is one store() of all its bytes; its value reads back, its error is write's; over a page is E2BIG with no store()",
	.no_runtime = true)
{
	static char big[5000];
	char *count, *stores;
	struct ldmd d;
	int fd;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, LDMD_TEST_MODULE, NULL });
	count = SYS(&d, "module/hello/parameters/count");
	ASSERT_EQ(echo(count, "5", 1), 1);
	ASSERT_STREQ(cat(count), "5\n");
	ASSERT_EQ(echo(count, "7\n", 2), 2);
	ASSERT_STREQ(cat(count), "7\n");
	ASSERT_EQ(echo(count, "seven", 5), -EINVAL);
	memset(big, '1', sizeof(big));
	ASSERT_EQ(echo(count, big, sizeof(big)), -E2BIG);
	ASSERT_STREQ(cat(count), "7\n");
	ASSERT_OK(truncate(count, 0)); /* accepted and ignored, as on sysfs */
	ASSERT_STREQ(cat(count), "7\n");

	/* stores counts its store() calls and the length of the last. */
	stores = SYS(&d, "devices/platform/ldmdtest/stores");
	ASSERT_STREQ(cat(stores), "0 0\n");
	fd = open(stores, O_WRONLY);
	ASSERT(fd >= 0);
	ASSERT_EQ(write(fd, big, 3000), 3000);
	ASSERT_STREQ(cat(stores), "1 3000\n");
	ASSERT_EQ(write(fd, big, 4096), 4096);
	ASSERT_STREQ(cat(stores), "2 4096\n");
	ASSERT_EQ(write(fd, "x", 1), 1);
	ASSERT_STREQ(cat(stores), "3 1\n");
	ASSERT_ERRNO(write(fd, big, 4097), E2BIG);
	ASSERT_STREQ(cat(stores), "3 1\n");
	close(fd);
	ldmd_down(&d);
}

/* In a child switched to nobody: what a user who is not root may do. */
static void as_nobody(const struct ldmd *d)
{
	char *s;
	int fd;

	ASSERT_OK(setgroups(0, NULL));
	ASSERT_OK(setgid(NOBODY));
	ASSERT_OK(setuid(NOBODY));
	s = cat(SYS(d, "module/hello/parameters/count"));
	ASSERT_STREQ(s, "1\n");
	ASSERT_ERRNO(open(SYS(d, "module/hello/parameters/count"), O_WRONLY), EACCES);
	ASSERT_ERRNO(open(SYS(d, "module/hello/parameters/count"), O_RDWR), EACCES);
	ASSERT_ERRNO(open(SYS(d, "devices/platform/ldmdtest/secret"), O_RDONLY), EACCES);
	ASSERT_ERRNO(open(SYS(d, "devices/platform/ldmdtest/blob"), O_WRONLY), EACCES);
	fd = open(SYS(d, "devices/platform/ldmdtest/blob"), O_RDONLY);
	ASSERT(fd >= 0);
	close(fd);
	ASSERT_REFUSED(mkdir(SYS(d, "mine"), 0755));
	_exit(0);
}

DEFINE_TEST(
	test_ldmd_modes_are_enforced,
	.description =
		"0444 files refuse writes even to root; as nobody, a 0644 file reads but refuses writes and a 0600 file refuses reads",
	.no_runtime = true)
{
	struct ldmd d;
	int status;
	pid_t pid;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, LDMD_TEST_MODULE, NULL });
	ASSERT_ERRNO(open(SYS(&d, "module/hello/parameters/whom"), O_WRONLY), EACCES);
	ASSERT_ERRNO(open(SYS(&d, "kernel/uevent_seqnum"), O_RDWR), EACCES);
	ASSERT_STREQ(cat(SYS(&d, "module/hello/parameters/whom")), "world\n");
	ASSERT_STREQ(cat(SYS(&d, "devices/platform/ldmdtest/secret")), "hidden\n");
	assert_mode(SYS(&d, "devices/platform/ldmdtest/secret"), S_IFREG | 0600, 4096);

	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0)
		as_nobody(&d);
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the checks as nobody failed (wait status %#x)", status);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_refuses_to_change_the_tree,
	.description =
		"mkdir, rmdir, unlink, rename, create, mknod, symlink, link, chmod, chown and utimes fail with EPERM or EACCES, and change nothing",
	.no_runtime = true)
{
	int top, kernel;
	struct ldmd d;
	char *seqnum;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, NULL });
	seqnum = SYS(&d, "kernel/uevent_seqnum");
	top = count_entries(d.sys);
	kernel = count_entries(SYS(&d, "kernel"));
	ASSERT_REFUSED(mkdir(SYS(&d, "newdir"), 0755));
	ASSERT_REFUSED(mkdir(SYS(&d, "kernel/newdir"), 0755));
	ASSERT_REFUSED(rmdir(SYS(&d, "power")));
	ASSERT_REFUSED(unlink(seqnum));
	ASSERT_REFUSED(rename(seqnum, SYS(&d, "kernel/renamed")));
	ASSERT_REFUSED(rename(SYS(&d, "power"), SYS(&d, "power2")));
	ASSERT_REFUSED(open(SYS(&d, "kernel/newfile"), O_CREAT | O_WRONLY, 0644));
	ASSERT_REFUSED(mknod(SYS(&d, "kernel/node"), S_IFREG | 0644, 0));
	ASSERT_REFUSED(mknod(SYS(&d, "kernel/fifo"), S_IFIFO | 0644, 0));
	ASSERT_REFUSED(symlink("kernel", SYS(&d, "lnk")));
	ASSERT_REFUSED(link(seqnum, SYS(&d, "kernel/hard")));
	ASSERT_REFUSED(chmod(seqnum, 0666));
	ASSERT_REFUSED(chown(seqnum, 1, 1));
	ASSERT_REFUSED(utimensat(AT_FDCWD, seqnum, NULL, 0));

	ASSERT_EQ(count_entries(d.sys), top);
	ASSERT_EQ(count_entries(SYS(&d, "kernel")), kernel);
	ASSERT(!listed(d.sys, "newdir", NULL) && !listed(d.sys, "lnk", NULL));
	ASSERT(listed(d.sys, "power", NULL));
	assert_mode(seqnum, S_IFREG | 0444, 4096);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_serves_links_and_binary_files,
	.description =
		"sysfs links are symlinks that readlink and resolve in the mount; a binary attribute reads and writes at offsets within its size",
	.no_runtime = true)
{
	char target[256], buf[256];
	struct stat st;
	struct ldmd d;
	ssize_t n;
	int fd, i;

	need_fuse();
	ldmd_up(&d, (const char *[]){ LDMD_TEST_MODULE, NULL });
	n = readlink(SYS(&d, "bus/platform/devices/ldmdtest"), target, sizeof(target) - 1);
	ASSERT(n > 0);
	target[n] = '\0';
	ASSERT_STREQ(target, "../../../devices/platform/ldmdtest");
	n = readlink(SYS(&d, "bus/platform/drivers/ldmdtest/ldmdtest"), target, sizeof(target) - 1);
	ASSERT(n > 0);
	target[n] = '\0';
	ASSERT_STREQ(target, "../../../../devices/platform/ldmdtest");
	assert_mode(SYS(&d, "bus/platform/devices/ldmdtest"), S_IFLNK | 0777,
		    (off_t)strlen("../../../devices/platform/ldmdtest"));
	ASSERT_OK(stat(SYS(&d, "bus/platform/devices/ldmdtest"), &st));
	ASSERT(S_ISDIR(st.st_mode));
	ASSERT_STREQ(cat(SYS(&d, "bus/platform/devices/ldmdtest/fw_size")), "0\n");
	ASSERT_ERRNO(readlink(SYS(&d, "kernel/uevent_seqnum"), target, sizeof(target)), EINVAL);

	assert_mode(SYS(&d, "devices/platform/ldmdtest/blob"), S_IFREG | 0644, 6000);
	fd = open(SYS(&d, "devices/platform/ldmdtest/blob"), O_RDWR);
	ASSERT(fd >= 0);
	ASSERT_EQ(pread(fd, buf, 100, 4090), 100); /* across the page boundary */
	for (i = 0; i < 100; i++)
		ASSERT_EQ((unsigned char)buf[i], (unsigned char)((4090 + i) * 7));
	ASSERT_EQ(pread(fd, buf, 100, 5990), 10); /* clamped to the size */
	ASSERT_EQ(pread(fd, buf, 100, 6000), 0);
	ASSERT_EQ(pwrite(fd, "XYZ", 3, 5000), 3);
	ASSERT_EQ(pread(fd, buf, 5, 4999), 5);
	ASSERT_EQ((unsigned char)buf[0], (unsigned char)(4999 * 7));
	ASSERT(!memcmp(buf + 1, "XYZ", 3));
	ASSERT_EQ((unsigned char)buf[4], (unsigned char)(5003 * 7));
	close(fd);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_serves_firmware_fallback_during_module_init,
	.description =
		"a module whose init waits for firmware is answered through the mount's loading/data files; the removed loading file then gives ENODEV on its open fd",
	.no_runtime = true)
{
	struct pollfd p;
	struct ldmd d;
	int lfd, dfd;
	char buf[16];

	need_fuse();
	make_root(&d);
	setenv("LDM_FIRMWARE_PATH", d.root, 1); /* holds no image */
	d.pid = spawn_ldmd(&d, true,
			   (const char *[]){ LDMD_TEST_MODULE "=firmware=ldmd-test.bin", NULL });
	wait_for_file(&d, SYS(&d, "class/firmware/ldmdtest/loading"));
	p = (struct pollfd){ .fd = d.out, .events = POLLIN };
	ASSERT_EQ(poll(&p, 1, 0), 0); /* not ready: the module's init waits */

	lfd = open(SYS(&d, "class/firmware/ldmdtest/loading"), O_RDWR);
	ASSERT(lfd >= 0);
	ASSERT_EQ(pwrite(lfd, "1", 1, 0), 1);
	dfd = open(SYS(&d, "class/firmware/ldmdtest/data"), O_WRONLY);
	ASSERT(dfd >= 0);
	ASSERT_EQ(pwrite(dfd, "0123456789", 10, 0), 10);
	ASSERT_EQ(pwrite(dfd, "abcdef", 6, 10), 6);
	close(dfd);
	ASSERT_EQ(pread(lfd, buf, sizeof(buf), 0), 2);
	ASSERT(!memcmp(buf, "1\n", 2));
	ASSERT_EQ(pwrite(lfd, "0", 1, 0), 1);

	wait_ready(&d);
	ASSERT_EQ(mounts_at(d.sys), 1);
	ASSERT_STREQ(cat(SYS(&d, "devices/platform/ldmdtest/fw_size")), "16\n");
	/* The request is over and its class device gone, under our open file. */
	ASSERT_ERRNO(pread(lfd, buf, sizeof(buf), 0), ENODEV);
	ASSERT_ERRNO(pwrite(lfd, "1", 1, 0), ENODEV);
	close(lfd);
	ASSERT_ERRNO(access(SYS(&d, "class/firmware/ldmdtest"), F_OK), ENOENT);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_stops_cleanly_on_sigterm_and_sigint,
	.description =
		"SIGTERM and SIGINT unload the modules, unmount and exit 0; a module that cannot load is reported and ldmd serves anyway",
	.no_runtime = true)
{
	struct ldmd d;
	char *log;

	need_fuse();
	setenv("LDM_LOGLEVEL", "7", 1);
	ldmd_up(&d, (const char *[]){ HELLO_KO, "/nonexistent/missing.ko", NULL });
	ASSERT(cat(SYS(&d, "module/hello/refcnt")));
	ldmd_stop(&d, SIGTERM);
	log = read_file(d.log);
	if (!strstr(log, "hello, world") || !strstr(log, "goodbye, world") ||
	    !strstr(log, "could not insert '/nonexistent/missing.ko'"))
		FAIL("the log lacks a load, the unload or the failed module:\n%s", log);
	free(log);
	ASSERT_EQ(count_entries(d.sys), 2); /* the bare directory again */

	d.pid = spawn_ldmd(&d, true, (const char *[]){ HELLO_KO, NULL });
	wait_ready(&d);
	ASSERT_EQ(mounts_at(d.sys), 1);
	ldmd_stop(&d, SIGINT);
	remove_root(&d);
}

DEFINE_TEST(
	test_ldmd_open_file_across_shutdown,
	.description =
		"a file held open while ldmd stops reads back an error, never data or a hang; ldmd still exits 0 with nothing leaked",
	.no_runtime = true)
{
	struct ldmd d;
	char buf[16];
	int fd;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, NULL });
	fd = open(SYS(&d, "module/hello/parameters/count"), O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 0), 2);
	ldmd_stop(&d, SIGTERM);
	errno = 0;
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 0), -1);
	if (errno != ENOTCONN && errno != ENODEV)
		FAIL("a read after the stop gave %s", strerror(errno));
	close(fd);
	remove_root(&d);
}

DEFINE_TEST(
	test_ldmd_cleans_mount_of_killed_ldmd,
	.description =
		"after SIGKILL the next ldmd on the same root starts, serves, and leaves one mount, then none",
	.no_runtime = true)
{
	struct ldmd d;
	int status;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, NULL });
	status = ldmd_signal(&d, SIGKILL);
	ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);

	d.pid = spawn_ldmd(&d, true, (const char *[]){ HELLO_KO, NULL });
	wait_ready(&d);
	ASSERT_EQ(mounts_at(d.sys), 1);
	ASSERT(listed(d.sys, "kernel", NULL));
	ASSERT_STREQ(cat(SYS(&d, "module/hello/parameters/count")), "1\n");
	ldmd_down(&d);
}

/* A FUSE mount whose server is gone: what a killed ldmd without a watcher leaves. */
static void make_dead_mount(const char *path)
{
	char opts[128];
	struct stat st;
	int fd;

	ASSERT_OK(mkdir(path, 0755));
	fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	ASSERT(fd >= 0);
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0", fd);
	if (mount("ldm-stale", path, "fuse", MS_NOSUID | MS_NODEV, opts))
		FAIL("mounting a FUSE file system by hand: %s", strerror(errno));
	close(fd);
	ASSERT_ERRNO(stat(path, &st), ENOTCONN);
}

DEFINE_TEST(
	test_ldmd_cleans_dead_mount,
	.description =
		"a dead FUSE mount at DIR/sys (ENOTCONN) is detected, unmounted and replaced at start",
	.no_runtime = true)
{
	struct ldmd d;
	char *log;

	need_fuse();
	make_root(&d);
	make_dead_mount(d.sys);
	ASSERT_EQ(mounts_at(d.sys), 1);
	d.pid = spawn_ldmd(&d, true, (const char *[]){ HELLO_KO, NULL });
	wait_ready(&d);
	ASSERT_EQ(mounts_at(d.sys), 1);
	ASSERT(listed(d.sys, "module", NULL));
	log = read_file(d.log);
	if (!strstr(log, "cleaned the stale mount"))
		FAIL("the log does not say the stale mount was cleaned:\n%s", log);
	free(log);
	ldmd_down(&d);
}

/* SIGKILL the fusermount3 processes that watch a mount below @root; how many. */
static int kill_watchers(const char *root)
{
	char path[300], cmdline[4096];
	struct dirent *de;
	int n = 0, fd;
	ssize_t len, i;
	DIR *proc = opendir("/proc");

	ASSERT(proc);
	while ((de = readdir(proc))) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/cmdline", de->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		len = read(fd, cmdline, sizeof(cmdline) - 1);
		close(fd);
		if (len <= 0 || !strstr(cmdline, "fusermount3"))
			continue;
		for (i = 0; i < len; i++)
			cmdline[i] = cmdline[i] ? cmdline[i] : ' ';
		cmdline[len] = '\0';
		if (strstr(cmdline, root) && !kill(atoi(de->d_name), SIGKILL))
			n++;
	}
	closedir(proc);
	return n;
}

DEFINE_TEST(
	test_ldmd_cleans_mount_of_killed_ldmd_that_was_listed,
	.description =
		"ldmd, its guardian and its fusermount3 watchers killed after the mounts were listed (so the kernel answers stat() from its cache): the next ldmd still sees the mounts are dead, cleans them and serves",
	.no_runtime = true)
{
	struct ldmd d;
	struct stat st;
	pid_t guardian;
	char *log;
	int status;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, NULL });
	ASSERT(listed(d.sys, "module", NULL));
	ASSERT_OK(stat(d.sys, &st));
	ASSERT_OK(stat(d.dev, &st));
	ASSERT(kill_watchers(d.root) > 0);
	/* Its guardian too, which would unmount them otherwise (test-lifetime.c). */
	guardian = ldmd_guardian_pid(&d);
	ASSERT(guardian > 0);
	ASSERT_OK(kill(guardian, SIGKILL));
	status = ldmd_signal(&d, SIGKILL);
	ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	ASSERT_EQ(mounts_at(d.sys), 1); /* dead, and nobody left to take it away */
	ldm_test_log("stat() of the dead mount: %s",
		     stat(d.sys, &st) ? strerror(errno) : "answered from the cache");

	d.pid = spawn_ldmd(&d, true, (const char *[]){ HELLO_KO, NULL });
	wait_ready(&d);
	ASSERT_EQ(mounts_at(d.sys), 1);
	ASSERT_EQ(mounts_at(d.dev), 1);
	ASSERT_STREQ(cat(SYS(&d, "module/hello/parameters/count")), "1\n");
	log = read_file(d.log);
	if (!strstr(log, "cleaned the stale mount"))
		FAIL("the log does not say the stale mount was cleaned:\n%s", log);
	free(log);
	ldmd_down(&d);
}

/* All of ldmd's stdout, within WAIT_SECONDS; NUL-terminated in @buf. */
static size_t read_until_eof(const struct ldmd *d, char *buf, size_t size)
{
	struct timespec deadline;
	size_t len = 0;
	ssize_t n = 1;

	deadline_in(&deadline, WAIT_SECONDS);
	while (n > 0 && len < size - 1) {
		struct pollfd p = { .fd = d->out, .events = POLLIN };

		if (ms_left(&deadline) <= 0)
			FAIL("ldmd's stdout still open after %d s; its log:\n%s", WAIT_SECONDS,
			     read_file(d->log));
		if (poll(&p, 1, (int)ms_left(&deadline)) <= 0)
			continue;
		n = read(d->out, buf + len, size - 1 - len);
		if (n > 0)
			len += (size_t)n;
	}
	buf[len] = '\0';
	return len;
}

/* The pid of the ldmd serving @root, from /proc, or -1. */
static pid_t find_daemon(const char *root)
{
	char path[300], args[4096];
	struct dirent *de;
	pid_t pid = -1;
	DIR *proc = opendir("/proc");
	ssize_t len;
	size_t n, i;
	int fd;

	ASSERT(proc);
	while (pid < 0 && (de = readdir(proc))) {
		if (strspn(de->d_name, "0123456789") != strlen(de->d_name))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/cmdline", de->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		len = read(fd, args, sizeof(args) - 1);
		close(fd);
		n = len > 0 ? (size_t)len : 0;
		args[n] = '\0';
		for (i = 0; i < n; i++) /* the arguments, space-separated */
			if (!args[i])
				args[i] = ' ';
		if (!strncmp(args, LDMD_PATH " ", strlen(LDMD_PATH) + 1) && strstr(args, root))
			pid = atoi(de->d_name);
	}
	closedir(proc);
	return pid;
}

static void check_daemon_serves(void *arg)
{
	const struct ldmd *d = arg;
	const char *count;

	if (!listed(d->sys, "kernel", NULL))
		_exit(1);
	count = cat(SYS(d, "module/hello/parameters/count"));
	_exit(count && !strcmp(count, "1\n") ? 0 : 2);
}

DEFINE_TEST(
	test_ldmd_detaches_without_foreground,
	.description =
		"without --foreground ldmd prints ready, returns 0 while a detached ldmd serves, which SIGTERM unmounts",
	.no_runtime = true)
{
	struct timespec deadline;
	struct ldmd d;
	char out[64];
	int status, checked;
	ssize_t n;
	pid_t pid, daemon;

	need_fuse();
	make_root(&d);
	pid = spawn_ldmd(&d, false, (const char *[]){ HELLO_KO, NULL });
	/* stdout ends when the parent returns: the detached one closed its own. */
	n = read_until_eof(&d, out, sizeof(out));
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	close(d.out);
	daemon = find_daemon(d.root);
	if (daemon < 0) {
		umount2(d.sys, MNT_DETACH);
		FAIL("no detached ldmd found for %s", d.root);
	}
	/* The checks run in a child, so that the daemon is stopped whatever they find. */
	checked = ldm_test_capture(check_daemon_serves, &d, NULL);
	ASSERT_OK(kill(daemon, SIGTERM));
	deadline_in(&deadline, WAIT_SECONDS);
	while (mounts_at(d.sys) && ms_left(&deadline) > 0)
		usleep(20 * 1000);

	ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_STREQ(out, "ldmd: ready\n");
	(void)n;
	ASSERT_EQ(checked, 0);
	remove_root(&d);
}

struct walker {
	const char *sys;
	bool *stop;
	unsigned long reads;
};

static bool stopped(const struct walker *w)
{
	return __atomic_load_n(w->stop, __ATOMIC_RELAXED);
}

/* Read every file below @dir, links not followed; errors are expected. */
static void walk(struct walker *w, const char *dir, int depth)
{
	char path[1024], buf[4096];
	struct dirent *de;
	DIR *d;
	int fd;

	if (depth > 8 || stopped(w))
		return;
	d = opendir(dir);
	if (!d)
		return;
	while (!stopped(w) && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR) {
			walk(w, path, depth + 1);
		} else if (de->d_type == DT_REG) {
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd >= 0 && read(fd, buf, sizeof(buf)) >= 0)
				w->reads++;
			if (fd >= 0)
				close(fd);
		}
	}
	closedir(d);
}

static void *walker_thread(void *arg)
{
	struct walker *w = arg;

	while (!stopped(w))
		walk(w, w->sys, 0);
	return NULL;
}

DEFINE_TEST(
	test_ldmd_readers_while_it_stops,
	.description =
		"four readers walk the mount while ldmd serves and then stops: ldmd exits 0 (clean under ThreadSanitizer)",
	.no_runtime = true, .concurrency = true)
{
	struct walker w[4];
	bool stop = false;
	pthread_t threads[4];
	unsigned long reads = 0;
	struct ldmd d;
	int i;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, LDMD_TEST_MODULE, NULL });
	for (i = 0; i < 4; i++) {
		w[i] = (struct walker){ .sys = d.sys, .stop = &stop };
		ASSERT_OK(pthread_create(&threads[i], NULL, walker_thread, &w[i]));
	}
	usleep(500 * 1000);
	ldmd_stop(&d, SIGTERM);
	__atomic_store_n(&stop, true, __ATOMIC_RELAXED);
	for (i = 0; i < 4; i++) {
		pthread_join(threads[i], NULL);
		reads += w[i].reads;
	}
	ASSERT(reads > 0);
	remove_root(&d);
}

/* What poll(2) says of @fd within @ms: its revents. */
static short poll_for(int fd, short events, int ms)
{
	struct pollfd p = { .fd = fd, .events = events };
	int n = poll(&p, 1, ms);

	ASSERT(n >= 0);
	return n ? p.revents : 0;
}

DEFINE_TEST(
	test_ldmd_poll_wakes_on_sysfs_notify,
	.description =
		"poll(POLLPRI) on an attribute through the mount: nothing until its driver calls sysfs_notify (here: a write to it), then POLLPRI|POLLERR until it is read again from the start; a poller asleep is woken",
	.no_runtime = true)
{
	const char *const args[] = { LDMD_TEST_MODULE, NULL };
	char buf[64], *stores;
	struct ldmd d;
	pid_t writer;
	int fd, status;

	need_fuse();
	ldmd_up(&d, args);
	stores = SYS(&d, "devices/platform/ldmdtest/stores");
	fd = open(stores, O_RDONLY | O_CLOEXEC);
	ASSERT(fd >= 0);
	ASSERT(read(fd, buf, sizeof(buf)) > 0);
	ASSERT_EQ(poll_for(fd, POLLPRI, 200) & (POLLPRI | POLLERR), 0);

	ASSERT_EQ(echo(stores, "1", 1), 1);
	ASSERT_EQ(poll_for(fd, POLLPRI, 0) & (POLLPRI | POLLERR), POLLPRI | POLLERR);
	ASSERT_EQ(pread(fd, buf, sizeof(buf), 0) > 0, 1);
	ASSERT_EQ(poll_for(fd, POLLPRI, 0) & (POLLPRI | POLLERR), 0);

	/* Asleep in poll, woken by a write from another process. */
	writer = fork();
	ASSERT(writer >= 0);
	if (writer == 0) {
		usleep(300 * 1000);
		_exit(echo(stores, "22", 2) == 2 ? 0 : 1);
	}
	ASSERT_EQ(poll_for(fd, POLLPRI, WAIT_SECONDS * 1000) & POLLPRI, POLLPRI);
	ASSERT_EQ(waitpid(writer, &status, 0), writer);
	ASSERT(WIFEXITED(status) && !WEXITSTATUS(status));
	ASSERT(pread(fd, buf, sizeof(buf), 0) > 0);
	ASSERT(!strncmp(buf, "2 2\n", 4));
	close(fd);
	ldmd_down(&d);
}

/* A datagram socket at @path (abstract if it starts with '@'); its address length. */
static int notify_socket(const char *path, struct sockaddr_un *addr, socklen_t *len)
{
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	size_t n = strlen(path);

	ASSERT(fd >= 0);
	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	memcpy(addr->sun_path, path, n);
	if (path[0] == '@')
		addr->sun_path[0] = '\0';
	*len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + (path[0] != '@'));
	ASSERT_OK(bind(fd, (struct sockaddr *)addr, *len));
	return fd;
}

/* The next datagram within WAIT_SECONDS, NUL-terminated in @buf. */
static void notify_recv(int fd, char *buf, size_t size)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (poll(&p, 1, WAIT_SECONDS * 1000) != 1)
		FAIL("no notification within %d s", WAIT_SECONDS);
	n = recv(fd, buf, size - 1, 0);
	ASSERT(n > 0);
	buf[n] = '\0';
}

static void notify_run(const char *addr_of)
{
	struct sockaddr_un addr;
	char path[300], buf[512], want[512];
	struct ldmd d;
	socklen_t len;
	int fd;

	make_root(&d);
	if (addr_of[0] == '@')
		snprintf(path, sizeof(path), "@ldmd-test-notify-%d", (int)getpid());
	else
		snprintf(path, sizeof(path), "%s/notify", d.root);
	fd = notify_socket(path, &addr, &len);
	setenv("NOTIFY_SOCKET", path, 1);
	d.pid = spawn_ldmd(&d, true, NULL);
	unsetenv("NOTIFY_SOCKET");
	notify_recv(fd, buf, sizeof(buf));
	/* Ready means served: the mount answers at once. */
	ASSERT_EQ(mounts_at(d.sys), 1);
	ASSERT(listed(d.sys, "kernel", NULL));
	snprintf(want, sizeof(want), "READY=1\nSTATUS=serving %s\nMAINPID=%d", d.root, (int)d.pid);
	ASSERT_STREQ(buf, want);
	wait_ready(&d);
	ASSERT_EQ(kill(d.pid, SIGTERM), 0);
	notify_recv(fd, buf, sizeof(buf));
	snprintf(want, sizeof(want), "STOPPING=1\nMAINPID=%d", (int)d.pid);
	ASSERT_STREQ(buf, want);
	ldmd_stop(&d, 0);
	close(fd);
	if (path[0] == '/')
		unlink(path);
	remove_root(&d);
}

DEFINE_TEST(
	test_ldmd_notifies_systemd_when_ready_and_stopping,
	.description =
		"with NOTIFY_SOCKET a path or an abstract '@' name, ldmd sends READY=1 (with STATUS and MAINPID) once its mount serves, and STOPPING=1 when told to stop, as sd_notify does",
	.no_runtime = true)
{
	need_fuse();
	notify_run("/");
	notify_run("@");
}

DEFINE_TEST(
	test_ldmd_long_options_take_the_value_after_equals,
	.description =
		"ldmd --board=FILE is --board FILE: the value is what follows '=', not '=' and it (fuse_opt matched both forms)",
	.no_runtime = true)
{
	const char *args[] = { "--board=/nonexistent/board.dts", NULL };
	struct ldmd d;
	char *log;
	int status;

	need_fuse();
	make_root(&d);
	d.pid = spawn_ldmd(&d, true, args);
	ASSERT_EQ(waitpid(d.pid, &status, 0), d.pid);
	ASSERT(WIFEXITED(status));
	ASSERT_EQ(WEXITSTATUS(status), 1);
	log = read_file(d.log);
	if (!strstr(log, "ldmd: cannot load the board /nonexistent/board.dts: "))
		FAIL("ldmd's log:\n%s", log);
	free(log);
	close(d.out);
	remove_root(&d);
}

DEFINE_TEST(
	test_ldmd_export_policy,
	.description =
		"ldmd --export-policy 2.6.9 loads prop_core (tainted P) and shows the policy in sys/kernel/export_policy; an unknown policy exits 2 naming the three",
	.no_runtime = true)
{
	char cmd[512];
	struct ldmd d;
	FILE *p;

	need_fuse();
	ldmd_up(&d, (const char *[]){ "--export-policy", "2.6.9",
				      LDM_BUILD_DIR "/modules/prop_core.ko", NULL });
	ASSERT_STREQ(cat(SYS(&d, "kernel/export_policy")), "2.6.9\n");
	ASSERT_STREQ(cat(SYS(&d, "module/prop_core/taint")), "P\n");
	ldmd_down(&d);
	snprintf(cmd, sizeof(cmd), "%s --export-policy 2.6.11 2>&1", LDMD_PATH);
	p = popen(cmd, "r");
	ASSERT(p && fgets(cmd, sizeof(cmd), p));
	ASSERT_STREQ(cmd,
		     "ldmd: --export-policy '2.6.11': no such policy (seed, 2.6.10 or 2.6.9)\n");
	ASSERT_EQ(WEXITSTATUS(pclose(p)), 2);
}
