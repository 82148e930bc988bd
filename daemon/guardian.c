// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * guardian.c - a process of ldmd's own that takes its mounts away if ldmd
 * dies without doing it (kill -9, a crash): nothing is left mounted and
 * dead at DIR/sys, DIR/dev or DIR/proc, even if no ldmd starts again.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#include "ldmd.h"

/**
 * DOC: how guardian.c works
 *
 * fusermount3's auto_unmount watcher is not enough: after ldmd is killed,
 * the kernel answers it from its cache that the mount still serves, and
 * DIR/sys stays mounted and dead. So ldmd forks a guardian at start, while
 * it has one thread and before it mounts anything, and keeps the write end
 * of a pipe whose read end only the guardian holds (O_CLOEXEC: nothing
 * ldmd runs inherits it). After each mount ldmd writes its index, and the
 * guardian notes the mount's id in /proc/self/mountinfo (holding a
 * descriptor in it instead would keep the file system alive after an
 * umount, and ldmd would never learn that its mount went away). When the
 * pipe ends:
 *
 *   - after a 'C' (ldmd unmounted everything itself, and is about to
 *     exit): the guardian exits, and ldmd waits for it;
 *   - without one (ldmd died): for each mount whose id is still the top
 *     one at its place (not one a later ldmd made there), the guardian
 *     unmounts it lazily (umount2(MNT_DETACH); as a user other than root,
 *     fusermount3 -u -z), says so on ldmd's stderr (in the foreground) or
 *     to syslog, and exits.
 *
 * The guardian ignores the signals that stop ldmd (they are blocked), so
 * that a signal sent to ldmd's whole process group does not take it first.
 */

#define GUARDIAN_NAME  "ldmd-guardian"
#define GUARDIAN_CLEAN 'C'

static const char *const mount_dirs[LDMD_GUARDED_MOUNTS] = { "sys", "dev", "proc" };

extern char **environ;

/* "ldmd died: @what @path", on stderr in the foreground, else to syslog. */
static void guardian_say(bool foreground, const char *what, const char *path)
{
	if (foreground)
		fprintf(stderr, "ldmd: guardian: ldmd died: %s %s\n", what, path);
	else
		syslog(LOG_WARNING, "guardian: ldmd died: %s %s", what, path);
}

/* Undo mountinfo's octal escapes (\040 for a space) of @s, in place. */
static void unescape(char *s)
{
	char *out = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*out++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*out++ = *s;
		}
	}
	*out = '\0';
}

/* The id of the top mount at @path (the last line of mountinfo there), or -1. */
static long top_mount_id(const char *path)
{
	char line[4096 + 2 * PATH_MAX], point[2 * PATH_MAX];
	FILE *f = fopen("/proc/self/mountinfo", "re");
	long id = -1, this;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%ld %*d %*s %*s %8191s", &this, point) != 2)
			continue;
		unescape(point);
		if (!strcmp(point, path))
			id = this;
	}
	fclose(f);
	return id;
}

/* Unmount @path lazily; whether it went. */
static bool unmount_lazily(const char *path)
{
	char *argv[] = { "fusermount3", "-u", "-q", "-z", "--", (char *)path, NULL };
	int status;
	pid_t pid;

	if (!umount2(path, MNT_DETACH | UMOUNT_NOFOLLOW))
		return true;
	return errno == EPERM && !posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) &&
	       waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status);
}

/* The guardian's life: note each mount ldmd names, until the pipe ends. */
static void __attribute__((noreturn)) guard(int rfd, const char *root, bool foreground)
{
	long ids[LDMD_GUARDED_MOUNTS] = { -1, -1, -1 };
	char paths[LDMD_GUARDED_MOUNTS][PATH_MAX];
	bool clean = false;
	unsigned int i;
	ssize_t n;
	char c;

	prctl(PR_SET_NAME, GUARDIAN_NAME);
	if (!foreground)
		openlog("ldmd", LOG_PID, LOG_DAEMON);
	for (i = 0; i < LDMD_GUARDED_MOUNTS; i++)
		snprintf(paths[i], sizeof(paths[i]), "%s/%s", root, mount_dirs[i]);
	while ((n = read(rfd, &c, 1)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (c == GUARDIAN_CLEAN)
			clean = true;
		else if (c >= '0' && c < '0' + LDMD_GUARDED_MOUNTS)
			ids[c - '0'] = top_mount_id(paths[c - '0']);
	}
	for (i = 0; i < LDMD_GUARDED_MOUNTS && !clean; i++) {
		if (ids[i] < 0 || top_mount_id(paths[i]) != ids[i])
			continue;
		guardian_say(foreground, unmount_lazily(paths[i]) ? "unmounted" : "cannot unmount",
			     paths[i]);
	}
	_exit(0);
}

/* Leave the terminal and whatever pipes ldmd's stdio are: stdio on /dev/null. */
static void quiet_stdio(bool keep_stderr)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null < 0)
		return;
	dup2(null, STDIN_FILENO);
	dup2(null, STDOUT_FILENO);
	if (!keep_stderr)
		dup2(null, STDERR_FILENO);
	close(null);
}

/**
 * ldmd_guardian_start - fork the guardian of ldmd's mounts below @root
 * @g: the guardian, filled in
 * @root: ldmd's root
 * @foreground: whether ldmd keeps its stderr (the guardian's messages go
 *              there; else to syslog)
 * @keep_fd: a descriptor of ldmd's the guardian must close (-1: none)
 *
 * Call while ldmd has one thread, before it mounts anything.
 * Return: 0, or -errno (said on stderr).
 */
int ldmd_guardian_start(struct ldmd_guardian *g, const char *root, bool foreground, int keep_fd)
{
	int fds[2], error;
	pid_t pid;

	g->pid = -1;
	g->fd = -1;
	if (pipe2(fds, O_CLOEXEC)) {
		error = -errno;
		goto err;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		error = -errno;
		close(fds[0]);
		close(fds[1]);
		goto err;
	}
	if (pid == 0) {
		close(fds[1]);
		if (keep_fd >= 0)
			close(keep_fd);
		quiet_stdio(foreground);
		guard(fds[0], root, foreground);
	}
	close(fds[0]);
	g->pid = pid;
	g->fd = fds[1];
	return 0;

err:
	fprintf(stderr, "ldmd: cannot start the guardian of the mounts: %s\n", strerror(-error));
	return error;
}

/**
 * ldmd_guardian_hold - have the guardian hold a mount ldmd just made
 * @g: the guardian
 * @index: 0 for DIR/sys, 1 for DIR/dev, 2 for DIR/proc
 */
void ldmd_guardian_hold(struct ldmd_guardian *g, unsigned int index)
{
	char c = (char)('0' + index);

	if (g->fd >= 0 && index < LDMD_GUARDED_MOUNTS && write(g->fd, &c, 1) != 1)
		perror("ldmd: telling the guardian");
}

/**
 * ldmd_guardian_stop - ldmd unmounted everything: the guardian leaves
 * without touching a mount, and is waited for
 * @g: the guardian (one that did not start is fine)
 */
void ldmd_guardian_stop(struct ldmd_guardian *g)
{
	char c = GUARDIAN_CLEAN;
	int status;

	if (g->fd < 0)
		return;
	if (write(g->fd, &c, 1) != 1)
		perror("ldmd: telling the guardian");
	close(g->fd);
	g->fd = -1;
	while (waitpid(g->pid, &status, 0) < 0 && errno == EINTR)
		;
	g->pid = -1;
}
