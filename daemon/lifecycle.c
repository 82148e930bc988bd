// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lifecycle.c - ldmd from start to stop, in the order the note below lists.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <libldm/libldm.h>

#include "ldmd.h"

/**
 * DOC: how lifecycle.c works
 *
 *   1. without --foreground, fork: the parent waits until the child serves
 *      and then exits 0 (1 if the child failed), so that whoever started
 *      ldmd (a shell, systemd's Type=forking) sees it return ready;
 *   2. block SIGTERM, SIGINT and SIGHUP in every thread to come: they are
 *      taken with sigwait() by the main thread only;
 *   3. fork the guardian (guardian.c), which unmounts them if ldmd dies
 *      without doing it; mount DIR/sys, DIR/dev and DIR/proc, boot the runtime (ldm_init) with its
 *      console on stderr, serve the mounts, watch the tree for the
 *      kernel's cache, open the uevent socket DIR/uevent;
 *   4. add the devices of the board, if one is named: a bad board stops
 *      ldmd with status 1 (the runtime's log says what is wrong with it);
 *      before the modules, so that their drivers bind as they register;
 *      then open the control socket DIR/control;
 *   5. load the modules named, in order: after the mount, so that a
 *      module whose init waits for its firmware through the fallback files
 *      can be answered; a module that fails is reported, and the rest go on,
 *      as a kernel boots on when one module fails; with --modules, start
 *      autoloading and load the drivers of the devices already there
 *      (coldplug); request_module() resolves through the same directory
 *      from the boot on;
 *   6. print "ldmd: ready", tell the parent (and systemd), detach from the
 *      terminal (the console goes to syslog);
 *   7. on SIGTERM, SIGINT or SIGHUP (or a shutdown or reboot request, or a
 *      driver's machine_restart/halt/power_off): close the
 *      control socket, undo what its requests left (suspended devices,
 *      added devices), stop autoloading and request_module(), close the
 *      device nodes still open (a read asleep in a driver gets EINTR, every
 *      later call ENODEV), stop the runtime, which unloads the modules and
 *      the board's devices, while the mounts still serve and listeners
 *      still hear the events; then close the uevent socket, unmount,
 *      remove DIR/udev (udev-db.c: made empty before the mounts), exit 0. An autoload whose driver's init has not returned is left behind
 *      (autoload.c), and the runtime is then not stopped under it: ldmd
 *      unmounts and exits all the same.
 */

/* Fork; the parent returns only through _exit(), with the child's verdict. */
static int detach(int *ready_fd)
{
	int fds[2], status;
	ssize_t n;
	pid_t pid;
	char c;

	if (pipe2(fds, O_CLOEXEC)) {
		perror("ldmd: pipe");
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("ldmd: fork");
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid > 0) {
		close(fds[1]);
		while ((n = read(fds[0], &c, 1)) < 0 && errno == EINTR)
			;
		if (n == 1)
			_exit(0);
		/* The child failed before serving: its exit status says so. */
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		_exit(WIFEXITED(status) && WEXITSTATUS(status) ? WEXITSTATUS(status) : 1);
	}
	close(fds[0]);
	setsid();
	*ready_fd = fds[1];
	return 0;
}

/* Release the parent and leave the terminal: stdio goes to /dev/null. */
static void daemon_ready(int ready_fd)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	ldmd_log_detach();
	if (write(ready_fd, "R", 1) != 1)
		perror("ldmd: telling the parent");
	close(ready_fd);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		close(null);
	}
	if (chdir("/"))
		return;
}

/* mkdir -p @path, then its absolute, resolved form. */
static char *make_root(const char *path)
{
	char *copy = strdup(path), *p, *abs = NULL;

	if (!copy)
		return NULL;
	for (p = copy + 1;; p++) {
		if (*p && *p != '/')
			continue;
		if (p[-1] != '/') {
			char c = *p;

			*p = '\0';
			if (mkdir(copy, 0755) && errno != EEXIST)
				break;
			*p = c;
		}
		if (!*p) {
			abs = realpath(copy, NULL);
			break;
		}
	}
	if (!abs)
		fprintf(stderr, "ldmd: %s: %s\n", path, strerror(errno));
	free(copy);
	return abs;
}

