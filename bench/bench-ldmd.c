// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-ldmd.c - ldmd's mount against the kernel's /sys, side by side in
 * one run, and the uevent socket's throughput (docs/bench.md).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "goal.h"

/**
 * DOC: how bench-ldmd.c works
 *
 *   bench-ldmd [DEVICES]      (1,000 platform devices added by default)
 *
 * 1. A fresh attribute read, open + read + close, of the same attribute
 *    (kernel/uevent_seqnum) on DIR/sys and on /sys: microseconds per read,
 *    and their ratio.
 * 2. A walk of the whole tree as find does it (readdir + lstat of every
 *    entry), on DIR/sys with DEVICES devices added and on /sys:
 *    microseconds per entry, and their ratio; the best of three, and the
 *    first (on /sys after dropping the kernel's dentries and inodes).
 * 3. A fresh read of an attribute that declares its content stable
 *    (LDM_ATTR_STABLE: power/state, whose list never changes), which the
 *    kernel's page cache serves after the first read, against the same file
 *    of /sys.
 * 4. One round trip: pread() at offset 0 of an attribute kept open (on the
 *    mount, one READ request that calls show()), against the same on /sys:
 *    the floor under the figures above.
 * Each pinned (ldmd and this program on CPU 0) and unpinned, and 1, 3 and
 * 4 also on the least a libfuse server can do (bench-fuse-floor: the same
 * loop and options, two files served from memory), which shows what of
 * each figure is the kernel's and libfuse's, and what is ldmd's.
 * 5. Events per second delivered to 1 and to 10 listeners of DIR/uevent,
 *    for a burst of device adds and removes.
 *
 * It needs what ldmd needs (root, /dev/fuse, fusermount3) and a /sys; it
 * says so and exits 0 without them. Figures are reported, never asserted.
 */

#define READS	      3000
#define WALKS	      3
#define EVENT_PAIRS   2000
#define UEVENT_ROUNDS 3
/*
 * An event's time is not the runtime's (kobject_hotplug() is 2% of ldmd's
 * time here) but the hand-offs around it: the control request's round trip,
 * then ldmd's queue to the listener's sending thread (a futex wake and a
 * context switch), then the datagram to the listener (another wake): two
 * thirds of ldmd's time are futex waits and wakes (docs/bench.md). The goal
 * keeps what those hand-offs allow on the loaded 2-core machine.
 */
#define UEVENT_GOAL   5000

