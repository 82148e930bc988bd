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
#include <poll.h>
#include <sys/socket.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ldmd/control.h>

#include "control-client.h"
#include "ldmd-client.h"
#include "exec.h"
#include "ldm.h"
#include "tool-util.h"

static void exec_help(FILE *out)
{
	fprintf(out, "Usage: ldm exec [--root DIR] [--modules DIR] [--no-events] [--udevd RULES]\n"
		     "                [--] PROGRAM [ARGS...]\n\n"
		     "Run PROGRAM with the ldmd serving DIR (default: $LDM_ROOT, else\n"
		     "/run/ldm) as its machine, in namespaces of its own: /sys is ldmd's tree,\n"
		     "/dev holds ldmd's device nodes beside null, zero, tty and the like, what\n"
		     "ldmd serves in DIR/proc replaces those files of /proc, and netlink\n"
		     "uevent sockets hear ldmd's events, on the kernel and the udev group, and\n"
		     "never the machine's (udevadm monitor, pyudev, udevd). Every ioctl on a\n"
		     "node reaches its driver whole, and kmod's insmod, modprobe and rmmod\n"
		     "load and unload ldmd's modules, through the preload library:\n"
		     "$LDM_PRELOAD, else the installed one.\n"
		     "The machine's own view is untouched. Exit status: PROGRAM's.\n"
		     "If ldmd refuses the listener of its events (all its slots taken), ldm\n"
		     "exec says so and fails (exit status 1), unless --no-events is given.\n\n"
		     "  -r, --root DIR     the ldmd to run against\n"
		     "  -m, --modules DIR  ldmd's modules directory, shown at\n"
		     "                     /lib/modules/$(uname -r) (default: ldmd's --modules)\n"
		     "      --no-events    run PROGRAM even without ldmd's events\n"
		     "      --udevd RULES  run the machine's systemd-udevd beside PROGRAM, with\n"
		     "                     the rules of the directory RULES only ($LDM_UDEVD\n"
		     "                     names another udevd); its links are made in\n"
		     "                     DIR/dev and its database kept in DIR/udev, for\n"
		     "                     every later PROGRAM until ldmd stops\n"
		     "  -h, --help         show this text\n");
}

static pid_t program;

struct exec_opts {
	const char *root;  /* --root, else the default */
	bool no_events;	   /* --no-events */
	const char *rules; /* --udevd RULES, resolved, or NULL */
	char rules_buf[PATH_MAX];
	char modules[PATH_MAX]; /* --modules DIR, resolved, or ldmd's, or "" */
};

/*
 * ldmd's --modules DIR, from its command line (the control socket's peer):
 * an absolute directory only, as ldmd leaves its working directory when
 * it detaches. "" when there is none.
 */
static void ldmd_modules_dir(const char *root, char *buf, size_t size)
{
	char path[64], cmdline[8192], *arg, *end, *dir = NULL;
	struct ucred cred;
	socklen_t len = sizeof(cred);
	struct stat st;
	ssize_t n = -1;
	int fd, c;

	buf[0] = '\0';
	c = ctl_open(root, CONTROL_SOCKET);
	if (c < 0)
		return;
	if (!getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &len) && cred.pid > 0) {
		snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)cred.pid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			n = read(fd, cmdline, sizeof(cmdline) - 1);
			close(fd);
		}
	}
	close(c);
	if (n <= 0)
		return;
	cmdline[n] = '\0';
	end = cmdline + n;
	for (arg = cmdline; arg < end; arg += strlen(arg) + 1) {
		if ((!strcmp(arg, "--modules") || !strcmp(arg, "-m")) &&
		    arg + strlen(arg) + 1 < end)
			dir = arg + strlen(arg) + 1;
		else if (!strncmp(arg, "--modules=", 10))
			dir = arg + 10;
	}
	if (dir && dir[0] == '/' && !stat(dir, &st) && S_ISDIR(st.st_mode))
		snprintf(buf, size, "%s", dir);
}