/*
 * Refuse a root that users other than root and ldmd's may write to, unless
 * it is sticky and ldmd's (as /tmp is root's): they could swap what ldmd
 * makes there, its sockets and mount points, for links of their own.
 */
static int check_root(const char *root)
{
	struct stat st;
	bool others_write;

	if (stat(root, &st)) {
		fprintf(stderr, "ldmd: %s: %s\n", root, strerror(errno));
		return -errno;
	}
	others_write = (st.st_mode & (S_IWGRP | S_IWOTH)) ||
		       (st.st_uid != geteuid() && st.st_uid != 0);
	if (others_write && !((st.st_mode & S_ISVTX) && st.st_uid == geteuid())) {
		fprintf(stderr,
			"ldmd: %s: users other than ldmd's may write to it (mode %04o, owner "
			"uid %u): use a directory only its owner may write to, or a sticky one of "
			"ldmd's user\n",
			root, (unsigned int)(st.st_mode & 07777), (unsigned int)st.st_uid);
		return -EPERM;
	}
	return 0;
}

/* MODULE.ko[=ARGS]: ARGS are name=value pairs separated by spaces. */
static void insmod_arg(const char *spec)
{
	char *path = strdup(spec), *eq;
	int error = -ENOMEM;

	if (path) {
		eq = strstr(path, ".ko=");
		if (eq)
			eq[3] = '\0';
		error = ldm_insmod(path, eq ? eq + 4 : NULL);
	}
	if (error)
		ldm_kmsg(3, "ldmd: could not insert '%s': %s\n", path ? path : spec,
			 error == -ENOENT && path && !access(path, R_OK) ?
				 "Unknown symbol in module, or unknown parameter" :
				 strerror(-error));
	free(path);
}

/* What ldmd holds while it runs, so that one stop undoes what one start did. */
struct ldmd_state {
	char *root;
	struct ldm_fuse_mount *sys, *dev, *proc;
	struct ldmd_guardian guardian; /* unmounts if ldmd dies */
	struct ldmd_uevent *uevent;    /* NULL until the socket is open */
	struct ldmd_control *control;
	bool inval;			/* invalidations started */
	struct ldmd_modprobe *modprobe; /* --modules */
	struct ldmd_autoload *autoload;
	unsigned int left_behind; /* autoloads still in a driver's init at stop */
};

/* request_module() of a driver: resolved and loaded as modprobe would. */
static int request_hook(const char *name, void *data)
{
	char why[512] = "";
	int error = ldmd_modprobe_load(data, name, NULL, NULL, NULL, why, sizeof(why));

	if (error && error != -ENOENT)
		ldm_kmsg(3, "ldmd: request_module %s: %s\n", name, why);
	return error;
}

/* --modules: the resolver, ready before the runtime boots. */
static int open_modules(struct ldmd_state *d, const char *dir)
{
	int error;

	if (!dir)
		return 0;
	error = ldmd_modprobe_open(dir, &d->modprobe);
	if (error)
		fprintf(stderr, "ldmd: --modules %s: %s\n", dir,
			error == -ENOTDIR ? "not a directory" : strerror(-error));
	return error;
}

/* Autoload from now on, and the drivers of the devices already there. */
static int start_autoload(struct ldmd_state *d)
{
	int error;

	if (!d->modprobe)
		return 0;
	if (strcmp(ldm_sysfs_layout(), "modern")) {
		ldm_kmsg(4,
			 "ldmd: --modules: the %s tree gives no MODALIAS: no device's "
			 "driver is loaded by it\n",
			 ldm_sysfs_layout());
		return 0;
	}
	error = ldmd_autoload_start(d->modprobe, &d->autoload);
	if (!error)
		ldmd_autoload_coldplug(d->autoload);
	return error;
}

/* Serve a mount; -errno, said on stderr, if it cannot be. */
static int serve(struct ldmd_state *d, struct ldm_fuse_mount *m, const char *dir)
{
	int error = ldm_fuse_serve(m);

	if (error)
		fprintf(stderr, "ldmd: cannot serve %s/%s: %s\n", d->root, dir, strerror(-error));
	return error;
}

/*
 * The runtime stops while the mounts still serve and listeners still hear
 * its events (the modules and the board's devices going); then what hears
 * it stops. Undoes whatever part of start_runtime() was done.
 */
