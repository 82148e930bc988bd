// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec.c - `ldm exec`: an unmodified program run against a running ldmd as
 * its machine: /sys, /dev and /proc are ldmd's, and libudev hears ldmd's
 * events (sandbox.c, udev-forward.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "control-client.h"
#include "exec.h"
#include "ldm.h"
#include "tool-util.h"

static void exec_help(FILE *out)
{
	fprintf(out, "Usage: ldm exec [--root DIR] [--] PROGRAM [ARGS...]\n\n"
		     "Run PROGRAM with the ldmd serving DIR (default: $LDM_ROOT, else\n"
		     "/run/ldm) as its machine, in namespaces of its own: /sys is ldmd's tree,\n"
		     "/dev holds ldmd's device nodes beside null, zero, tty and the like, what\n"
		     "ldmd serves in DIR/proc replaces those files of /proc, and libudev's\n"
		     "monitors hear ldmd's events as udevd sends them (udevadm monitor --udev,\n"
		     "pyudev). Every ioctl on a node reaches its driver whole, through the\n"
		     "preload library: $LDM_PRELOAD, else the installed one.\n"
		     "The machine's own view is untouched. Exit status: PROGRAM's.\n\n"
		     "  -r, --root DIR   the ldmd to run against\n"
		     "  -h, --help       show this text\n");
}

static pid_t program;

static void pass_signal(int sig)
{
	if (program > 0)
		kill(program, sig);
}

/* The forwarder of events, in the namespaces: until the program has ended. */
static pid_t start_forwarder(int uevent, int stop[2])
{
	pid_t pid = fork();

	if (pid == 0) {
		int error;

		close(stop[1]); /* the pipe hangs up when ldm exec closes its end */
		error = exec_forward_events(uevent, stop[0], EXEC_ROOT "/dev");

		if (error)
			fprintf(stderr, "ldm exec: no udev events: %s\n", strerror(-error));
		_exit(error ? 1 : 0);
	}
	return pid;
}

/*
 * The preload library (preload/preload.c), after whatever LD_PRELOAD has:
 * $LDM_PRELOAD (a build tree's), else the installed one; without it an
 * ioctl reaches a node as FUSE can carry it only.
 */
static void add_preload(void)
{
	const char *lib = getenv("LDM_PRELOAD"), *old = getenv("LD_PRELOAD");
	char *both;

	if (!lib || !*lib)
		lib = LDM_PRELOAD_PATH;
	if (access(lib, R_OK)) {
		fprintf(stderr, "ldm exec: %s: %s; ioctls reach the nodes as FUSE carries them\n",
			lib, strerror(errno));
		return;
	}
	if (asprintf(&both, "%s%s%s", old ? old : "", old && *old ? ":" : "", lib) > 0) {
		setenv("LD_PRELOAD", both, 1);
		free(both);
	}
}

/* PROGRAM, with the environment that names the namespace's ldmd. */
static pid_t start_program(char *argv[])
{
	pid_t pid = fork();

	if (pid == 0) {
		setenv("LDM_ROOT", EXEC_ROOT, 1);
		setenv("SYSFS_PATH", "/sys", 1); /* libsysfs (systool) looks it up first */
		/*
		 * libudev (systemd >= 250) refuses a device whose directory is
		 * not on sysfs by its statfs magic, which a FUSE mount cannot
		 * give; this documented switch of systemd's turns that check
		 * off. A value the user set stays.
		 */
		setenv("SYSTEMD_DEVICE_VERIFY_SYSFS", "0", 0);
		add_preload();
		execvp(argv[0], argv);
		fprintf(stderr, "ldm exec: %s: %s\n", argv[0], strerror(errno));
		_exit(errno == ENOENT ? 127 : 126);
	}
	return pid;
}

/* The exit status of a child, as a shell reports it. */
static int exit_status(int status)
{
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int run_in_sandbox(const char *root, int uevent, char *argv[])
{
	struct sigaction sa = { .sa_handler = pass_signal };
	int stop[2], status = 0, error;
	pid_t forwarder;

	error = exec_enter_sandbox(root);
	if (error)
		return 1;
	if (pipe2(stop, O_CLOEXEC)) {
		perror("ldm exec: pipe");
		return 1;
	}
	forwarder = start_forwarder(uevent, stop);
	close(uevent);
	close(stop[0]);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	program = start_program(argv);
	if (program < 0) {
		perror("ldm exec: fork");
		status = 1 << 8;
	}
	while (program > 0 && waitpid(program, &status, 0) < 0 && errno == EINTR)
		;
	close(stop[1]);
	if (forwarder > 0)
		waitpid(forwarder, NULL, 0);
	return exit_status(status);
}

static int exec_run(int argc, char *argv[])
{
	char root[PATH_MAX];
	struct tool_opts o;
	int status, uevent;

	status = tool_parse_options(argc, argv, 0, exec_help, &o);
	if (status >= 0)
		return status;
	if (optind >= argc) {
		exec_help(stderr);
		return 2;
	}
	if (!realpath(o.root, root)) {
		fprintf(stderr, "ldm exec: %s: %s\n", o.root, strerror(errno));
		return 1;
	}
	uevent = ctl_connect_socket("exec", root, "uevent");
	if (uevent < 0)
		return 1;
	return run_in_sandbox(root, uevent, argv + optind);
}

const struct ldm_verb ldm_verb_exec = {
	.name = "exec",
	.run = exec_run,
	.help = "run a program with ldmd's tree, nodes and events as its machine's",
};
