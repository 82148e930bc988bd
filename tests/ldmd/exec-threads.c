// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec-threads.c - an unmodified threaded program, as `ldm exec` runs
 * one, for test-exec-threads.c: its threads call ioctls on devtest.ko's
 * nodes that the preload library forwards through ldmd. One line per
 * result, printed by the main thread once the others are joined.
 *
 *   exec-threads stall    a thread sleeps in the driver's ioctl; the main
 *                         thread's forwarded ioctls, on another node and on
 *                         another open of the same, still complete; then a
 *                         write wakes the sleeper
 *   exec-threads first    a second thread makes the process's first
 *                         forwarded ioctl
 *   exec-threads many N   N threads, started together, each forward one
 *   exec-threads async    SIGIO of devtest's writes, as 2.6.9 sends it:
 *                         to another process named by F_SETOWN, not
 *                         after FIOASYNC turned it off, again after
 *                         FIOASYNC turned it on, and as the F_SETSIG
 *                         signal with si_fd and si_band
 *   exec-threads capable NODE
 *                         whether devtest's driver finds the caller
 *                         capable(CAP_SYS_ADMIN): asked through FUSE, then
 *                         (with the preload and LDM_ROOT set) forwarded
 *
 * The sleeper is known to sleep by asking the driver (DEVTEST_IOC_SLEEPERS,
 * through FUSE itself, bypassing the preload): never by waiting a while.
 * An alarm bounds the run: a forwarded ioctl stalled behind the sleeper
 * prints "stalled" and exits 2.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "devtest/devtest.h"

#define MAX_THREADS 32

static int node;
static pthread_barrier_t start;
static int results[MAX_THREADS], errnos[MAX_THREADS];

static void show(const char *name, int ret, int err)
{
	if (ret < 0)
		printf("%s: %s\n", name, strerrorname_np(err));
	else
		printf("%s: %d\n", name, ret);
}

static void stalled(int sig)
{
	static const char msg[] = "stalled\n";

	(void)sig;
	if (write(STDOUT_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	_exit(2);
}

static int open_node(const char *path)
{
	int fd = open(path, O_RDWR);

	if (fd < 0) {
		perror(path);
		exit(1);
	}
	return fd;
}

static void *sleeper(void *arg)
{
	(void)arg;
	results[0] = ioctl(node, DEVTEST_IOC_WAIT);
	errnos[0] = errno;
	return NULL;
}

/* The driver's count of sleepers, asked through FUSE, not through ldmd. */
static int sleepers(int fd)
{
	int v = -1;

	if (syscall(SYS_ioctl, fd, DEVTEST_IOC_SLEEPERS, &v)) {
		perror("DEVTEST_IOC_SLEEPERS");
		exit(1);
	}
	return v;
}

static int stall(void)
{
	int other, ctl, ret;
	pthread_t t;

	node = open_node("/dev/devtest");
	other = open_node("/dev/devtest");
	ctl = open_node("/dev/devtest_ctl");
	if (pthread_create(&t, NULL, sleeper, NULL))
		return 1;
	while (sleepers(other) < 1)
		sched_yield();
	ret = ioctl(ctl, DEVTEST_IOC_SETBIT, 1);
	show("other node", ret, errno);
	ret = ioctl(other, DEVTEST_IOC_SETBIT, 2);
	show("other open", ret, errno);
	if (write(other, "x", 1) != 1) {
		perror("write");
		return 1;
	}
	pthread_join(t, NULL);
	show("sleeper", results[0], errnos[0]);
	return 0;
}

static void *one_ioctl(void *arg)
{
	int i = (int)(long)arg;

	pthread_barrier_wait(&start);
	results[i] = ioctl(node, DEVTEST_IOC_SETBIT, i % 32);
	errnos[i] = errno;
	return NULL;
}

/* @n threads, started together, forward one ioctl each. */
static int threads(int n)
{
	pthread_t t[MAX_THREADS];
	char name[32];
	int i;

	node = open_node("/dev/devtest");
	pthread_barrier_init(&start, NULL, (unsigned int)n);
	for (i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, one_ioctl, (void *)(long)i))
			return 1;
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "thread %d", i);
		show(name, results[i] < 0 ? -1 : results[i] & (1 << (i % 32)) ? 1 : 0, errnos[i]);
	}
	return 0;
}