static void stop_runtime(struct ldmd_state *d)
{
	ldm_fuse_dev_shutdown();
	ldm_fuse_proc_shutdown();
	/* Its modules' exits must not run under an init still running. */
	if (d->left_behind)
		ldm_kmsg(4, "ldmd: %u module init%s still running: the runtime is left as it is\n",
			 d->left_behind, d->left_behind == 1 ? "" : "s");
	else
		ldm_exit();
	if (d->inval)
		ldm_fuse_inval_stop();
	if (d->uevent)
		ldmd_uevent_stop(d->uevent);
}

/* The first reason given to stop, for the log; under stop_lock. */
static pthread_mutex_t stop_lock = PTHREAD_MUTEX_INITIALIZER;
static char stop_reason[PATH_MAX + 128];

/**
 * ldmd_stop_for - stop ldmd as SIGTERM does, for a reason the log gives
 * @fmt: the reason ("ldm shutdown by uid 0"), printf-style
 *
 * Safe from any thread: only a signal is sent, and the main thread stops
 * in order. The first reason given is the one logged
 * ("ldmd: REASON: stopping").
 * Return: 0, or -errno if the signal could not be sent.
 */
int ldmd_stop_for(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&stop_lock);
	if (!stop_reason[0]) {
		va_start(ap, fmt);
		vsnprintf(stop_reason, sizeof(stop_reason), fmt, ap);
		va_end(ap);
	}
	pthread_mutex_unlock(&stop_lock);
	return kill(getpid(), SIGTERM) ? -errno : 0;
}

/* "ldmd: WHY: stopping": the reason given, else the signal's name. */
static void log_stopping(int sig)
{
	pthread_mutex_lock(&stop_lock);
	ldm_kmsg(6, "ldmd: %s: stopping\n", stop_reason[0] ? stop_reason : strsignal(sig));
	pthread_mutex_unlock(&stop_lock);
}

/* A mount taken away under ldmd (umount, fusermount3 -u): ldmd stops. */
static void mount_gone(const char *mountpoint, int status, void *data)
{
	(void)data;
	ldmd_stop_for("%s: the mount went away (%d)", mountpoint, status);
}

/*
 * A driver restarted, halted or powered off the machine (machine_restart()
 * of a watchdog that fired): ldmd stops as on SIGTERM. Only a signal is
 * sent from the driver's thread; the main thread does the rest.
 */
static void machine_stop(int how, const char *cmd, void *data)
{
	static const char *const calls[] = {
		[LDM_REBOOT_RESTART] = "machine_restart",
		[LDM_REBOOT_HALT] = "machine_halt",
		[LDM_REBOOT_POWER_OFF] = "machine_power_off",
	};
	const char *call = how > 0 && how <= LDM_REBOOT_POWER_OFF ? calls[how] : "machine_stop";

	(void)data;
	if (cmd && *cmd)
		ldmd_stop_for("%s(\"%s\") by a driver", call, cmd);
	else
		ldmd_stop_for("%s() by a driver", call);
}

/* Boot the runtime, serve the mounts, keep the kernel's cache, open DIR/uevent. */
static int start_runtime(struct ldmd_state *d)
{
	int error;

	error = ldm_init();
	if (error) {
		fprintf(stderr, "ldmd: cannot boot the runtime: %s\n", strerror(-error));
		return error;
	}
	ldm_machine_stop_handler(machine_stop, NULL);
	ldmd_log_start();
	error = serve(d, d->sys, "sys");
	if (!error)
		error = serve(d, d->dev, "dev");
	if (!error)
		error = serve(d, d->proc, "proc");
	if (error)
		goto err_stop;
	error = ldm_fuse_inval_start(d->sys);
	if (error) {
		fprintf(stderr, "ldmd: cannot watch the tree: %s\n", strerror(-error));
		goto err_stop;
	}
	d->inval = true;
	error = ldmd_uevent_start(d->root, &d->uevent);
	if (error)
		goto err_stop;
	return 0;

err_stop:
	stop_runtime(d);
	return error;
}

static int load_board(const char *board)
{
	int error = ldm_board_load(board);

	if (error)
		fprintf(stderr, "ldmd: cannot load the board %s: %s\n", board, strerror(-error));
	return error;
}

