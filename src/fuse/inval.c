// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inval.c - what makes the kernel's cache of the sysfs mount safe: every name
 * the tree adds or removes is invalidated in the kernel (FUSE notify), so
 * that LOOKUP replies may carry long entry and attribute timeouts and a
 * cached name is never stale.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libldm/sysfs.h>

#include "internal.h"

/**
 * DOC: how inval.c works
 *
 * The runtime tells of each change under its tree lock (ldm_sysfs_watch);
 * that call only queues it. A thread of its own sends the invalidations:
 * never a request handler, since the kernel may hold locks during a request
 * that an invalidation needs. Only directories the kernel knows (that have
 * a node id) can have cached names; the others are skipped. Where a change
 * must be visible as soon as a call returns - a write to an attribute, a
 * control request - the caller waits for the queue to be sent
 * (ldm_fuse_inval_flush()). The content of a stable attribute (LDM_ATTR_STABLE),
 * which the kernel's page cache may hold, is invalidated the same way after
 * a store() or a sysfs_notify() of it (fuse_inval_data()).
 */

#define FLUSH_MAX_MS 1000 /* a flush never waits longer */

struct inval {
	struct inval *next;
	struct ldm_sysfs_node *sd; /* referenced: the directory, or the file */
	bool data;		   /* the file's cached content, not a name */
	char name[];
};

static pthread_mutex_t inval_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t inval_more = PTHREAD_COND_INITIALIZER;
static pthread_cond_t inval_sent = PTHREAD_COND_INITIALIZER;
static struct inval *head, **tail = &head; /* under inval_lock */
static unsigned long queued, sent;	   /* under inval_lock */
static bool running, stopping;
static struct fuse_session *session;
static pthread_t worker;

static void enqueue(struct inval *iv)
{
	iv->next = NULL;
	pthread_mutex_lock(&inval_lock);
	*tail = iv;
	tail = &iv->next;
	queued++;
	pthread_cond_signal(&inval_more);
	pthread_mutex_unlock(&inval_lock);
}

/* The tree's watcher: under the tree's lock, so only queue. */
static void tree_changed(enum ldm_sysfs_change change, struct ldm_sysfs_node *parent,
			 const char *name, void *data)
{
	size_t len = strlen(name) + 1;
	struct inval *iv = malloc(sizeof(*iv) + len);

	(void)change;
	(void)data;
	if (!iv)
		return; /* the entry stays cached until its timeout */
	iv->sd = ldm_sysfs_get(parent);
	iv->data = false;
	memcpy(iv->name, name, len);
	enqueue(iv);
}

/**
 * fuse_inval_data - have the kernel drop the cached content of a file
 * @sd: a stable attribute whose content changed (a store, a sysfs_notify)
 *
 * Queued, as every invalidation: ldm_fuse_inval_flush() waits for it.
 */
void fuse_inval_data(struct ldm_sysfs_node *sd)
{
	struct inval *iv = malloc(sizeof(*iv) + 1);

	if (!iv)
		return;
	iv->sd = ldm_sysfs_get(sd);
	iv->data = true;
	iv->name[0] = '\0';
	enqueue(iv);
}

static void send_one(struct inval *iv)
{
	fuse_ino_t ino = fuse_node_find(iv->sd);

	if (!ino)
		return; /* the kernel caches nothing of it */
	if (iv->data) {
		fuse_lowlevel_notify_inval_inode(session, ino, 0, 0);
		return;
	}
	fuse_lowlevel_notify_inval_entry(session, ino, iv->name, strlen(iv->name));
	/* The directory's attributes (nlink, mtime) and its cached listing too. */
	fuse_lowlevel_notify_inval_inode(session, ino, 0, 0);
}

static void *inval_thread(void *arg)
{
	struct inval *iv;

	(void)arg;
	pthread_mutex_lock(&inval_lock);
	for (;;) {
		while (!head && !stopping)
			pthread_cond_wait(&inval_more, &inval_lock);
		if (!head)
			break;
		iv = head;
		head = iv->next;
		if (!head)
			tail = &head;
		pthread_mutex_unlock(&inval_lock);
		send_one(iv);
		ldm_sysfs_put(iv->sd);
		free(iv);
		pthread_mutex_lock(&inval_lock);
		sent++;
		pthread_cond_broadcast(&inval_sent);
	}
	pthread_mutex_unlock(&inval_lock);
	return NULL;
}

/**
 * ldm_fuse_inval_start - invalidate in the kernel every change of the tree
 * @sysfs: the sysfs mount, serving
 *
 * Return: 0, or -errno.
 */
int ldm_fuse_inval_start(struct ldm_fuse_mount *sysfs)
{
	int error;

	session = ldm_fuse_session(sysfs);
	stopping = false;
	error = -pthread_create(&worker, NULL, inval_thread, NULL);
	if (error)
		return error;
	error = ldm_sysfs_watch(tree_changed, NULL);
	if (error) {
		ldm_fuse_inval_stop();
		return error;
	}
	running = true;
	return 0;
}

/**
 * ldm_fuse_inval_flush - wait until what changed so far is invalidated
 *
 * At most FLUSH_MAX_MS: the kernel is never waited on forever.
 */
void ldm_fuse_inval_flush(void)
{
	struct timespec deadline;
	unsigned long target;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_nsec += FLUSH_MAX_MS % 1000 * 1000000L;
	deadline.tv_sec += FLUSH_MAX_MS / 1000 + deadline.tv_nsec / 1000000000;
	deadline.tv_nsec %= 1000000000;
	pthread_mutex_lock(&inval_lock);
	target = queued;
	while (running && sent < target &&
	       pthread_cond_timedwait(&inval_sent, &inval_lock, &deadline) != ETIMEDOUT)
		;
	pthread_mutex_unlock(&inval_lock);
}

/**
 * ldm_fuse_inval_stop - stop watching the tree; send what is queued
 *
 * Called after the runtime has stopped and before the mount goes.
 */
void ldm_fuse_inval_stop(void)
{
	ldm_sysfs_watch(NULL, NULL);
	pthread_mutex_lock(&inval_lock);
	stopping = true;
	running = false;
	pthread_cond_signal(&inval_more);
	pthread_mutex_unlock(&inval_lock);
	pthread_join(worker, NULL);
}
