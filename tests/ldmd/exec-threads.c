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
#include <sys/syscall.h>
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
	if (argc == 3 && !strcmp(argv[1], "capable"))
		return caps(argv[2]);
	fprintf(stderr, "usage: exec-threads stall | first | many N | capable NODE\n");
	return 1;
}
