// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-fuse-stop.c - ldmd's stop with nodes of DIR/dev still open: the
 * drivers' release methods run with no lock of the FUSE layer held, so
 * one that waits on what a request of the mount does meanwhile (which
 * gets ENODEV) does not deadlock it.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ldmd-util.h"

#define PARAM(d, name) SYS(d, "module/devtest/parameters/" name)

static void *stat_node(void *arg)
{
	struct stat st;

	return (void *)(long)(stat(arg, &st) ? errno : 0);
}

DEFINE_TEST(
	test_dev_stop_releases_without_holding_the_mount,
	.description =
		"while ldmd stops, a driver's release of a node still open waits on a request of DIR/dev that comes meanwhile: the request gets its error at once, the release goes on, and ldmd stops cleanly",
	.no_runtime = true, .concurrency = true)
{
	struct timespec deadline, until;
	char node[512], *s;
	struct ldmd d;
	pthread_t t;
	void *ret;
	int fd, err;

	need_fuse();
	ldmd_up(&d, (const char *[]){ LDMD_DEV_MODULE, NULL });
	snprintf(node, sizeof(node), "%s/devtest", d.dev);
	fd = open(node, O_RDWR);
	ASSERT(fd >= 0);
	ASSERT_EQ(echo(PARAM(&d, "hold_release"), "1", 1), 1);
	ASSERT_OK(kill(d.pid, SIGTERM));
	/* The driver says when its release waits: asked, never assumed after a while. */
	deadline_in(&deadline, WAIT_SECONDS);
	while (!(s = cat(PARAM(&d, "release_waiting"))) || strcmp(s, "1\n")) {
		if (ms_left(&deadline) <= 0)
			FAIL("the release did not start within %d s", WAIT_SECONDS);
		usleep(2000);
	}
	ASSERT_OK(pthread_create(&t, NULL, stat_node, node));
	clock_gettime(CLOCK_REALTIME, &until); /* pthread_timedjoin_np()'s clock */
	until.tv_sec += WAIT_SECONDS;
	err = pthread_timedjoin_np(t, &ret, &until);
	ASSERT_EQ(echo(PARAM(&d, "release_go"), "1", 1), 1);
	if (err) {
		pthread_join(t, &ret);
		FAIL("a look-up of DIR/dev waited for the driver's release");
	}
	ASSERT_EQ((long)ret, ENODEV);
	close(fd);
	ldmd_stop(&d, 0);
	remove_root(&d);
}
