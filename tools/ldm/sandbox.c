// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sandbox.c - the namespaces `ldm exec` runs a program in: the program's
 * /sys is ldmd's tree, its /dev has ldmd's device nodes beside the few
 * nodes every program needs, its /proc the files ldmd serves, and its
 * network namespace the udev events of the forwarder (udev-forward.c).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include "exec.h"

/**
 * DOC: how sandbox.c works
 *
 * A FUSE mount cannot make itself sysfs, and /sys, /dev, /proc and the
 * netlink uevent socket are fixed names; a mount namespace makes the names
 * point at ldmd's mounts for one program and its children, whatever they
 * call (libc, a static binary, Python), with nothing of the machine's view
 * changed. In order:
 *
 *  1. unshare a mount and a network namespace (and a user namespace first,
 *     when not root, with the caller mapped to root in it), and make every
 *     mount private, so that nothing done here reaches the machine. The
 *     network namespace is always owned by a user namespace other than the
 *     machine's (as root, one made by a child whose network namespace
 *     ldm exec joins, keeping its own user namespace and capabilities):
 *     the kernel sends the machine's uevents only to namespaces the
 *     initial user namespace owns, so the program hears ldmd's alone;
 *  2. keep a handle on the machine's /dev, mount a tmpfs on /dev, bind into
 *     it the nodes every program needs (null, zero, full, random, urandom,
 *     tty, pts, shm, log) and ldmd's root, whole, at /dev/.ldm (so that its
 *     mounts and sockets stay reachable whatever is mounted over them);
 *  3. bind /dev/.ldm/sys on /sys;
 *  4. bind each file of /dev/.ldm/proc, at any depth, over the file of
 *     /proc of its path (a user namespace may not: then /proc stays the
 *     machine's, said once);
 *  5. give /run/udev a tmpfs with an empty "control" file (libudev opens no
 *     monitor where no udevd seems to run), and ldmd's DIR/udev/data,
 *     tags, links and links.lock bound in it: udevd's database outlives
 *     the namespace, as long as ldmd;
 *  6. bring the loopback interface up, as a fresh network namespace has it
 *     down;
 *  7. with ldmd's modules directory known, bind it at
 *     /lib/modules/$(uname -r) (exec_bind_modules()).
 * /dev/NAME links to each entry at the top of /dev/.ldm/dev (a node, or
 * a directory: /dev/input is a link to ldmd's), kept in step by the
 * forwarder; so what udevd makes in such a directory is made in DIR/dev.
 */

/* Write @text to @path, as one write. */
static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -EIO;
}

static int say(const char *what, const char *path, int error)
{
	fprintf(stderr, "ldm exec: %s %s: %s\n", what, path, strerror(-error));
	return error;
}

/*
 * As root: join a new network namespace owned by a new user namespace, while
 * staying in the machine's user namespace (with the machine's capabilities).
 * The kernel broadcasts the machine's uevents only to network namespaces
 * that the initial user namespace owns; this one gets none of them, and
 * takes ldmd's, injected by the forwarder.
 */
