// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-dev.c - ldmd's device nodes at DIR/dev, used with real system calls:
 * the misc devices of devtest.ko (a pipe with a blocking read, poll and
 * ioctls, and a control device that unplugs it) and prop_misc.ko (a
 * seekable message), listed, opened, read, written, polled, interrupted,
 * and removed under an open file.
 *
 * They need a usable /dev/fuse, fusermount3 and root, as the other ldmd
 * tests do (need_fuse() skips and says why). Every wait is bounded: a
 * thread expected to block is joined with a deadline of WAIT_SECONDS.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>

#include "ldmd-util.h"
#include "devtest/devtest.h"

#define PROP_MISC_KO  LDM_BUILD_DIR "/modules/prop_misc.ko"
#define PROP_MISC_MSG "hello from a proprietary module\n"

_Static_assert(DEVTEST_IOC_LEN == _IOR('D', 1, int), "devtest.h encodes as Linux");
_Static_assert(DEVTEST_IOC_ADD == _IOWR('D', 2, int), "devtest.h encodes as Linux");
_Static_assert(DEVTEST_IOC_CLEAR == _IO('D', 3), "devtest.h encodes as Linux");

#define DEV(d, rel) dev_path((d), (rel), (char[512]){ 0 })

static char *dev_path(const struct ldmd *d, const char *rel, char *buf)
{
	snprintf(buf, 512, "%s/%s", d->dev, rel);
	return buf;
}

static void dev_up(struct ldmd *d)
{
	need_fuse();
	ldmd_up(d, (const char *[]){ LDMD_DEV_MODULE, PROP_MISC_KO, NULL });
}

static int open_dev(const struct ldmd *d, const char *name, int flags)
{
	int fd = open(DEV(d, name), flags);

	if (fd < 0)
		FAIL("open %s: %s", DEV(d, name), strerror(errno));
	return fd;
}

/* The int an _IOR ioctl of devtest gives. */
static int ioctl_int(int fd, unsigned long cmd)
{
	int v = -1;

	if (ioctl(fd, cmd, &v))
		FAIL("ioctl %#lx: %s", cmd, strerror(errno));
	return v;
}

/* Wait within WAIT_SECONDS until devtest has @n readers asleep. */
static void wait_sleepers(int fd, int n)
{
	struct timespec deadline;

	deadline_in(&deadline, WAIT_SECONDS);
	while (ioctl_int(fd, DEVTEST_IOC_SLEEPERS) != n) {
		if (ms_left(&deadline) <= 0)
			FAIL("devtest never had %d readers asleep", n);
		usleep(2000);
	}
}

/* A read(2) in a thread of its own. */
struct reader {
	pthread_t thread;
	int fd;
	ssize_t n;
	int err;
	char buf[64];
};

static void *read_thread(void *arg)
{
	struct reader *r = arg;

	r->n = read(r->fd, r->buf, sizeof(r->buf) - 1);
	r->err = r->n < 0 ? errno : 0;
	if (r->n >= 0)
		r->buf[r->n] = '\0';
	return NULL;
}

static void start_reader(struct reader *r, int fd)
{
	memset(r, 0, sizeof(*r));
	r->fd = fd;
	ASSERT_OK(pthread_create(&r->thread, NULL, read_thread, r));
}

/* Join @t within WAIT_SECONDS, or fail saying what hung. */
static void join_within(pthread_t t, const char *what)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += WAIT_SECONDS;
	if (pthread_timedjoin_np(t, NULL, &until))
		FAIL("%s did not return within %d s", what, WAIT_SECONDS);
}