/* The forwarder's exit status when ldmd refused its listener. */
#define FORWARDER_REFUSED 3
/* How long ldmd's refusal of a listener is waited for before the program starts. */
#define VERDICT_MS	  100

/*
 * Whether ldmd refused the listener @fd: it sends "ldm-refused@" with the
 * reason, and closes, as soon as it accepts the connection; an accepted
 * listener hears nothing until an event. What is read is left for the
 * forwarder. Return: 1 (the reason in @why), or 0.
 */
static int exec_refused(int fd, int timeout_ms, char *why, size_t size)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char buf[512];
	ssize_t n;

	if (poll(&p, 1, timeout_ms) <= 0)
		return 0;
	n = recv(fd, buf, sizeof(buf) - 1, MSG_PEEK | MSG_DONTWAIT);
	if (n < 0)
		return 0;
	buf[n] = '\0';
	if (n == 0) {
		snprintf(why, size, "ldmd closed the connection");
		return 1;
	}
	if (strcmp(buf, "ldm-refused@"))
		return 0;
	n = (ssize_t)strlen(buf) + 1;
	snprintf(why, size, "%s", !strncmp(buf + n, "REASON=", 7) ? buf + n + 7 : "no reason");
	return 1;
}

static void say_refused(const char *why, bool no_events)
{
	fprintf(stderr, "ldm exec: ldmd refused the listener of its events: %s; %s\n", why,
		no_events ? "going on without them (--no-events)" :
			    "the program would hear no events and /dev would not follow ldmd "
			    "(--no-events runs it so)");
}

static void pass_signal(int sig)
{
	if (program > 0)
		kill(program, sig);
}