/* Type=notify: the mounts serve, the modules named are in. */
static void notify_ready(const char *root)
{
	char state[PATH_MAX + 64];

	snprintf(state, sizeof(state), "READY=1\nSTATUS=serving %s", root);
	ldmd_notify(state);
}

static void stop_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGHUP);
}

/**
 * ldmd_run - run ldmd until a signal stops it
 * @opts: the command line
 *
 * Return: the exit status: 0 after a clean stop, 1 if ldmd could not start.
 */
int ldmd_run(const struct ldmd_options *opts)
{
	struct ldmd_state d = { .guardian = { .pid = -1, .fd = -1 } };
	sigset_t stop, blocked;
	int ready_fd = -1, sig, error;
	unsigned int i;

	ldmd_notify_init();
	if (!opts->foreground && detach(&ready_fd))
		return 1;
	stop_signals(&stop);
	blocked = stop;
	sigaddset(&blocked, SIGUSR1); /* the FUSE layer's, for its own threads only */
	pthread_sigmask(SIG_BLOCK, &blocked, NULL);
	signal(SIGPIPE, SIG_IGN);

	d.root = make_root(opts->root);
	if (!d.root)
		return 1;
	error = check_root(d.root);
	if (error)
		goto err_free;
	error = open_modules(&d, opts->modules_dir);
	if (error)
		goto err_free;
	error = ldmd_udev_db_make(d.root);
	if (error)
		goto err_udev_db;
	ldm_fuse_set_host(&(struct ldm_fuse_host){ .name = "ldmd", .mount_gone = mount_gone });
	error = ldmd_guardian_start(&d.guardian, d.root, opts->foreground, ready_fd);
	if (error)
		goto err_udev_db;
	error = ldm_fuse_mount(d.root, &ldm_fuse_sysfs, &d.sys);
	if (error)
		goto err_guardian;
	ldmd_guardian_hold(&d.guardian, 0);
	error = ldm_fuse_mount(d.root, &ldm_fuse_dev, &d.dev);
	if (error)
		goto err_unmount_sys;
	ldmd_guardian_hold(&d.guardian, 1);
	error = ldm_fuse_mount(d.root, &ldm_fuse_proc, &d.proc);
	if (error)
		goto err_unmount_dev;
	ldmd_guardian_hold(&d.guardian, 2);
	ldmd_log_init();
	error = start_runtime(&d);
	if (error)
		goto err_log;
	if (d.modprobe) {
		ldm_request_module_set(request_hook, d.modprobe);
		ldmd_requests_set_modprobe(d.modprobe);
	}
	if (opts->board) {
		error = load_board(opts->board);
		if (error)
			goto err_runtime;
	}
	error = ldmd_control_start(d.root, &d.control);
	if (error)
		goto err_runtime;
	for (i = 0; i < opts->nmodules; i++)
		insmod_arg(opts->modules[i]);
	error = start_autoload(&d);
	if (error)
		goto err_control;

	printf("ldmd: ready\n");
	fflush(stdout);
	notify_ready(d.root);
	if (ready_fd >= 0)
		daemon_ready(ready_fd);
	while (sigwait(&stop, &sig))
		;
	log_stopping(sig);
	ldmd_notify("STOPPING=1");

err_control:
	ldmd_control_stop(d.control);
	ldmd_audit_flush();
	ldmd_requests_exit();
	d.left_behind = ldmd_autoload_stop(d.autoload);
err_runtime:
	ldm_request_module_set(NULL, NULL);
	stop_runtime(&d);
err_log:
	ldmd_log_stop();
	ldm_fuse_unmount(d.proc);
err_unmount_dev:
	ldm_fuse_unmount(d.dev);
err_unmount_sys:
	ldm_fuse_unmount(d.sys);
err_guardian:
	ldmd_guardian_stop(&d.guardian);
err_udev_db:
	ldmd_udev_db_remove(d.root);
err_free:
	ldmd_requests_set_modprobe(NULL);
	if (!d.left_behind) /* the loads left behind still use it */
		ldmd_modprobe_close(d.modprobe);
	free(d.root);
	return error ? 1 : 0;
}
