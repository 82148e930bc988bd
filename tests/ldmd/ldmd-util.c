// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmd-util.c - the helpers of ldmd-util.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "ldmd-util.h"

bool in_path(const char *prog)
{
	const char *env = getenv("PATH");
	char *path = strdup(env ? env : "/usr/bin:/bin"), *dir, *save = NULL;
	char file[PATH_MAX];
	bool found = false;

	ASSERT(path);
	for (dir = strtok_r(path, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
		snprintf(file, sizeof(file), "%s/%s", dir, prog);
		found = !access(file, X_OK);
	}
	free(path);
	return found;
}

void need_fuse(void)
{
	int fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		ldm_test_skip("/dev/fuse cannot be opened (%s): no FUSE here", strerror(errno));
	close(fd);
	if (!in_path("fusermount3"))
		ldm_test_skip("fusermount3 is not installed (Debian package fuse3)");
	if (geteuid())
		ldm_test_skip("the ldmd tests run as root (allow_other, a switch to nobody)");
}

char *read_file(const char *path)
{
	char *buf = malloc(1 << 16);
	ssize_t n = -1;
	int fd;

	ASSERT(buf);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, (1 << 16) - 1);
		close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

char *sys_path(const struct ldmd *d, const char *rel, char *buf)
{
	snprintf(buf, 512, "%s/%s", d->sys, rel);
	return buf;
}

char *proc_path(const struct ldmd *d, const char *rel, char *buf)
{
	snprintf(buf, 512, "%s/%s", d->proc, rel);
	return buf;
}

/* How many mounts /proc/self/mountinfo shows at @path. */
int mounts_at(const char *path)
{
	char line[4096], point[4096];
	FILE *f = fopen("/proc/self/mountinfo", "r");
	int n = 0;

	ASSERT(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %*s %*s %*s %4095s", point) == 1 && !strcmp(point, path))
			n++;
	fclose(f);
	return n;
}

void make_root(struct ldmd *d)
{
	char tmpl[] = "/tmp/ldmd-test-XXXXXX";

	memset(d, 0, sizeof(*d));
	d->pid = -1;
	d->out = -1;
	ASSERT(mkdtemp(tmpl));
	ASSERT_OK(chmod(tmpl, 0755)); /* nobody must reach sys/ too */
	ASSERT(realpath(tmpl, d->root));
	snprintf(d->sys, sizeof(d->sys), "%s/sys", d->root);
	snprintf(d->dev, sizeof(d->dev), "%s/dev", d->root);
	snprintf(d->proc, sizeof(d->proc), "%s/proc", d->root);
	snprintf(d->log, sizeof(d->log), "%s/ldmd.log", d->root);
}

/* DIR/udev, which ldmd removes when it stops, but not when it was killed. */
static void remove_udev_db(const struct ldmd *d)
{
	static const char *const dirs[] = { "data", "tags", "links", "links.lock" };
	char path[400];
	size_t i;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/udev/%s", d->root, dirs[i]);
		rmdir(path);
	}
	snprintf(path, sizeof(path), "%s/udev/.ldmd", d->root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/udev", d->root);
	rmdir(path);
}

void remove_root(struct ldmd *d)
{
	ASSERT_EQ(mounts_at(d->sys), 0);
	ASSERT_EQ(mounts_at(d->dev), 0);
	ASSERT_EQ(mounts_at(d->proc), 0);
	ASSERT_EQ(mounts_at(d->proc), 0);
	rmdir(d->sys);
	rmdir(d->dev);
	rmdir(d->proc);
	unlink(d->log);
	remove_udev_db(d);
	ASSERT_OK(rmdir(d->root));
}

/* Start ldmd [--foreground] --root ROOT ARGS..., stdout to a pipe, stderr to the log. */
pid_t spawn_ldmd(struct ldmd *d, bool foreground, const char *const args[])
{
	const char *argv[32];
	int n = 0, fds[2], logfd;
	pid_t parent = getpid(), pid;

	argv[n++] = LDMD_PATH;
	if (foreground)
		argv[n++] = "--foreground";
	argv[n++] = "--root";
	argv[n++] = d->root;
	while (args && *args && n < (int)(sizeof(argv) / sizeof(argv[0])) - 1)
		argv[n++] = *args++;
	if (args && *args)
		FAIL("spawn_ldmd: more arguments than %zu", sizeof(argv) / sizeof(argv[0]) - 1);
	argv[n] = NULL;
	ASSERT_OK(pipe2(fds, O_CLOEXEC));
	logfd = open(d->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	ASSERT(logfd >= 0);
	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(logfd, STDERR_FILENO);
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(127);
		execv(LDMD_PATH, (char **)argv);
		_exit(127);
	}
	close(fds[1]);
	close(logfd);
	d->out = fds[0];
	return pid;
}

long ms_left(const struct timespec *deadline)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (deadline->tv_sec - now.tv_sec) * 1000 + (deadline->tv_nsec - now.tv_nsec) / 1000000;
}

void deadline_in(struct timespec *deadline, int seconds)
{
	clock_gettime(CLOCK_MONOTONIC, deadline);
	deadline->tv_sec += seconds;
}

/* Read ldmd's stdout until "ldmd: ready", within WAIT_SECONDS. */
void wait_ready(struct ldmd *d)
{
	struct timespec deadline;
	char buf[512] = "";
	size_t len = 0;
	ssize_t n;

	deadline_in(&deadline, WAIT_SECONDS);
	while (!strstr(buf, "ldmd: ready\n")) {
		struct pollfd p = { .fd = d->out, .events = POLLIN };
		long left = ms_left(&deadline);

		if (left <= 0)
			FAIL("ldmd not ready within %d s; its log:\n%s", WAIT_SECONDS,
			     read_file(d->log));
		if (poll(&p, 1, (int)left) <= 0)
			continue;
		n = read(d->out, buf + len, sizeof(buf) - 1 - len);
		if (n <= 0)
			FAIL("ldmd ended before it was ready; its log:\n%s", read_file(d->log));
		len += (size_t)n;
		buf[len] = '\0';
	}
}

/* Start ldmd --foreground on a new root with @args, and wait until it serves. */
void ldmd_up(struct ldmd *d, const char *const args[])
{
	make_root(d);
	d->pid = spawn_ldmd(d, true, args);
	wait_ready(d);
	ASSERT_EQ(mounts_at(d->sys), 1);
	ASSERT_EQ(mounts_at(d->dev), 1);
	ASSERT_EQ(mounts_at(d->proc), 1);
}

pid_t ldmd_guardian_pid(const struct ldmd *d)
{
	char path[64], stat[512], name[64];
	struct dirent *de;
	pid_t found = -1;
	int ppid;
	DIR *proc = opendir("/proc");
	FILE *f;

	ASSERT(proc);
	while (found < 0 && (de = readdir(proc))) {
		if (strspn(de->d_name, "0123456789") != strlen(de->d_name) ||
		    strlen(de->d_name) > 20)
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/stat", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		/* "pid (comm) state ppid ...": the guardian's comm has no ')' in it. */
		if (fgets(stat, sizeof(stat), f) &&
		    sscanf(stat, "%*d (%63[^)]) %*c %d", name, &ppid) == 2 && ppid == d->pid &&
		    !strcmp(name, "ldmd-guardian"))
			found = atoi(de->d_name);
		fclose(f);
	}
	closedir(proc);
	return found;
}

/* Send @sig, wait within WAIT_SECONDS for ldmd to end; its wait status. */
int ldmd_signal(struct ldmd *d, int sig)
{
	struct timespec deadline;
	int status;

	ASSERT_OK(kill(d->pid, sig));
	deadline_in(&deadline, WAIT_SECONDS);
	while (waitpid(d->pid, &status, WNOHANG) != d->pid) {
		if (ms_left(&deadline) <= 0) {
			kill(d->pid, SIGKILL);
			waitpid(d->pid, &status, 0);
			FAIL("ldmd did not stop within %d s; its log:\n%s", WAIT_SECONDS,
			     read_file(d->log));
		}
		usleep(20 * 1000);
	}
	close(d->out);
	d->out = -1;
	d->pid = -1;
	return status;
}

/* Stop with @sig: exit status 0 and nothing left mounted. */
void ldmd_stop(struct ldmd *d, int sig)
{
	int status = ldmd_signal(d, sig);

	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("ldmd ended with wait status %#x after signal %d; its log:\n%s", status, sig,
		     read_file(d->log));
	ASSERT_EQ(mounts_at(d->sys), 0);
	ASSERT_EQ(mounts_at(d->dev), 0);
	ASSERT_EQ(mounts_at(d->proc), 0);
}

void ldmd_down(struct ldmd *d)
{
	ldmd_stop(d, SIGTERM);
	remove_root(d);
}

/* The contents of a file read with read(2) until EOF, or NULL with errno. */
char *cat(const char *path)
{
	static char buf[8192];
	size_t len = 0;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	close(fd);
	if (n < 0)
		return NULL;
	buf[len] = '\0';
	return buf;
}

/* One write(2), as echo does: its result, or -errno. */
long echo(const char *path, const char *s, size_t len)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	long n;

	if (fd < 0)
		return -errno;
	n = write(fd, s, len);
	if (n < 0)
		n = -errno;
	close(fd);
	return n;
}

