// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount.c - the FUSE layer's mounts, DIR/sys, DIR/dev and DIR/proc: their
 * mount points, the stale mount a killed server may leave there, the FUSE
 * sessions, and the threads that serve them. Mounting, serving, stopping
 * and unmounting all happen here, the same way for the three; what differs
 * (the directory, the options, the requests, what to set up before serving
 * and drop after) is a struct ldm_fuse_fs. What the layer says goes to
 * stderr under the name of the program that uses it, and a mount taken away
 * under it is that program's to handle (struct ldm_fuse_host).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

/**
 * DOC: how mount.c works
 *
 * Each session is mounted with
 *   default_permissions  the kernel checks modes and owners, as for /sys
 *                        and /dev;
 *   allow_other          every user may look, as at /sys and /dev;
 *   auto_unmount         fusermount3 stays behind and unmounts the tree if
 *                        the server dies without doing it.
 * It is mounted before the runtime boots (fusermount3 is forked while the
 * program has one thread) and served once the runtime exists, by libfuse's
 * multi-threaded loop in a thread of its own, with at most max_threads
 * requests in progress at once. To stop it, the session is marked as
 * exiting and that thread is woken with SIGUSR1 until its loop returns;
 * SIGUSR1 is blocked everywhere else. If the loop returns without being
 * asked to, the mount was taken away under it (umount, fusermount3 -u):
 * the host's mount_gone() hears it, from that thread, and decides.
 */

#define MOUNT_OPTIONS "subtype=ldm,default_permissions,allow_other,auto_unmount"
#define WAKE_SIGNAL   SIGUSR1

struct ldm_fuse_mount {
	const struct ldm_fuse_fs *fs;
	char *mountpoint;
	struct fuse_session *se;
	bool serving; /* the thread runs, and fs->start() succeeded */
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool stopping; /* under @lock: ldm_fuse_unmount() asked the loop to end */
	bool done;     /* under @lock: the loop has returned */
};

extern char **environ;

/* Set once, before the first mount (ldm_fuse_set_host()). */
static struct ldm_fuse_host host;

/**
 * fuse_say - print a message of the layer's: "NAME: " and the message on
 * stderr, or nothing without a host's name
 * @fmt: the format, its newline included
 */
void fuse_say(const char *fmt, ...)
{
	va_list ap;

	if (!host.name)
		return;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", host.name);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/**
 * ldm_fuse_set_host - tell the FUSE layer who uses it
 * @h: its name and its handler of a mount taken away (copied)
 *
 * Call before the first ldm_fuse_mount(). Without it, the layer prints
 * nothing, names its sessions "ldm-fuse", and ignores a mount taken away
 * (whose thread ends).
 */
void ldm_fuse_set_host(const struct ldm_fuse_host *h)
{
	host = *h;
}

/*
 * A FUSE mount whose server is gone answers every request with ENOTCONN;
 * but stat() may not make one: the kernel answers it from its cache when
 * something looked at the mount before its server was killed. statfs() is
 * never cached: it asks the connection every time.
 */
static bool is_dead_mount(const char *path)
{
	struct statfs sfs;

	return statfs(path, &sfs) && errno == ENOTCONN;
}

static void unmount_dead(const char *path)
{
	char *argv[] = { "fusermount3", "-u", "-q", "-z", "--", (char *)path, NULL };
	int status;
	pid_t pid;

	if (geteuid() == 0) {
		umount2(path, MNT_DETACH);
		return;
	}
	if (!posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ))
		waitpid(pid, &status, 0);
}

/*
 * A killed server leaves its mount dead until the fusermount3 that
 * auto_unmount left watching takes it away, which it does at once: give it
 * a second before doing it here (then a mount made without auto_unmount,
 * or whose watcher was killed too, is cleaned as well).
 */
static int clean_stale_mount(const char *path)
{
	int i;

	if (!is_dead_mount(path))
		return 0;
	for (i = 0; i < 20 && is_dead_mount(path); i++)
		usleep(50 * 1000);
	for (i = 0; i < 8 && is_dead_mount(path); i++)
		unmount_dead(path);
	if (is_dead_mount(path)) {
		fuse_say("%s: cannot unmount the stale mount of a dead %s\n", path, host.name);
		return -ENOTCONN;
	}
	fuse_say("%s: cleaned the stale mount of a dead %s\n", path, host.name);
	return 0;
}

