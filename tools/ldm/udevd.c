// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * udevd.c - `ldm exec --udevd RULES`: the machine's real systemd-udevd run
 * in the namespaces of ldm exec, with the rules of RULES only, beside the
 * program: it hears ldmd's events on the kernel group (udev-forward.c),
 * applies the rules and sends the result on the udev group, as on a
 * machine.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec.h"

/**
 * DOC: how udevd.c works
 *
 * Rules. udevd reads /etc/udev/rules.d, /run/udev/rules.d and
 * /usr/lib/udev/rules.d (/lib/udev/rules.d on a machine whose /lib is not
 * /usr/lib). The machine's rules are not ldm's: they would run the
 * machine's helpers on ldmd's devices. Each of these directories gets an
 * empty tmpfs, and RULES is bound, read-only, on /etc/udev/rules.d. So
 * udevd applies RULES alone, with its built-ins; RUN programs are its
 * children, in the namespaces, so they see ldmd's /sys, /dev and /proc.
 *
 * Its state. /run/udev is the namespace's own tmpfs (sandbox.c): udevd's
 * control socket, its queue and its database (/run/udev/data) are there,
 * and the links and nodes its rules make are in the namespace's /dev; none
 * of it reaches the machine's /run/udev or /dev, and all of it goes with
 * the namespace. The empty control file that stands for a udevd
 * (sandbox.c) is taken out first: udevd binds its socket there.
 *
 * Start and stop. udevd is started with NOTIFY_SOCKET naming a socket of
 * ldm exec, and the program only once udevd said READY=1 (or udevd died:
 * then ldm exec says so and fails). The program's end stops udevd with
 * SIGTERM.
 */

/* Where udevd may look for rules, each hidden under an empty tmpfs. */
static const char *const rules_dirs[] = { "/etc/udev/rules.d", "/run/udev/rules.d",
					  "/usr/lib/udev/rules.d", "/lib/udev/rules.d" };

static int say(const char *what, const char *path, int error)
{
	fprintf(stderr, "ldm exec: %s %s: %s\n", what, path, strerror(-error));
	return error;
}

/* An empty tmpfs on each rules directory there is, then @rules on /etc/udev/rules.d. */
static int hide_rules(const char *rules)
{
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(rules_dirs) / sizeof(rules_dirs[0]); i++) {
		if (!strcmp(rules_dirs[i], "/run/udev/rules.d") && mkdir(rules_dirs[i], 0755) &&
		    errno != EEXIST)
			return say("cannot make", rules_dirs[i], -errno);
		if (stat(rules_dirs[i], &st) || !S_ISDIR(st.st_mode))
			continue;
		/* /lib/udev/rules.d is /usr/lib/udev/rules.d where /lib is /usr/lib. */
		if (mount("ldm-exec", rules_dirs[i], "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755"))
			return say("cannot hide the rules of", rules_dirs[i], -errno);
	}
	if (mount(rules, "/etc/udev/rules.d", NULL, MS_BIND | MS_REC, NULL))
		return say("cannot bind the rules", rules, -errno);
	/* Read-only: a bind takes its flags only on a remount. */
	mount(NULL, "/etc/udev/rules.d", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY, NULL);
	return 0;
}

/* The socket udevd tells READY=1 on, bound at @path. */
static int notify_socket(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int on = 1;

	if (fd < 0)
		return -errno;
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", path);
	unlink(path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on))) {
		close(fd);
		return -errno;
	}
	return fd;
}

/* Wait for READY=1 on @fd from udevd @pid; -ECHILD if it ended first. */
static int wait_ready(int fd, pid_t pid)
{
	char buf[4096];
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	for (;;) {
		/* Wake now and then to see whether udevd died without a word. */
		if (poll(&p, 1, 500) < 0 && errno != EINTR)
			return -errno;
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return -ECHILD;
		if (!(p.revents & POLLIN))
			continue;
		n = recv(fd, buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		if (!strncmp(buf, "READY=1", 7) || strstr(buf, "\nREADY=1"))
			return 0;
	}
}

/**
 * exec_start_udevd - start the machine's systemd-udevd in the namespaces,
 * with the rules of @rules only, and wait until it is ready
 * @rules: a directory of rules files, absolute, as the namespace sees it
 *
 * $LDM_UDEVD names the daemon (default: /lib/systemd/systemd-udevd).
 * Return: udevd's pid, or a negative errno after saying on stderr what
 * failed.
 */
pid_t exec_start_udevd(const char *rules)
{
	const char *udevd = getenv("LDM_UDEVD");
	static const char notify[] = "/run/udev/.ldm-notify";
	int fd, error;
	pid_t pid;

	if (!udevd || !*udevd)
		udevd = "/lib/systemd/systemd-udevd";
	if (access(udevd, X_OK))
		return say("cannot run", udevd, -errno);
	error = hide_rules(rules);
	if (error)
		return error;
	unlink("/run/udev/control"); /* the stand-in; udevd binds its socket there */
	fd = notify_socket(notify);
	if (fd < 0)
		return say("cannot make", notify, fd);
	pid = fork();
	if (pid == 0) {
		setenv("NOTIFY_SOCKET", notify, 1);
		execl(udevd, udevd, (char *)NULL);
		fprintf(stderr, "ldm exec: %s: %s\n", udevd, strerror(errno));
		_exit(127);
	}
	if (pid < 0) {
		close(fd);
		return say("cannot fork", udevd, -errno);
	}
	error = wait_ready(fd, pid);
	close(fd);
	unlink(notify);
	if (error) {
		if (error != -ECHILD) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
		}
		return say("no udevd:", udevd, error == -ECHILD ? -ESRCH : error);
	}
	return pid;
}

/**
 * exec_stop_udevd - stop the udevd exec_start_udevd() started
 * @pid: its pid
 */
void exec_stop_udevd(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGTERM);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}