struct daemon {
	pid_t pid;
	char root[64];
	char sys[96];
};

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void pin(bool pinned)
{
	cpu_set_t set;
	long i, n = sysconf(_SC_NPROCESSORS_ONLN);

	CPU_ZERO(&set);
	for (i = 0; i < (pinned ? 1 : n); i++)
		CPU_SET(i, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/*
 * Start ldmd --foreground under a new root, or with @floor bench-fuse-floor
 * mounted at its sys/, pinned or not; wait until ready.
 */
static int daemon_start(struct daemon *d, bool pinned, bool floor)
{
	const char *ready = floor ? "ready\n" : "ldmd: ready\n";
	char line[256];
	int fds[2];
	FILE *out;

	snprintf(d->root, sizeof(d->root), "/tmp/bench-ldmd-XXXXXX");
	if (!mkdtemp(d->root) || pipe(fds))
		return -1;
	snprintf(d->sys, sizeof(d->sys), "%s/sys", d->root);
	if (floor && mkdir(d->sys, 0755))
		return -1;
	d->pid = fork();
	if (d->pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		pin(pinned);
		dup2(fds[1], 1);
		dup2(null, 2);
		close(fds[0]);
		if (floor)
			execl(FLOOR_PATH, "bench-fuse-floor", d->sys, (char *)NULL);
		else
			execl(LDMD_PATH, "ldmd", "--foreground", "--root", d->root, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	out = fdopen(fds[0], "r");
	while (out && fgets(line, sizeof(line), out))
		if (!strcmp(line, ready))
			break;
	if (out)
		fclose(out);
	return d->pid > 0 && !access(d->sys, F_OK) ? 0 : -1;
}

static void daemon_stop(struct daemon *d)
{
	kill(d->pid, SIGTERM);
	waitpid(d->pid, NULL, 0);
	rmdir(d->sys);
	rmdir(d->root);
}

static int control_connect(const struct daemon *d)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/control", d->root);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)))
		return -1;
	return fd;
}

/* One request; its errno (0: done). */
static int request(int fd, const char *req, size_t len)
{
	char buf[65536];
	ssize_t n;

	if (send(fd, req, len, MSG_NOSIGNAL) != (ssize_t)len)
		return errno;
	do {
		n = recv(fd, buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			return EPIPE;
		buf[n] = '\0';
	} while (buf[0] != 'r');
	return atoi(buf + 1);
}

static int device_request(int fd, const char *verb, unsigned int id)
{
	char req[128];
	int len;

	if (!strcmp(verb, "device-add"))
		len = snprintf(req, sizeof(req), "device-add%cbench%c%u%c", 0, 0, id, 0);
	else
		len = snprintf(req, sizeof(req), "device-remove%cbench%u%c", 0, id, 0);
	return request(fd, req, (size_t)len);
}

/* Microseconds per open + read + close of @path. */
static double fresh_read_us(const char *path)
{
	char buf[4096];
	double t0;
	int i, fd;

	t0 = now_us();
	for (i = 0; i < READS; i++) {
		fd = open(path, O_RDONLY);
		if (fd < 0 || read(fd, buf, sizeof(buf)) < 0)
			return -1;
		close(fd);
	}
	return (now_us() - t0) / READS;
}

/* Microseconds per pread() at offset 0 of @path kept open. */
static double pread_us(const char *path)
{
	char buf[4096];
	double t0;
	int i, fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	t0 = now_us();
	for (i = 0; i < READS; i++)
		if (pread(fd, buf, sizeof(buf), 0) < 0)
			break;
	close(fd);
	return (now_us() - t0) / READS;
}

static unsigned long walk(const char *dir)
{
	char path[4096];
	unsigned long n = 0;
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(dir);

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		n++;
		if (!lstat(path, &st) && S_ISDIR(st.st_mode))
			n += walk(path);
	}
	closedir(d);
	return n;
}

/* One walk of @dir: microseconds per entry. */
static double walk_once_us(const char *dir, unsigned long *entries)
{
	double t0 = now_us();

	*entries = walk(dir);
	return (now_us() - t0) / (double)(*entries ? *entries : 1);
}

/* Whether the kernel's dentries and inodes could be dropped (root only). */
static bool drop_caches(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);
	bool done;

	sync();
	done = fd >= 0 && write(fd, "2", 1) == 1;
	if (fd >= 0)
		close(fd);
	return done;
}

/* The best of WALKS walks of @dir: microseconds per entry. */
static double walk_us(const char *dir, unsigned long *entries)
{
	double best = -1, per;
	int i;

	for (i = 0; i < WALKS; i++) {
		per = walk_once_us(dir, entries);
		if (best < 0 || per < best)
			best = per;
	}
	return best;
}

/* The same reads on the least libfuse server, mounted at @floor->sys. */
static void floor_compare(const struct daemon *floor, double sys_read, double sys_stable)
{
	char path[160];
	double read, stable, rt;

	snprintf(path, sizeof(path), "%s/fresh", floor->sys);
	fresh_read_us(path); /* warm */
	read = fresh_read_us(path);
	rt = pread_us(path);
	snprintf(path, sizeof(path), "%s/stable", floor->sys);
	fresh_read_us(path);
	stable = fresh_read_us(path);
	printf("%-9s least libfuse server: fresh read %5.1f us (ratio %5.2f), stable %5.1f us "
	       "(ratio %5.2f), round trip %5.1f us\n",
	       "", read, read / sys_read, stable, stable / sys_stable, rt);
}

static void compare(const struct daemon *d, const struct daemon *floor, bool pinned)
{
	char path[160];
	unsigned long ldm_entries, sys_entries;
	double ldm_read, sys_read, ldm_walk, sys_walk, ldm_stable, sys_stable, ldm_rt, sys_rt;
	double ldm_cold, sys_cold;

	pin(pinned);
	/* A first walk: nothing of the mount is in the kernel's caches yet. */
	ldm_cold = walk_once_us(d->sys, &ldm_entries);
	sys_cold = drop_caches() ? walk_once_us("/sys", &sys_entries) : -1;
	snprintf(path, sizeof(path), "%s/kernel/uevent_seqnum", d->sys);
	fresh_read_us(path); /* warm */
	ldm_read = fresh_read_us(path);
	sys_read = fresh_read_us("/sys/kernel/uevent_seqnum");
	ldm_walk = walk_us(d->sys, &ldm_entries);
	sys_walk = walk_us("/sys", &sys_entries);
	snprintf(path, sizeof(path), "%s/power/state", d->sys);
	fresh_read_us(path); /* the first read fills the page cache */
	ldm_stable = fresh_read_us(path);
	sys_stable = fresh_read_us("/sys/power/state");
	snprintf(path, sizeof(path), "%s/kernel/uevent_seqnum", d->sys);
	ldm_rt = pread_us(path);
	sys_rt = pread_us("/sys/kernel/uevent_seqnum");
	printf("%-9s fresh read: ldm %7.1f us, /sys %5.1f us\n", pinned ? "pinned" : "unpinned",
	       ldm_read, sys_read);
	bench_goal_max(pinned ? "fresh read, ldm / /sys (pinned)" : "fresh read, ldm / /sys",
		       ldm_read / sys_read, "", 4);
	printf("%-9s find: ldm %6.2f us/entry (%lu), /sys %5.2f us/entry (%lu)\n", "", ldm_walk,
	       ldm_entries, sys_walk, sys_entries);
	bench_goal_max(pinned ? "find, ldm / /sys per entry (pinned)" :
				"find, ldm / /sys per entry",
		       ldm_walk / sys_walk, "", 3);
	if (sys_cold > 0)
		printf("%-9s first find: ldm %6.2f us/entry, /sys %5.2f us/entry after "
		       "drop_caches, ratio %5.2f\n",
		       "", ldm_cold, sys_cold, ldm_cold / sys_cold);
	else
		printf("%-9s first find: ldm %6.2f us/entry (/sys: no drop_caches)\n", "",
		       ldm_cold);
	printf("%-9s stable attribute: ldm %5.1f us, /sys %5.1f us\n", "", ldm_stable, sys_stable);
	bench_goal_max(pinned ? "stable attribute, ldm / /sys (pinned)" :
				"stable attribute, ldm / /sys",
		       ldm_stable / sys_stable, "", 1.5);
	printf("%-9s one round trip (pread of an open attribute): ldm %5.1f us, /sys %4.1f us\n",
	       "", ldm_rt, sys_rt);
	floor_compare(floor, sys_read, sys_stable);
	pin(false);
}

struct listener {
	int fd;
	unsigned long want, got, lost;
	double done_us;
};

/*
 * Receive until every event came or was reported lost: ldmd drops the
 * events of a listener whose queue is full and sends in their place
 * "ldm-dropped@\0DROPPED=N\0" (daemon/uevent.c).
 */
static void *listen_thread(void *arg)
{
	static const char dropped[] = "ldm-dropped@";
	struct listener *l = arg;
	char buf[8192];
	ssize_t n;

	while (l->got + l->lost < l->want && (n = recv(l->fd, buf, sizeof(buf) - 1, 0)) > 0) {
		buf[n] = '\0';
		if (!strncmp(buf, dropped, sizeof(dropped) - 1) &&
		    !strncmp(buf + sizeof(dropped), "DROPPED=", 8))
			l->lost += strtoul(buf + sizeof(dropped) + 8, NULL, 10);
		else
			l->got++;
	}
	l->done_us = now_us();
	return NULL;
}

static int uevent_connect(const struct daemon *d)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/uevent", d->root);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)))
		return -1;
	return fd;
}

/*
 * Events per second to each of @n listeners, for EVENT_PAIRS add/remove
 * pairs; returns the rate each received.
 */
static double uevent_throughput(const struct daemon *d, int n)
{
	struct listener ls[10] = { 0 };
	pthread_t th[10];
	unsigned long lost = 0;
	double t0, last = 0, rate;
	int i, ctl = control_connect(d);
	unsigned int k;

	for (i = 0; i < n; i++) {
		ls[i] = (struct listener){ .fd = uevent_connect(d), .want = 2 * EVENT_PAIRS };
		pthread_create(&th[i], NULL, listen_thread, &ls[i]);
	}
	usleep(200 * 1000);
	t0 = now_us();
	for (k = 0; k < EVENT_PAIRS; k++) {
		device_request(ctl, "device-add", 100000 + k % 16);
		device_request(ctl, "device-remove", 100000 + k % 16);
	}
	for (i = 0; i < n; i++) {
		pthread_join(th[i], NULL);
		if (ls[i].done_us > last)
			last = ls[i].done_us;
		close(ls[i].fd);
	}
	close(ctl);
	for (i = 0; i < n; i++)
		lost += ls[i].lost;
	rate = (double)ls[0].got / ((last - t0) / 1e6);
	printf("uevents to %2d listener%s: %8.0f events/s each, %8.0f deliveries/s in all "
	       "(%d events, %lu received by the first, %lu lost in all)\n",
	       n, n == 1 ? " " : "s", rate, n * rate, 2 * EVENT_PAIRS, ls[0].got, lost);
	return rate;
}

static int add_devices(const struct daemon *d, unsigned int n)
{
	int fd = control_connect(d);
	unsigned int i;

	if (fd < 0)
		return -1;
	for (i = 0; i < n; i++)
		if (device_request(fd, "device-add", i))
			break;
	close(fd);
	return i == n ? 0 : -1;
}

static const char *why_not(void)
{
	int fd;

	if (geteuid())
		return "ldmd's mount needs root here";
	fd = open("/dev/fuse", O_RDWR);
	if (fd < 0)
		return "/dev/fuse cannot be opened";
	close(fd);
	if (access("/sys/kernel/uevent_seqnum", R_OK) || access("/sys/power/state", R_OK))
		return "no kernel /sys to compare with";
	return NULL;
}

int main(int argc, char *argv[])
{
	/* --uevents: only the last figure, as a profiler wants it alone. */
	bool uevents_only = argc > 1 && !strcmp(argv[1], "--uevents");
	unsigned int devices =
		argc > 1 && !uevents_only ? (unsigned int)strtoul(argv[1], NULL, 10) : 1000;
	const char *why = why_not();
	struct daemon d, floor;
	double best = 0;
	int pinned, i;

	if (why) {
		printf("bench-ldmd: skipped: %s\n", why);
		return 0;
	}
	if (uevents_only)
		goto uevents;
	printf("ldmd's mount against /sys (%u platform devices added to ldm's tree)\n", devices);
	for (pinned = 1; pinned >= 0; pinned--) {
		if (daemon_start(&d, pinned, false) || add_devices(&d, devices)) {
			fprintf(stderr, "bench-ldmd: cannot start ldmd and add devices\n");
			return 1;
		}
		if (daemon_start(&floor, pinned, true)) {
			fprintf(stderr, "bench-ldmd: cannot start bench-fuse-floor\n");
			return 1;
		}
		compare(&d, &floor, pinned);
		daemon_stop(&floor);
		daemon_stop(&d);
	}
uevents:
	if (daemon_start(&d, false, false)) {
		fprintf(stderr, "bench-ldmd: cannot start ldmd\n");
		return 1;
	}
	for (i = 0; i < UEVENT_ROUNDS; i++) {
		double rate = uevent_throughput(&d, 1);

		if (rate > best)
			best = rate;
	}
	uevent_throughput(&d, 10);
	bench_goal_min("uevents/s to one listener (best of 3)", best, "", UEVENT_GOAL);
	daemon_stop(&d);
	return bench_goals_status();
}