bool listed(const char *dir, const char *name, unsigned char *type)
{
	struct dirent *de;
	bool found = false;
	DIR *d = opendir(dir);

	ASSERT(d);
	while (!found && (de = readdir(d)))
		if (!strcmp(de->d_name, name)) {
			found = true;
			if (type)
				*type = de->d_type;
		}
	closedir(d);
	return found;
}

int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;

	ASSERT(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

void assert_mode(const char *path, mode_t mode, off_t size)
{
	struct stat st;

	if (lstat(path, &st))
		FAIL("lstat %s: %s", path, strerror(errno));
	if (st.st_mode != mode)
		FAIL("%s has mode %o, expected %o", path, st.st_mode, mode);
	ASSERT_EQ(st.st_uid, 0);
	ASSERT_EQ(st.st_gid, 0);
	if (size >= 0)
		ASSERT_EQ(st.st_size, size);
}

/* Wait within WAIT_SECONDS until @path exists. */
void wait_for_file(const struct ldmd *d, const char *path)
{
	struct timespec deadline;

	deadline_in(&deadline, WAIT_SECONDS);
	while (access(path, F_OK)) {
		if (ms_left(&deadline) <= 0)
			FAIL("%s did not appear within %d s; ldmd's log:\n%s", path, WAIT_SECONDS,
			     read_file(d->log));
		usleep(20 * 1000);
	}
}

int ldmd_socket_connect(const struct ldmd *d, const char *name)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	ASSERT(fd >= 0);
	ASSERT(strlen(d->root) + 1 + strlen(name) < sizeof(addr.sun_path));
	memcpy(addr.sun_path, d->root, strlen(d->root));
	strcat(addr.sun_path, "/");
	strcat(addr.sun_path, name);
	ASSERT_OK(connect(fd, (struct sockaddr *)&addr, sizeof(addr)));
	return fd;
}