/* Make @root/<dir>, and refuse it if something is mounted there already. */
static int prepare_mountpoint(const char *root, const char *path)
{
	struct stat st, parent;
	int error;

	error = clean_stale_mount(path);
	if (error)
		return error;
	if (mkdir(path, 0755) && errno != EEXIST) {
		error = -errno;
		fuse_say("%s: %s\n", path, strerror(errno));
		return error;
	}
	if (stat(path, &st) || stat(root, &parent)) {
		error = -errno;
		fuse_say("%s: %s\n", path, strerror(errno));
		return error;
	}
	if (!S_ISDIR(st.st_mode)) {
		fuse_say("%s: not a directory\n", path);
		return -ENOTDIR;
	}
	if (st.st_dev != parent.st_dev) {
		fuse_say("%s: already mounted; is another %s serving %s?\n", path, host.name, root);
		return -EBUSY;
	}
	return 0;
}

static struct fuse_session *new_session(const struct ldm_fuse_fs *fs)
{
	char fsname[64], *argv[] = { (char *)(host.name ? host.name : "ldm-fuse"),
				     "-o",
				     MOUNT_OPTIONS,
				     "-o",
				     fsname,
				     NULL };
	struct fuse_args args = FUSE_ARGS_INIT(5, argv);
	struct fuse_session *se;

	snprintf(fsname, sizeof(fsname), "fsname=%s", fs->fsname);
	se = fuse_session_new(&args, fs->ops, sizeof(*fs->ops), NULL);
	fuse_opt_free_args(&args);
	return se;
}

/**
 * ldm_fuse_mount - mount (but not yet serve) a file system at @root/<dir>
 * @root: an absolute directory that exists
 * @fs: what to mount: ldm_fuse_sysfs or ldm_fuse_dev
 * @ret: the mount, for ldm_fuse_serve() and ldm_fuse_unmount()
 *
 * Cleans a stale mount a dead server left there, creates the directory if
 * needed. Until ldm_fuse_serve(), whoever touches the mount waits.
 * Return: 0, or a negative errno; the reason is printed (under the host's
 * name, if it gave one).
 */
int ldm_fuse_mount(const char *root, const struct ldm_fuse_fs *fs, struct ldm_fuse_mount **ret)
{
	struct ldm_fuse_mount *m;
	int error = -ENOMEM;

	m = calloc(1, sizeof(*m));
	if (!m || asprintf(&m->mountpoint, "%s/%s", root, fs->dir) < 0)
		goto err_free;
	m->fs = fs;
	error = prepare_mountpoint(root, m->mountpoint);
	if (error)
		goto err_free;
	error = -EIO;
	m->se = new_session(fs);
	if (!m->se)
		goto err_free;
	if (fuse_session_mount(m->se, m->mountpoint)) {
		fuse_say("%s: cannot mount %s\n", m->mountpoint, fs->what);
		goto err_destroy;
	}
	pthread_mutex_init(&m->lock, NULL);
	pthread_cond_init(&m->cond, NULL);
	*ret = m;
	return 0;

err_destroy:
	fuse_session_destroy(m->se);
err_free:
	if (m)
		free(m->mountpoint);
	free(m);
	return error;
}

/**
 * ldm_fuse_session - the FUSE session of a mount, for notifications
 * @m: the mount
 */
struct fuse_session *ldm_fuse_session(struct ldm_fuse_mount *m)
{
	return m->se;
}

static void wake(int sig)
{
	(void)sig;
}

/* The loop, with its own configuration (FUSE_USE_VERSION 312): no leak, max_threads ours. */
static int serve_loop(struct ldm_fuse_mount *m)
{
	struct fuse_loop_config *config = fuse_loop_cfg_create();
	int ret;

	if (!config)
		return -ENOMEM;
	fuse_loop_cfg_set_max_threads(config, m->fs->max_threads);
	ret = fuse_session_loop_mt(m->se, config);
	fuse_loop_cfg_destroy(config);
	return ret;
}

