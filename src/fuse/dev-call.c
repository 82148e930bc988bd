// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dev-call.c - the call protocol of DIR/dev: every request that reaches
 * the runtime does it between dev_call_begin() and dev_call_end(), which
 * list the thread serving it and register an interrupt function with
 * libfuse: when the caller of a blocked read gets a signal, the kernel
 * sends INTERRUPT, libfuse calls it, and it interrupts the serving thread
 * with ldm_thread_interrupt(); the driver's interruptible sleep returns
 * -ERESTARTSYS, which the runtime returns as -EINTR, as a system call
 * does. At stop (dev_calls_stop()) new calls get -ENODEV, and those in
 * progress are interrupted and waited for.
 */
#include <errno.h>
#include <pthread.h>
#include <libldm/runtime.h>

#include "dev.h"

bool dev_stopping;
static pthread_cond_t dev_idle = PTHREAD_COND_INITIALIZER;
static LIST_HEAD(, dev_call) dev_calls = LIST_HEAD_INITIALIZER(dev_calls);

static void interrupt_call(fuse_req_t req, void *data)
{
	struct dev_call *c = data;

	(void)req;
	ldm_thread_interrupt(c->thread);
}

/* List the calling thread's call @c, even when stopping; under dev_lock. */
void dev_call_list(struct dev_call *c)
{
	ldm_thread_clear_interrupt(); /* known to the runtime before it can be interrupted */
	c->thread = pthread_self();
	LIST_INSERT_HEAD(&dev_calls, c, link);
}

/* Take @c off the list, and say so when it was the last; under dev_lock. */
void dev_call_unlist(struct dev_call *c)
{
	LIST_REMOVE(c, link);
	if (LIST_EMPTY(&dev_calls))
		pthread_cond_broadcast(&dev_idle);
}

/* Enter the runtime for @req (NULL: not interruptible); -ENODEV once stopping. */
int dev_call_begin(struct dev_call *c, fuse_req_t req)
{
	pthread_mutex_lock(&dev_lock);
	if (dev_stopping) {
		pthread_mutex_unlock(&dev_lock);
		return -ENODEV;
	}
	dev_call_list(c);
	pthread_mutex_unlock(&dev_lock);
	if (req) {
		fuse_cred_begin(req);
		fuse_req_interrupt_func(req, interrupt_call, c);
	}
	return 0;
}

/*
 * Leave it. Unregistering the interrupt function waits for one that runs
 * (libfuse calls it under the request's lock), so none can hit the thread
 * once it serves another request; then the interrupt, if any, is over.
 */
void dev_call_end(struct dev_call *c, fuse_req_t req)
{
	if (req) {
		fuse_req_interrupt_func(req, NULL, NULL);
		fuse_cred_end();
	}
	pthread_mutex_lock(&dev_lock);
	dev_call_unlist(c);
	pthread_mutex_unlock(&dev_lock);
	ldm_thread_clear_interrupt();
}

/**
 * dev_calls_stop - no new call from now on, and none left; under dev_lock
 *
 * The calls in progress are interrupted (a blocked read returns EINTR) and
 * waited for, dev_lock let go meanwhile.
 */
void dev_calls_stop(void)
{
	struct dev_call *c;

	dev_stopping = true;
	LIST_FOREACH(c, &dev_calls, link)
		ldm_thread_interrupt(c->thread);
	while (!LIST_EMPTY(&dev_calls))
		pthread_cond_wait(&dev_idle, &dev_lock);
}