int ldmd_socket_connect_as(const struct ldmd *d, const char *name, uid_t uid)
{
	int fd;

	/* SO_PEERCRED records the effective ids of the connect(). */
	ASSERT_OK(setegid(uid));
	ASSERT_OK(seteuid(uid));
	fd = ldmd_socket_connect(d, name);
	ASSERT_OK(seteuid(0));
	ASSERT_OK(setegid(0));
	return fd;
}

char *ldmd_socket_refusal(int fd, char *buf, size_t size)
{
	ssize_t n = recv(fd, buf, size - 1, MSG_DONTWAIT);
	size_t off;

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	if (buf[0] == 'r' && atoi(buf + 1) == EAGAIN)
		return buf + 2 + strlen(buf + 1); /* the control socket's 'r' reply */
	if (!strcmp(buf, "ldm-refused@")) {
		off = strlen(buf) + 1;
		ASSERT(!strncmp(buf + off, "REASON=", 7));
		return buf + off + 7;
	}
	FAIL("not a refusal: %.*s", (int)n, buf);
}

int ldmd_control_connect(const struct ldmd *d)
{
	return ldmd_socket_connect(d, "control");
}

int ldmd_control_request(int fd, const void *req, size_t len, const int *fds, int nfds, char *why,
			 size_t size)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * 8)];
		struct cmsghdr align;
	} control;
	struct iovec iov = { .iov_base = (void *)req, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	char *buf = malloc(70000);
	struct cmsghdr *c;
	ssize_t n;
	int err;

	ASSERT(buf && nfds <= 8);
	if (nfds > 0) {
		msg.msg_control = control.buf;
		msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
	}
	if (sendmsg(fd, &msg, MSG_NOSIGNAL) != (ssize_t)len)
		FAIL("sending a request of %zu bytes: %s", len, strerror(errno));
	for (;;) {
		n = recv(fd, buf, 70000 - 1, 0);
		if (n <= 0)
			FAIL("ldmd closed the connection without a reply (%zd, %s)", n,
			     strerror(errno));
		buf[n] = '\0';
		if (buf[0] == 'r')
			break;
		ASSERT(buf[0] == 'o' || buf[0] == 'l');
	}
	err = atoi(buf + 1);
	if (why)
		snprintf(why, size, "%s", buf + 2 + strlen(buf + 1));
	free(buf);
	return err;
}

void need_namespaces(void)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0)
		_exit(unshare(CLONE_NEWNS | CLONE_NEWNET) ? 1 : 0);
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		ldm_test_skip("unshare(CLONE_NEWNS | CLONE_NEWNET) is refused here");
}