/* A child blocking @sig until told to look; see received(). */
struct receiver {
	pid_t pid;
	int go;
};

/* 1 if @sig is pending (a queued one with si_fd @fd and POLL_IN's band), 0 if not, 2 if other. */
static int look(int sig, int fd)
{
	struct timespec now = { 0, 0 };
	sigset_t set;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, sig);
	if (sigtimedwait(&set, &si, &now) != sig)
		return 0;
	if (sig != SIGIO && (si.si_fd != fd || si.si_band != (POLLIN | POLLRDNORM)))
		return 2;
	return 1;
}

static pid_t receiver_start(struct receiver *r, int sig, int fd)
{
	int ready[2], go[2];
	sigset_t set;
	char c;

	if (pipe(ready) || pipe(go))
		exit(1);
	fflush(NULL);
	r->pid = fork();
	if (r->pid < 0)
		exit(1);
	if (r->pid == 0) {
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_BLOCK, &set, NULL);
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(3);
		_exit(look(sig, fd));
	}
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &c, 1) != 1)
		exit(1);
	close(ready[0]);
	r->go = go[1];
	return r->pid;
}

static int received(struct receiver *r)
{
	int status;

	if (write(r->go, "g", 1) != 1 || waitpid(r->pid, &status, 0) != r->pid)
		exit(1);
	close(r->go);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A write to devtest (its kill_fasync), what @r then holds, and the byte read back. */
static void event(int fd, struct receiver *r, const char *name)
{
	char c;

	if (write(fd, "x", 1) != 1 || read(fd, &c, 1) != 1) {
		perror("devtest");
		exit(1);
	}
	show(name, received(r), 0);
}

static int async(void)
{
	int fd = open_node("/dev/devtest"), off = 0, on = 1;
	struct receiver r;
	pid_t pid;

	signal(SIGIO, SIG_IGN); /* were it sent here, the receiver would miss it */
	pid = receiver_start(&r, SIGIO, fd);
	show("setown", fcntl(fd, F_SETOWN, pid), errno);
	show("getown is it", fcntl(fd, F_GETOWN) == pid, errno);
	show("async", fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC), errno);
	event(fd, &r, "other process");

	pid = receiver_start(&r, SIGIO, fd);
	show("setown", fcntl(fd, F_SETOWN, pid), errno);
	show("fioasync off", ioctl(fd, FIOASYNC, &off), errno);
	show("flag off", !(fcntl(fd, F_GETFL) & O_ASYNC), errno);
	event(fd, &r, "after off");

	pid = receiver_start(&r, SIGIO, fd);
	show("setown", fcntl(fd, F_SETOWN, pid), errno);
	show("fioasync on", ioctl(fd, FIOASYNC, &on), errno);
	event(fd, &r, "after on");

	pid = receiver_start(&r, SIGRTMIN + 1, fd);
	show("setown", fcntl(fd, F_SETOWN, pid), errno);
	show("setsig", fcntl(fd, F_SETSIG, SIGRTMIN + 1), errno);
	event(fd, &r, "queued with fd and band");
	return 0;
}

/* What capable(CAP_SYS_ADMIN) says in the driver, through FUSE and forwarded. */
static int caps(const char *path)
{
	int fd = open_node(path), v = -1, ret;

	ret = (int)syscall(SYS_ioctl, fd, DEVTEST_IOC_CAPABLE, &v);
	show("fuse", ret ? -1 : v, errno);
	if (getenv("LDM_ROOT")) {
		v = -1;
		ret = ioctl(fd, DEVTEST_IOC_CAPABLE, &v);
		show("forwarded", ret ? -1 : v, errno);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int n;

	signal(SIGALRM, stalled);
	alarm(60);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "stall"))
		return stall();
	if (argc == 2 && !strcmp(argv[1], "first"))
		return threads(1);
	if (argc == 3 && !strcmp(argv[1], "many") && (n = atoi(argv[2])) > 0 && n <= MAX_THREADS)
		return threads(n);
	if (argc == 2 && !strcmp(argv[1], "async"))
		return async();
	if (argc == 3 && !strcmp(argv[1], "capable"))
		return caps(argv[2]);
	fprintf(stderr, "usage: exec-threads stall | first | many N | async | capable NODE\n");
	return 1;
}