static int unshare_net_owned(void)
{
	char path[64];
	int error = 0, fd;
	pid_t pid;

	/*
	 * clone() rather than fork() and unshare(): the child is made in its
	 * namespaces at once, whatever threads this process has (a
	 * sanitizer's), which unshare(CLONE_NEWUSER) refuses.
	 */
	pid = (pid_t)syscall(SYS_clone, CLONE_NEWUSER | CLONE_NEWNET | SIGCHLD, 0, 0, 0, 0);
	if (pid == 0) {
		for (;;)
			syscall(SYS_pause); /* until killed, once its namespace is joined */
	}
	if (pid < 0)
		error = -errno;
	if (!error) {
		snprintf(path, sizeof(path), "/proc/%d/ns/net", (int)pid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || setns(fd, CLONE_NEWNET))
			error = -errno;
		if (fd >= 0)
			close(fd);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	if (error)
		fprintf(stderr,
			"ldm exec: no user namespace to own the network namespace (%s): "
			"the machine's uevents reach the program too\n",
			strerror(-error));
	return error;
}

/* Enter the namespaces; as root in a new user namespace when not root. */
static int unshare_all(void)
{
	uid_t uid = getuid();
	gid_t gid = getgid();
	bool user = geteuid() != 0;
	char map[64];
	int error;

	if (unshare(user ? CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET : CLONE_NEWNS))
		return say("cannot unshare", "the namespaces", -errno);
	if (user) {
		error = write_file("/proc/self/setgroups", "deny");
		snprintf(map, sizeof(map), "0 %u 1", (unsigned int)uid);
		if (!error)
			error = write_file("/proc/self/uid_map", map);
		snprintf(map, sizeof(map), "0 %u 1", (unsigned int)gid);
		if (!error)
			error = write_file("/proc/self/gid_map", map);
		if (error)
			return say("cannot map", "the user namespace", error);
	} else if (unshare_net_owned() && unshare(CLONE_NEWNET)) {
		return say("cannot unshare", "a network namespace", -errno);
	}
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		return say("cannot make private", "/", -errno);
	return 0;
}

/* Bind @src (a file or a directory) on @dst, making @dst as @src is. */
static int bind_on(const char *src, const char *dst)
{
	struct stat st;
	int fd;

	if (stat(src, &st))
		return -errno;
	if (S_ISDIR(st.st_mode)) {
		if (mkdir(dst, 0755) && errno != EEXIST)
			return -errno;
	} else {
		fd = open(dst, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
		if (fd >= 0)
			close(fd);
	}
	return mount(src, dst, NULL, MS_BIND | MS_REC, NULL) ? -errno : 0;
}

/* A tmpfs on /dev with the machine's common nodes and ldmd's root at /dev/.ldm. */
static int make_dev(const char *root)
{
	static const char *const nodes[] = { "null",	"zero", "full", "random",
					     "urandom", "tty",	"pts",	"log" };
	char src[PATH_MAX], dst[PATH_MAX];
	size_t i;
	int old, error;

	old = open("/dev", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (old < 0)
		return say("cannot open", "/dev", -errno);
	if (mount("ldm-exec", "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755")) {
		close(old);
		return say("cannot mount a tmpfs on", "/dev", -errno);
	}
	for (i = 0; i < sizeof(nodes) / sizeof(nodes[0]); i++) {
		snprintf(src, sizeof(src), "/proc/self/fd/%d/%s", old, nodes[i]);
		snprintf(dst, sizeof(dst), "/dev/%s", nodes[i]);
		bind_on(src, dst); /* a node the machine lacks is left out */
	}
	close(old);
	if (symlink("pts/ptmx", "/dev/ptmx") || symlink("/proc/self/fd", "/dev/fd") ||
	    symlink("/proc/self/fd/0", "/dev/stdin") || symlink("/proc/self/fd/1", "/dev/stdout") ||
	    symlink("/proc/self/fd/2", "/dev/stderr"))
		return say("cannot link", "in /dev", -errno);
	if (mkdir("/dev/shm", 01777) || mount("shm", "/dev/shm", "tmpfs", MS_NOSUID, "mode=1777"))
		return say("cannot mount", "/dev/shm", -errno);
	error = bind_on(root, EXEC_ROOT);
	return error ? say("cannot bind", root, error) : 0;
}

/*
 * Each file ldmd serves below /dev/.ldm/proc/@rel, at any depth, over the
 * file of /proc of the same path (/proc/bus/input/devices); a file or a
 * directory the machine lacks is left to the preload library, as procfs
 * takes no bind mount where it has nothing. Says once what it cannot bind.
 */
static void bind_proc_dir(const char *rel, bool *said)
{
	char src[PATH_MAX], dst[PATH_MAX], sub[PATH_MAX / 2];
	struct dirent *de;
	struct stat st;
	DIR *d;

	snprintf(src, sizeof(src), EXEC_ROOT "/proc%s", rel);
	d = opendir(src);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", rel, de->d_name);
		snprintf(src, sizeof(src), EXEC_ROOT "/proc%s", sub);
		snprintf(dst, sizeof(dst), "/proc%s", sub);
		/* One the machine lacks, procfs cannot take: the preload opens it. */
		if (lstat(dst, &st))
			continue;
		if (de->d_type == DT_DIR) {
			if (S_ISDIR(st.st_mode))
				bind_proc_dir(sub, said);
			continue;
		}
		if (S_ISDIR(st.st_mode))
			continue;
		if (mount(src, dst, NULL, MS_BIND, NULL) && !*said) {
			*said = true;
			fprintf(stderr, "ldm exec: /proc%s stays the machine's: %s\n", sub,
				strerror(errno));
		}
	}
	if (d)
		closedir(d);
}

/* What of /run/udev outlives one udevd: ldmd's DIR/udev has them (daemon/udev-db.c). */
static const char *const udev_db_dirs[] = { "data", "tags", "links", "links.lock" };

/*
 * /run/udev: the namespace's own tmpfs, with what libudev takes for a
 * running udevd (/run/udev/control); the control socket, queue and
 * inotify watches of a udevd are the namespace's, but its database, tags
 * and link stacks are ldmd's DIR/udev, bound here, so that they outlive
 * this ldm exec as a machine's outlive each program (an ldmd without one:
 * the namespace's own, empty).
 */
static int make_run_udev(void)
{
	char src[PATH_MAX], dst[PATH_MAX];
	bool ours;
	size_t i;
	int fd;

	if (mkdir("/run/udev", 0755) && errno != EEXIST)
		return say("cannot make", "/run/udev", -errno);
	if (mount("ldm-exec", "/run/udev", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755"))
		return say("cannot mount a tmpfs on", "/run/udev", -errno);
	fd = open("/run/udev/control", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return say("cannot make", "/run/udev/control", -errno);
	close(fd);
	ours = !access(EXEC_ROOT "/udev/.ldmd", F_OK); /* daemon/udev-db.c made it */
	for (i = 0; i < sizeof(udev_db_dirs) / sizeof(udev_db_dirs[0]); i++) {
		snprintf(src, sizeof(src), EXEC_ROOT "/udev/%s", udev_db_dirs[i]);
		snprintf(dst, sizeof(dst), "/run/udev/%s", udev_db_dirs[i]);
		if (mkdir(dst, 0755))
			return say("cannot make", dst, -errno);
		if (ours && mount(src, dst, NULL, MS_BIND, NULL))
			return say("cannot bind on", dst, -errno);
	}
	return 0;
}

/**
 * exec_bind_modules - make /lib/modules/$(uname -r) ldmd's modules directory
 * @dir: the directory (ldmd --modules), absolute
 *
 * A tmpfs hides the machine's /lib/modules, with @dir bound in it at the
 * release's name: kmod's modinfo, modprobe and depmod find ldmd's modules
 * there, and no module of the machine.
 * Return: 0, or a negative errno after saying what failed.
 */
int exec_bind_modules(const char *dir)
{
	char dst[PATH_MAX];
	struct utsname u;

	if (uname(&u))
		return say("cannot name", "the release", -errno);
	if (mkdir("/lib/modules", 0755) && errno != EEXIST)
		return say("cannot make", "/lib/modules", -errno);
	if (mount("ldm-exec", "/lib/modules", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755"))
		return say("cannot mount a tmpfs on", "/lib/modules", -errno);
	snprintf(dst, sizeof(dst), "/lib/modules/%s", u.release);
	if (mkdir(dst, 0755))
		return say("cannot make", dst, -errno);
	if (mount(dir, dst, NULL, MS_BIND | MS_REC, NULL))
		return say("cannot bind the modules directory", dir, -errno);
	return 0;
}

/* The loopback interface up, as a network namespace starts with it down. */
static void loopback_up(void)
{
	struct ifreq ifr = { .ifr_name = "lo" };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return;
	if (!ioctl(fd, SIOCGIFFLAGS, &ifr)) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
}

/**
 * exec_enter_sandbox - enter the namespaces in which /sys, /dev and /proc
 * are ldmd's
 * @root: the root of the ldmd, absolute
 *
 * Return: 0, or a negative errno after saying on stderr what failed.
 */
int exec_enter_sandbox(const char *root)
{
	char sys[PATH_MAX];
	bool said = false;
	int error;

	error = unshare_all();
	if (!error)
		error = make_dev(root);
	if (error)
		return error;
	snprintf(sys, sizeof(sys), "%s/sys", EXEC_ROOT);
	if (mount(sys, "/sys", NULL, MS_BIND | MS_REC, NULL))
		return say("cannot bind on /sys", sys, -errno);
	bind_proc_dir("", &said);
	error = make_run_udev();
	if (error)
		return error;
	loopback_up();
	exec_sync_nodes(EXEC_ROOT "/dev");
	return 0;
}