/* The forwarder of events, in the namespaces: until the program has ended. */
static pid_t start_forwarder(int uevent, int stop[2], bool no_events, bool said)
{
	pid_t pid = fork();

	if (pid == 0) {
		char why[256];
		int error;

		close(stop[1]); /* the pipe hangs up when ldm exec closes its end */
		error = exec_forward_events(uevent, stop[0], EXEC_ROOT "/dev", why, sizeof(why));
		if (error == -ECONNREFUSED) {
			/* Late, if not said: ldmd answered after VERDICT_MS. */
			if (!said)
				say_refused(why, no_events);
			_exit(FORWARDER_REFUSED);
		}
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

/* The environment that names the namespace's ldmd, for the program and udevd. */
static void set_environment(void)
{
	setenv("LDM_ROOT", EXEC_ROOT, 1);
	setenv("SYSFS_PATH", "/sys", 1); /* libsysfs (systool) looks it up first */
	/*
	 * libudev (systemd >= 250) refuses a device whose directory is not on
	 * sysfs by its statfs magic, which a FUSE mount cannot give; this
	 * documented switch of systemd's turns that check off. A value the
	 * user set stays.
	 */
	setenv("SYSTEMD_DEVICE_VERIFY_SYSFS", "0", 0);
	add_preload();
}

/* PROGRAM, in that environment. */
static pid_t start_program(char *argv[])
{
	pid_t pid = fork();

	if (pid == 0) {
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

static int run_in_sandbox(const char *root, int uevent, const struct exec_opts *o, bool said,
			  char *argv[])
{
	struct sigaction sa = { .sa_handler = pass_signal };
	int stop[2], status = 0, st, error;
	pid_t forwarder, pid, udevd = 0;
	bool no_events = o->no_events;
	bool failed = false;

	error = exec_enter_sandbox(root);
	if (error)
		return 1;
	if (pipe2(stop, O_CLOEXEC)) {
		perror("ldm exec: pipe");
		return 1;
	}
	forwarder = start_forwarder(uevent, stop, no_events, said);
	close(uevent);
	close(stop[0]);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	set_environment();
	if (*o->modules && exec_bind_modules(o->modules))
		goto err_forwarder;
	if (o->rules) {
		udevd = exec_start_udevd(o->rules);
		if (udevd < 0)
			goto err_forwarder;
	}
	program = start_program(argv);
	if (program < 0) {
		perror("ldm exec: fork");
		status = 1 << 8;
	}
	/* Until the program ends; a forwarder refused late stops it, unless --no-events. */
	while (program > 0) {
		pid = waitpid(-1, &st, 0);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			break;
		if (pid == program) {
			status = st;
			break;
		}
		if (pid == forwarder) {
			forwarder = 0;
			if (WIFEXITED(st) && WEXITSTATUS(st) == FORWARDER_REFUSED && !no_events) {
				failed = true;
				kill(program, SIGTERM);
			}
		}
	}
	exec_stop_udevd(udevd);
	close(stop[1]);
	if (forwarder > 0)
		waitpid(forwarder, NULL, 0);
	return failed ? 1 : exit_status(status);

err_forwarder:
	close(stop[1]);
	waitpid(forwarder, NULL, 0);
	return 1;
}

enum { OPT_MODULES = 1, OPT_NO_EVENTS, OPT_UDEVD };

/* A directory named by an option, resolved into @buf; 0, or 2 after saying why. */
static int option_dir(const char *opt, const char *arg, char *buf)
{
	struct stat st;

	const char *why = NULL;

	if (!realpath(arg, buf) || stat(buf, &st))
		why = strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "not a directory";
	if (why)
		fprintf(stderr, "ldm exec: %s %s: %s\n", opt, arg, why);
	return why ? 2 : 0;
}

static int exec_option(int id, const char *arg, void *data)
{
	struct exec_opts *o = data;

	if (id == OPT_NO_EVENTS) {
		o->no_events = true;
		return 0;
	}
	if (id == OPT_MODULES)
		return option_dir("--modules", arg, o->modules);
	if (option_dir("--udevd", arg, o->rules_buf))
		return 2;
	o->rules = o->rules_buf;
	return 0;
}

/* --root, --modules, --no-events, --udevd, --help; parsing stops at PROGRAM. */
static int exec_options(int argc, char *argv[], struct exec_opts *o)
{
	static const struct tool_option extra[] = {
		{ "modules", 'm', true, OPT_MODULES },
		{ "no-events", 0, false, OPT_NO_EVENTS },
		{ "udevd", 0, true, OPT_UDEVD },
		{ 0 },
	};
	const struct tool_parse p = {
		.extra = extra, .fn = exec_option, .data = o, .help = exec_help
	};
	struct tool_opts common;
	int status;

	memset(o, 0, sizeof(*o));
	status = tool_parse_options_ext(argc, argv, &p, &common);
	if (status >= 0)
		return status;
	o->root = common.root;
	if (optind >= argc) {
		exec_help(stderr);
		return 2;
	}
	return -1;
}

static int exec_run(int argc, char *argv[])
{
	char root[PATH_MAX], why[256];
	int status, uevent, refused;
	struct exec_opts o;

	status = exec_options(argc, argv, &o);
	if (status >= 0)
		return status;
	/* A root that is not there: no ldmd at it, said as the other verbs say it. */
	if (!realpath(o.root, root))
		snprintf(root, sizeof(root), "%s", o.root);
	uevent = ctl_connect_socket("exec", root, "uevent");
	if (uevent < 0)
		return 1;
	if (!*o.modules)
		ldmd_modules_dir(root, o.modules, sizeof(o.modules));
	refused = exec_refused(uevent, VERDICT_MS, why, sizeof(why));
	if (refused) {
		say_refused(why, o.no_events);
		if (!o.no_events) {
			close(uevent);
			return 1;
		}
	}
	return run_in_sandbox(root, uevent, &o, refused, argv + optind);
}

const struct ldm_verb ldm_verb_exec = {
	.name = "exec",
	.run = exec_run,
	.help = "run a program with ldmd's tree, nodes and events as its machine's",
};