int ldm_exec(const struct ldmd *d, const char *env, const char *prog, char **out)
{
	char cmd[4096];

	/*
	 * Under ASan the tools run inside are sanitized too, and the preload
	 * comes before ASan's runtime in their library list: tell ASan that
	 * is meant.
	 */
	snprintf(cmd, sizeof(cmd),
		 "ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 %s %s/tools/ldm/ldm "
		 "--root %s exec -- %s 2>&1",
		 env, LDM_BUILD_DIR, d->root, prog);
	return ldm_test_run(cmd, out);
}

void exec_ok(const struct ldmd *d, const char *prog, char **out)
{
	int status = ldm_exec(d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, prog, out);

	if (status)
		FAIL("ldm exec -- %s: exit status %d, output:\n%s", prog, status, *out);
}

int ldm_run_verb(const struct ldmd *d, const char *args, char **out)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), "%s/tools/ldm/ldm --root %s %s 2>&1", LDM_BUILD_DIR, d->root,
		 args);
	return ldm_test_run(cmd, out);
}

/* Add platform device @name<@id> and remove it again, over the control connection @ctl. */
static void settle_add_remove(int ctl, const char *name, unsigned int id)
{
	char req[128];
	int len;

	len = snprintf(req, sizeof(req), "device-add%c%s%c%u%c", 0, name, 0, id, 0);
	ASSERT_EQ(ldmd_control_request(ctl, req, (size_t)len, NULL, 0, NULL, 0), 0);
	len = snprintf(req, sizeof(req), "device-remove%c%s%u%c", 0, name, id, 0);
	ASSERT_EQ(ldmd_control_request(ctl, req, (size_t)len, NULL, 0, NULL, 0), 0);
}

/**
 * ldmd_next_event - the next message of a listener of DIR/uevent
 * @fd: the listener
 * @buf: where it goes, NUL-terminated ("ACTION@DEVPATH\0KEY=VALUE\0...")
 * @size: the room in @buf
 *
 * Fails the test if nothing comes within WAIT_SECONDS.
 * Return: its length, 0 at end of file.
 */
ssize_t ldmd_next_event(int fd, char *buf, size_t size)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (poll(&p, 1, WAIT_SECONDS * 1000) != 1)
		FAIL("no event within %d s", WAIT_SECONDS);
	n = recv(fd, buf, size - 1, 0);
	ASSERT(n >= 0);
	buf[n] = '\0';
	return n;
}

/*
 * Wait until ldmd has taken or refused each of the @n listeners @fds,
 * which have read nothing yet: ldmd takes a connection in a thread of its
 * own, some time after connect() returns, and a listener hears only the
 * events after that. So a device syncK is added and removed until each
 * listener has heard one or been refused (one not heard from is asked
 * again, with no time limit but the harness's alarm). A refused one's
 * reason goes to @why[i] (NULL: none may be refused); a taken one's is
 * "". Then one more sync, which every taken listener now hears, is read
 * up to its end by each: the next event each gets is the test's.
 */
void ldmd_uevent_settle(int ctl, const int *fds, int n, char (*why)[256])
{
	char buf[4096], last[64];
	bool *done = calloc((size_t)n, sizeof(*done));
	unsigned int k = 0;
	int left = n, i;

	ASSERT(done);
	while (left) {
		settle_add_remove(ctl, "sync", k++);
		for (i = 0; i < n; i++) {
			struct pollfd p = { .fd = fds[i], .events = POLLIN };

			/* Each poll is a retry interval, never a failure. */
			while (!done[i] && poll(&p, 1, 100) == 1) {
				ssize_t len = recv(fds[i], buf, sizeof(buf) - 1, 0);

				ASSERT(len > 0);
				buf[len] = '\0';
				if (!strcmp(buf, "ldm-refused@")) {
					if (!why)
						FAIL("listener %d refused: %s", i, buf + 13);
					snprintf(why[i], sizeof(why[i]), "%s",
						 buf + 13 +
							 (strncmp(buf + 13, "REASON=", 7) ? 0 : 7));
				} else if (strncmp(buf, "add@/devices/platform/sync", 26)) {
					continue;
				} else if (why) {
					why[i][0] = '\0';
				}
				done[i] = true;
				left--;
			}
		}
	}
	settle_add_remove(ctl, "sync", k);
	snprintf(last, sizeof(last), "remove@/devices/platform/sync%u", k);
	for (i = 0; i < n; i++)
		if (!why || !why[i][0])
			do
				ASSERT(ldmd_next_event(fds[i], buf, sizeof(buf)) > 0);
			while (strcmp(buf, last));
	free(done);
}