DEFINE_TEST(
	test_dev_lists_misc_devices,
	.description =
		"DIR/dev lists every misc device as a regular file 0600 of ldmd's user, as /class/misc does; nobody may list but not open",
	.no_runtime = true)
{
	char dev[32], *want;
	struct stat st;
	struct ldmd d;
	int status;
	pid_t pid;

	dev_up(&d);
	ASSERT_EQ(count_entries(d.dev), 5);
	ASSERT(listed(d.dev, "devtest", NULL));
	ASSERT(listed(d.dev, "devtest_ctl", NULL));
	ASSERT(listed(d.dev, "prop_misc", NULL));
	assert_mode(d.dev, S_IFDIR | 0755, -1);
	assert_mode(DEV(&d, "devtest"), S_IFREG | 0600, 0);
	assert_mode(DEV(&d, "prop_misc"), S_IFREG | 0600, 0);
	/* Inode numbers are the device number + 2 (MKDEV: a 20-bit minor). */
	ASSERT_OK(stat(DEV(&d, "prop_misc"), &st));
	snprintf(dev, sizeof(dev), "%lu:%lu\n", (unsigned long)(st.st_ino - 2) >> 20,
		 (unsigned long)(st.st_ino - 2) & 0xfffff);
	want = cat(SYS(&d, "class/misc/prop_misc/dev"));
	ASSERT(want);
	ASSERT_STREQ(dev, want);
	ASSERT_ERRNO(access(DEV(&d, "no_such_device"), F_OK), ENOENT);
	/* ldmd's nodes are its own; links and directories are udevd's (test-dev-links.c). */
	ASSERT_REFUSED(mknod(DEV(&d, "new"), S_IFREG | 0600, 0));
	ASSERT_REFUSED(unlink(DEV(&d, "devtest")));
	ASSERT_REFUSED(rename(DEV(&d, "devtest"), DEV(&d, "other")));
	ASSERT_REFUSED(open(DEV(&d, "new"), O_CREAT | O_WRONLY, 0600));
	ASSERT(listed(d.dev, "devtest", NULL));

	fflush(NULL);
	pid = fork();
	ASSERT(pid >= 0);
	if (pid == 0) {
		ASSERT_OK(setgroups(0, NULL));
		ASSERT_OK(setgid(NOBODY));
		ASSERT_OK(setuid(NOBODY));
		ASSERT(listed(d.dev, "prop_misc", NULL));
		ASSERT_ERRNO(open(DEV(&d, "prop_misc"), O_RDONLY), EACCES);
		ASSERT_ERRNO(open(DEV(&d, "devtest"), O_WRONLY), EACCES);
		ASSERT_REFUSED(mkdir(DEV(&d, "dir"), 0755));
		ASSERT_REFUSED(chmod(DEV(&d, "devtest"), 0666));
		_exit(0);
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the checks as nobody failed (wait status %#x)", status);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_read_write_and_positions,
	.description =
		"a node reads and writes through the driver; a seekable one takes pread/lseek offsets, a nonseekable_open one gives ESPIPE; O_NONBLOCK, at open or by fcntl, reaches the driver",
	.no_runtime = true)
{
	struct ldmd d;
	char buf[64], *big;
	int fd, p;

	dev_up(&d);
	ASSERT_STREQ(cat(DEV(&d, "prop_misc")), PROP_MISC_MSG);
	/* A read far larger than the message: FUSE splits it, the driver gives what it has. */
	big = malloc(1 << 20);
	ASSERT(big);
	fd = open_dev(&d, "prop_misc", O_RDONLY);
	ASSERT_EQ(read(fd, big, 1 << 20), (ssize_t)strlen(PROP_MISC_MSG));
	ASSERT_EQ(read(fd, big, 1 << 20), 0);
	close(fd);
	free(big);
	fd = open_dev(&d, "prop_misc", O_RDWR);
	ASSERT_EQ(pread(fd, buf, 5, 6), 5);
	ASSERT(!memcmp(buf, "from ", 5));
	ASSERT_EQ(lseek(fd, 11, SEEK_SET), 11);
	ASSERT_EQ(read(fd, buf, 4), 4);
	ASSERT(!memcmp(buf, "a pr", 4));
	ASSERT_EQ(write(fd, "new message\n", 12), 12);
	close(fd);
	ASSERT_STREQ(cat(DEV(&d, "prop_misc")), "new message\n");
	ASSERT_EQ(echo(DEV(&d, "prop_misc"), "via echo\n", 9), 9);
	ASSERT_STREQ(cat(DEV(&d, "prop_misc")), "via echo\n");

	p = open_dev(&d, "devtest", O_RDWR);
	ASSERT_EQ(write(p, "hello", 5), 5);
	ASSERT_EQ(ioctl_int(p, DEVTEST_IOC_LEN), 5);
	ASSERT_EQ(read(p, buf, 3), 3);
	ASSERT(!memcmp(buf, "hel", 3));
	ASSERT_EQ(read(p, buf, sizeof(buf)), 2);
	ASSERT(!memcmp(buf, "lo", 2));
	ASSERT_ERRNO(lseek(p, 0, SEEK_SET), ESPIPE);
	ASSERT_ERRNO(pread(p, buf, 1, 0), ESPIPE);
	ASSERT_ERRNO(pwrite(p, "x", 1, 0), ESPIPE);
	ASSERT_OK(fcntl(p, F_SETFL, O_NONBLOCK));
	ASSERT_ERRNO(read(p, buf, 1), EAGAIN);
	ASSERT_OK(fcntl(p, F_SETFL, 0));
	close(p);
	p = open_dev(&d, "devtest", O_RDONLY | O_NONBLOCK);
	ASSERT_ERRNO(read(p, buf, 1), EAGAIN);
	ASSERT_ERRNO(write(p, "x", 1), EBADF);
	close(p);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_ioctls_pass_their_buffers,
	.description =
		"_IOR, _IOWR and _IO ioctls reach the driver with their buffers copied in and out; an unknown one is ENOTTY",
	.no_runtime = true)
{
	struct ldmd d;
	int fd, v = 234;
	char *big;

	dev_up(&d);
	fd = open_dev(&d, "devtest", O_RDWR);
	ASSERT_EQ(ioctl_int(fd, DEVTEST_IOC_LEN), 0);
	ASSERT_EQ(write(fd, "abcdefg", 7), 7);
	ASSERT_EQ(ioctl_int(fd, DEVTEST_IOC_LEN), 7);
	ASSERT_OK(ioctl(fd, DEVTEST_IOC_ADD, &v));
	ASSERT_EQ(v, 1234);
	ASSERT_EQ(ioctl(fd, DEVTEST_IOC_CLEAR), 7);
	ASSERT_EQ(ioctl_int(fd, DEVTEST_IOC_LEN), 0);
	ASSERT_ERRNO(ioctl(fd, _IOR('D', 99, int), &v), ENOTTY);
	ASSERT_ERRNO(ioctl(fd, _IO('x', 1)), ENOTTY);
	/* The largest buffers an ioctl number can name, both ways: refused, nothing lost. */
	big = calloc(1, _IOC_SIZEMASK);
	ASSERT(big);
	ASSERT_ERRNO(ioctl(fd, _IOC(_IOC_READ | _IOC_WRITE, 'D', 98, _IOC_SIZEMASK), big), ENOTTY);
	ASSERT_ERRNO(ioctl(fd, _IOC(_IOC_WRITE, 'D', 1, _IOC_SIZEMASK), big), ENOTTY);
	free(big);
	close(fd);
	fd = open(d.dev, O_RDONLY | O_DIRECTORY);
	ASSERT(fd >= 0);
	ASSERT_ERRNO(ioctl(fd, DEVTEST_IOC_LEN, &v), ENOTTY);
	close(fd);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_ioctl_user_space_is_its_copy,
	.description =
		"through the plain mount an ioctl's copy is the driver's whole user space: an address inside it, or a value given as one, is EFAULT and never reaches ldmd's memory",
	.no_runtime = true)
{
	static char target[8] = "before";
	struct devtest_peek peek;
	struct ldmd d;
	int fd;

	dev_up(&d);
	fd = open_dev(&d, "devtest", O_RDWR);
	ASSERT_EQ(write(fd, "secret", 6), 6);
	/* An address of this process's: followed in ldmd, it would reach ldmd's memory. */
	peek = (struct devtest_peek){ .buf = (unsigned long)target, .len = 6 };
	ASSERT_ERRNO(ioctl(fd, DEVTEST_IOC_PEEK, &peek), EFAULT);
	ASSERT_STREQ(target, "before");
	/* A value where the number says a buffer: the kernel's copy faults first. */
	ASSERT_ERRNO(ioctl(fd, DEVTEST_IOC_SETBIT, 3), EFAULT);
	/* Unhurt: the buffer is still there, and the node still served. */
	ASSERT_EQ(ioctl_int(fd, DEVTEST_IOC_LEN), 6);
	close(fd);
	ldmd_down(&d);
}

/* A read of a sysfs file and of prop_misc, in a thread: must not wait for devtest. */
static void *other_reads(void *arg)
{
	const struct ldmd *d = arg;
	char *s = cat(SYS(d, "class/misc/devtest/dev")); /* cat()'s buffer is static */
	bool ok = s && !strncmp(s, "10:", 3);

	s = cat(DEV(d, "prop_misc"));
	return ok && s && !strcmp(s, PROP_MISC_MSG) ? (void *)1 : NULL;
}

/* More than libfuse's default of 10 threads: the dev mount's loop has 64. */
#define NREADERS 12

DEFINE_TEST(
	test_dev_blocking_read_stalls_nothing,
	.description =
		"12 readers asleep in devtest, half of them on one shared descriptor, stall neither another node nor sysfs; each write wakes one",
	.no_runtime = true, .concurrency = true)
{
	static const char bytes[NREADERS + 1] = "abcdefghijkl";
	struct reader r[NREADERS];
	int fds[NREADERS], i, ctl;
	char seen[NREADERS] = { 0 };
	struct timespec until;
	void *ok = NULL;
	struct ldmd d;
	pthread_t t;

	dev_up(&d);
	ctl = open_dev(&d, "devtest", O_RDWR);
	/* A stream (nonseekable_open): threads may share a descriptor. */
	fds[0] = open_dev(&d, "devtest", O_RDONLY);
	for (i = 0; i < NREADERS; i++) {
		if (i && i % 2)
			fds[i] = fds[0];
		else if (i)
			fds[i] = open_dev(&d, "devtest", O_RDONLY);
		start_reader(&r[i], fds[i]);
	}
	wait_sleepers(ctl, NREADERS);
	ASSERT_OK(pthread_create(&t, NULL, other_reads, &d));
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += WAIT_SECONDS;
	if (pthread_timedjoin_np(t, &ok, &until))
		FAIL("reads of sysfs and prop_misc stalled behind blocked reads");
	ASSERT(ok);
	for (i = 0; i < NREADERS; i++) {
		ASSERT_EQ(write(ctl, &bytes[i], 1), 1);
		wait_sleepers(ctl, NREADERS - 1 - i);
	}
	for (i = 0; i < NREADERS; i++) {
		join_within(r[i].thread, "a reader");
		ASSERT_EQ(r[i].n, 1);
		ASSERT(strchr(bytes, r[i].buf[0]));
		seen[r[i].buf[0] - 'a']++;
	}
	for (i = 0; i < NREADERS; i++)
		ASSERT_EQ(seen[i], 1);
	for (i = 0; i < NREADERS; i++)
		if (!i || !(i % 2))
			close(fds[i]);
	close(ctl);
	ldmd_down(&d);
}

static void on_signal(int sig)
{
	(void)sig;
}

DEFINE_TEST(
	test_dev_interrupted_read_gets_eintr,
	.description =
		"a reader asleep in the driver gets EINTR from a signal whose handler has no SA_RESTART; the driver's sleep ended, the node still works",
	.no_runtime = true, .concurrency = true)
{
	struct sigaction sa = { .sa_handler = on_signal };
	struct reader r;
	struct ldmd d;
	char buf[8];
	int fd;

	dev_up(&d);
	sigemptyset(&sa.sa_mask);
	ASSERT_OK(sigaction(SIGUSR1, &sa, NULL));
	fd = open_dev(&d, "devtest", O_RDWR);
	start_reader(&r, fd);
	wait_sleepers(fd, 1);
	ASSERT_OK(pthread_kill(r.thread, SIGUSR1));
	join_within(r.thread, "the interrupted reader");
	ASSERT_EQ(r.n, -1);
	ASSERT_EQ(r.err, EINTR);
	wait_sleepers(fd, 0);
	/* The thread that served it is not left interrupted: it sleeps again. */
	start_reader(&r, fd);
	wait_sleepers(fd, 1);
	ASSERT_EQ(write(fd, "ok", 2), 2);
	join_within(r.thread, "the second reader");
	ASSERT_EQ(r.n, 2);
	ASSERT_STREQ(r.buf, "ok");
	ASSERT_EQ(write(fd, "z", 1), 1);
	ASSERT_EQ(read(fd, buf, sizeof(buf)), 1);
	close(fd);
	ldmd_down(&d);
}

struct poller {
	pthread_t thread;
	int fd;
	int ret;
	short revents;
};

static void *poll_thread(void *arg)
{
	struct poller *p = arg;
	struct pollfd pfd = { .fd = p->fd, .events = POLLIN };

	p->ret = poll(&pfd, 1, WAIT_SECONDS * 1000);
	p->revents = pfd.revents;
	return NULL;
}

/* Wait within WAIT_SECONDS until something sleeps on devtest's read queue. */
static void wait_waited(int fd)
{
	struct timespec deadline;

	deadline_in(&deadline, WAIT_SECONDS);
	while (!ioctl_int(fd, DEVTEST_IOC_WAITED)) {
		if (ms_left(&deadline) <= 0)
			FAIL("nothing ever waited on devtest's read queue");
		usleep(2000);
	}
}

DEFINE_TEST(
	test_dev_poll_wakes_when_data_arrives,
	.description =
		"poll on a node says POLLOUT at once and POLLIN only when data comes: a poller asleep on the driver's queue is woken by a write",
	.no_runtime = true, .concurrency = true)
{
	struct pollfd pfd;
	struct poller p = { 0 };
	struct ldmd d;
	char buf[8];
	int fd, w;

	dev_up(&d);
	fd = open_dev(&d, "devtest", O_RDONLY);
	w = open_dev(&d, "devtest", O_WRONLY);
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN | POLLOUT };
	ASSERT_EQ(poll(&pfd, 1, 0), 1);
	ASSERT_EQ(pfd.revents, POLLOUT);
	pfd.events = POLLIN;
	ASSERT_EQ(poll(&pfd, 1, 0), 0);

	p.fd = fd;
	ASSERT_OK(pthread_create(&p.thread, NULL, poll_thread, &p));
	wait_waited(w); /* ldmd's watcher is on the queue */
	ASSERT_EQ(write(w, "data", 4), 4);
	join_within(p.thread, "poll");
	ASSERT_EQ(p.ret, 1);
	ASSERT(p.revents & POLLIN);
	ASSERT_EQ(read(fd, buf, sizeof(buf)), 4);

	/* Again, after the data was drained. */
	ASSERT_EQ(poll(&pfd, 1, 0), 0);
	ASSERT_OK(pthread_create(&p.thread, NULL, poll_thread, &p));
	wait_waited(w);
	ASSERT_EQ(write(w, "more", 4), 4);
	join_within(p.thread, "the second poll");
	ASSERT_EQ(p.ret, 1);
	ASSERT(p.revents & POLLIN);
	close(w);
	close(fd);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_edge_triggered_epoll,
	.description =
		"edge-triggered epoll on a node reports each arrival of data after the reader drained it",
	.no_runtime = true)
{
	struct epoll_event ev = { .events = EPOLLIN | EPOLLET };
	struct ldmd d;
	char buf[16];
	int fd, w, ep, round;

	dev_up(&d);
	fd = open_dev(&d, "devtest", O_RDONLY | O_NONBLOCK);
	w = open_dev(&d, "devtest", O_WRONLY);
	ep = epoll_create1(EPOLL_CLOEXEC);
	ASSERT(ep >= 0);
	ASSERT_OK(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev));
	ASSERT_EQ(epoll_wait(ep, &ev, 1, 0), 0);
	for (round = 0; round < 3; round++) {
		ASSERT_EQ(write(w, "abc", 3), 3);
		ASSERT_EQ(epoll_wait(ep, &ev, 1, WAIT_SECONDS * 1000), 1);
		ASSERT(ev.events & EPOLLIN);
		ASSERT_EQ(read(fd, buf, sizeof(buf)), 3);
		ASSERT_ERRNO(read(fd, buf, sizeof(buf)), EAGAIN);
	}
	close(ep);
	close(w);
	close(fd);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_removed_under_open_file,
	.description =
		"a device deregistered under an open node wakes its reader; then read, write and ioctl give ENODEV, poll POLLERR, the name goes; plugged again it opens anew",
	.no_runtime = true, .concurrency = true)
{
	struct pollfd pfd;
	struct reader r;
	struct ldmd d;
	char buf[8];
	int fd, ctl, v = 0;

	dev_up(&d);
	fd = open_dev(&d, "devtest", O_RDWR);
	start_reader(&r, fd);
	wait_sleepers(fd, 1);
	ctl = open_dev(&d, "devtest_ctl", O_RDWR);
	ASSERT_EQ(write(ctl, "unplug", 6), 6);
	join_within(r.thread, "the reader of the removed device");
	ASSERT_EQ(r.n, -1);
	ASSERT_EQ(r.err, ENODEV);
	ASSERT_ERRNO(read(fd, buf, 1), ENODEV);
	ASSERT_ERRNO(write(fd, "x", 1), ENODEV);
	ASSERT_ERRNO(ioctl(fd, DEVTEST_IOC_LEN, &v), ENODEV);
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
	ASSERT_EQ(poll(&pfd, 1, 0), 1);
	ASSERT(pfd.revents & POLLERR);
	ASSERT(!listed(d.dev, "devtest", NULL));
	ASSERT_ERRNO(open(DEV(&d, "devtest"), O_RDONLY), ENOENT);
	ASSERT_STREQ(cat(DEV(&d, "devtest_ctl")), "unplugged\n");
	ASSERT_OK(close(fd));

	ASSERT_EQ(write(ctl, "plug", 4), 4);
	ASSERT(listed(d.dev, "devtest", NULL));
	fd = open_dev(&d, "devtest", O_RDWR);
	ASSERT_EQ(write(fd, "back", 4), 4);
	ASSERT_EQ(read(fd, buf, sizeof(buf)), 4);
	close(fd);
	close(ctl);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_dev_stop_with_open_and_blocked_nodes,
	.description =
		"ldmd stopped while a reader sleeps in a node and another node is open: the reader gets EINTR or ENODEV, later calls ENODEV or ENOTCONN, ldmd exits 0 with nothing mounted",
	.no_runtime = true, .concurrency = true)
{
	struct reader r;
	struct ldmd d;
	char buf[8];
	int fd, other;

	dev_up(&d);
	fd = open_dev(&d, "devtest", O_RDWR);
	other = open_dev(&d, "prop_misc", O_RDONLY);
	start_reader(&r, fd);
	wait_sleepers(fd, 1);
	ldmd_stop(&d, SIGTERM);
	join_within(r.thread, "the reader across the stop");
	ASSERT_EQ(r.n, -1);
	if (r.err != EINTR && r.err != ENODEV && r.err != ENOTCONN)
		FAIL("the blocked reader got %s", strerror(r.err));
	errno = 0;
	ASSERT_EQ(read(other, buf, sizeof(buf)), -1);
	if (errno != ENODEV && errno != ENOTCONN)
		FAIL("a read after the stop got %s", strerror(errno));
	close(other);
	close(fd);
	remove_root(&d);
}