static void *serve_thread(void *arg)
{
	struct ldm_fuse_mount *m = arg;
	bool asked;
	sigset_t set;
	int ret;

	sigemptyset(&set);
	sigaddset(&set, WAKE_SIGNAL);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	ret = serve_loop(m);

	pthread_mutex_lock(&m->lock);
	asked = m->stopping;
	m->done = true;
	pthread_cond_broadcast(&m->cond);
	pthread_mutex_unlock(&m->lock);
	/* Unmounted under us (umount, fusermount3 -u): the host decides what follows. */
	if (!asked && host.mount_gone)
		host.mount_gone(m->mountpoint, ret, host.data);
	return NULL;
}

/**
 * ldm_fuse_serve - start serving the mount
 * @m: the mount
 *
 * After ldm_init(): the file system's start() runs here. Call with
 * WAKE_SIGNAL blocked, as every thread but the serving ones should have it.
 * Return: 0, or a negative errno.
 */
int ldm_fuse_serve(struct ldm_fuse_mount *m)
{
	struct sigaction sa = { .sa_handler = wake }; /* no SA_RESTART */
	int error;

	error = m->fs->start ? m->fs->start(m->se) : 0;
	if (error)
		return error;
	sigemptyset(&sa.sa_mask);
	sigaction(WAKE_SIGNAL, &sa, NULL);
	error = -pthread_create(&m->thread, NULL, serve_thread, m);
	if (error) {
		if (m->fs->stop)
			m->fs->stop(true);
		return error;
	}
	m->serving = true;
	return 0;
}

/*
 * The loop's main thread sleeps in sem_wait(), which a signal interrupts;
 * a signal that comes just before it sleeps is missed, hence the repeats.
 */
static void stop_serving(struct ldm_fuse_mount *m)
{
	struct timespec until;

	pthread_mutex_lock(&m->lock);
	m->stopping = true;
	pthread_mutex_unlock(&m->lock);
	fuse_session_exit(m->se);

	pthread_mutex_lock(&m->lock);
	while (!m->done) {
		pthread_kill(m->thread, WAKE_SIGNAL);
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 20 * 1000 * 1000;
		if (until.tv_nsec >= 1000 * 1000 * 1000) {
			until.tv_sec++;
			until.tv_nsec -= 1000 * 1000 * 1000;
		}
		pthread_cond_timedwait(&m->cond, &m->lock, &until);
	}
	pthread_mutex_unlock(&m->lock);
	pthread_join(m->thread, NULL);
}

/**
 * ldm_fuse_unmount - stop serving, unmount, and drop what the kernel held
 * @m: the mount
 *
 * Safe on every exit path: whatever of mount and serve was done is undone.
 */
void ldm_fuse_unmount(struct ldm_fuse_mount *m)
{
	if (m->serving)
		stop_serving(m);
	fuse_session_unmount(m->se);
	fuse_session_destroy(m->se);
	/* Nothing serves the session now: what the kernel held is ours to drop. */
	if (m->fs->stop)
		m->fs->stop(m->serving);
	pthread_cond_destroy(&m->cond);
	pthread_mutex_destroy(&m->lock);
	free(m->mountpoint);
	free(m);
}

/* The sysfs mount: its node ids and open files are nodes.c's and sysfs.c's. */
static int sysfs_start(struct fuse_session *se)
{
	int error;

	(void)se;
	error = fuse_nodes_init();
	if (!error) {
		error = fuse_sysfs_ops_start();
		if (error)
			fuse_nodes_exit();
	}
	return error;
}

static void sysfs_stop(bool started)
{
	fuse_sysfs_ops_exit();
	if (started)
		fuse_nodes_exit();
}

const struct ldm_fuse_fs ldm_fuse_sysfs = {
	.dir = "sys",
	.fsname = "sysfs",
	.what = "the sysfs tree",
	.ops = &fuse_sysfs_ops,
	.max_threads = FUSE_SYSFS_THREADS,
	.start = sysfs_start,
	.stop = sysfs_stop,
};
