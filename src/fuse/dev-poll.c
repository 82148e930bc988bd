// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dev-poll.c - the poll watchers of DIR/dev. The POLL request is answered
 * at once with ldm_chrdev_poll(..., 0). When the kernel asks to be told
 * later (a poll handle) and nothing is ready, a watcher thread of the file
 * waits in ldm_chrdev_poll(..., -1) on the driver's wait queues and sends
 * fuse_lowlevel_notify_poll() when something is; it is armed again by the
 * next POLL, or after a read or write that left the file not ready (for
 * edge-triggered epoll).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <libldm/runtime.h>

#include "dev.h"

/* A file's watcher: while armed, wait on the driver's queues and tell the kernel. */
static void *watch_thread(void *arg)
{
	struct dev_file *df = arg;
	unsigned int events;
	int ret;

	ldm_thread_clear_interrupt(); /* known to the runtime, and clean */
	pthread_mutex_lock(&df->lock);
	for (;;) {
		while (!df->stop && !df->armed)
			pthread_cond_wait(&df->cond, &df->lock);
		if (df->stop)
			break;
		events = df->events;
		pthread_mutex_unlock(&df->lock);
		ret = ldm_chrdev_poll(df->mf, events, -1);
		if (ret == -EINTR)
			ldm_thread_clear_interrupt();
		pthread_mutex_lock(&df->lock);
		/* Ready, or an error the next POLL will see: tell the kernel. */
		if (ret != -EINTR && df->armed) {
			df->armed = false;
			if (df->ph)
				fuse_lowlevel_notify_poll(df->ph);
		}
	}
	pthread_mutex_unlock(&df->lock);
	return NULL;
}

/* Arm the watcher of @df; under its lock. */
static void watch_arm(struct dev_file *df)
{
	sigset_t all, old;
	int err;

	if (df->armed)
		return;
	if (!df->watching) {
		/* The watcher takes no signal: ldm_thread_interrupt() is how it is woken. */
		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old);
		err = pthread_create(&df->watcher, NULL, watch_thread, df);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (err)
			return; /* no notification: the poller's timeout holds */
		df->watching = true;
	}
	df->armed = true;
	pthread_cond_signal(&df->cond);
}

/* A POLL that asked to be told: keep its handle, arm if nothing is ready. */
void dev_watch(struct dev_file *df, struct fuse_pollhandle *ph, unsigned int events, int mask)
{
	pthread_mutex_lock(&df->lock);
	if (df->ph)
		fuse_pollhandle_destroy(df->ph);
	df->ph = ph;
	if (df->armed && df->events != events) {
		df->events = events;
		ldm_thread_interrupt(df->watcher); /* wait again, for these */
	}
	df->events = events;
	if (!mask)
		watch_arm(df);
	pthread_mutex_unlock(&df->lock);
}

/* After a read or write, inside its call: arm again if the kernel listens. */
void dev_watch_again(struct dev_file *df)
{
	unsigned int events;
	bool listening;

	pthread_mutex_lock(&df->lock);
	listening = df->ph && !df->armed;
	events = df->events;
	pthread_mutex_unlock(&df->lock);
	if (!listening || ldm_chrdev_poll(df->mf, events, 0))
		return;
	pthread_mutex_lock(&df->lock);
	watch_arm(df);
	pthread_mutex_unlock(&df->lock);
}

/* End @df's watcher, if it has one, and wait for it; with no lock held. */
void dev_watch_stop(struct dev_file *df)
{
	pthread_mutex_lock(&df->lock);
	df->stop = true;
	pthread_cond_signal(&df->cond);
	pthread_mutex_unlock(&df->lock);
	if (!df->watching)
		return;
	ldm_thread_interrupt(df->watcher);
	pthread_join(df->watcher, NULL);
	df->watching = false;
}
