// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * notify.c - sysfs_notify() and poll on attributes (modern Linux's
 * fs/sysfs/file.c; 2.6.9 had neither, they came in 2.6.16).
 */
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <ldm/export.h>
#include <ldm/kobject.h>
#include <ldm/slab.h>
#include <ldm/sysfs.h>

#include "sysfs.h"

/**
 * DOC: how notify.c works
 *
 * A driver calls sysfs_notify() when an attribute's content changed; a
 * reader that has read the attribute and then polls it is woken with
 * POLLERR | POLLPRI, reads it again from offset 0, and polls again. Each
 * attribute that was ever notified has an event count, kept here rather
 * than in every node (most are never notified, and a node's size is the
 * memory goal of the driver core): a small hash table by node, from which
 * a node is dropped when it is freed. An open file remembers the count it
 * last read (io.c).
 *
 * A front end that serves poll to others (ldmd) sets a watcher with
 * ldm_sysfs_poll_watch(): it is called after each notification with the
 * node, outside every sysfs lock.
 */

#define NOTIFY_BUCKETS 64

struct notify_ent {
	struct hlist_node node;
	const struct sysfs_dirent *sd;
	unsigned long event;
};

static pthread_mutex_t notify_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notify_cond; /* CLOCK_MONOTONIC, set up once */
static pthread_once_t notify_once = PTHREAD_ONCE_INIT;
static struct hlist_head notify_table[NOTIFY_BUCKETS];
static unsigned int notify_count; /* entries; read unlocked as a hint */

static pthread_rwlock_t watch_lock = PTHREAD_RWLOCK_INITIALIZER;
static ldm_sysfs_poll_fn watch_fn;
static void *watch_data;

static void notify_setup(void)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&notify_cond, &attr);
	pthread_condattr_destroy(&attr);
}

static struct hlist_head *bucket(const struct sysfs_dirent *sd)
{
	return &notify_table[((uintptr_t)sd >> 4) % NOTIFY_BUCKETS];
}

/* The entry of @sd, or NULL. Caller has notify_lock. */
static struct notify_ent *find_ent(const struct sysfs_dirent *sd)
{
	struct notify_ent *e;

	hlist_for_each_entry(e, bucket(sd), node)
		if (e->sd == sd)
			return e;
	return NULL;
}

/**
 * sysfs_event - how many times @sd was notified
 * @sd: an attribute's node
 */
unsigned long sysfs_event(const struct sysfs_dirent *sd)
{
	struct notify_ent *e;
	unsigned long event;

	pthread_mutex_lock(&notify_lock);
	e = find_ent(sd);
	event = e ? e->event : 0;
	pthread_mutex_unlock(&notify_lock);
	return event;
}

/* Count one event on @sd and wake its pollers; -ENOMEM if it cannot be counted. */
static int bump(const struct sysfs_dirent *sd)
{
	struct notify_ent *e;

	pthread_once(&notify_once, notify_setup);
	pthread_mutex_lock(&notify_lock);
	e = find_ent(sd);
	if (!e) {
		e = kzalloc(sizeof(*e), GFP_KERNEL);
		if (!e) {
			pthread_mutex_unlock(&notify_lock);
			return -ENOMEM;
		}
		e->sd = sd;
		hlist_add_head(&e->node, bucket(sd));
		__atomic_add_fetch(&notify_count, 1, __ATOMIC_RELAXED);
	}
	e->event++;
	pthread_cond_broadcast(&notify_cond);
	pthread_mutex_unlock(&notify_lock);
	return 0;
}

/**
 * sysfs_notify_forget - drop the event count of a node being freed
 * @sd: the node
 */
void sysfs_notify_forget(const struct sysfs_dirent *sd)
{
	struct notify_ent *e;

	if (!__atomic_load_n(&notify_count, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&notify_lock);
	e = find_ent(sd);
	if (e) {
		hlist_del_init(&e->node);
		__atomic_sub_fetch(&notify_count, 1, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&notify_lock);
	kfree(e);
}

/* Whether @sd was removed: read through its active references, lock-free. */
bool sysfs_removed(struct sysfs_dirent *sd)
{
	if (!sysfs_get_active(sd))
		return true;
	sysfs_put_active(sd);
	return false;
}

/**
 * sysfs_wait_event - wait until @sd's event count is not @seen
 * @sd: the node
 * @seen: the count the waiter knows
 * @timeout_ms: how long at most; negative: no limit
 *
 * Return: the count then (still @seen after the timeout).
 */
unsigned long sysfs_wait_event(struct sysfs_dirent *sd, unsigned long seen, int timeout_ms)
{
	struct timespec deadline;
	struct notify_ent *e;
	unsigned long event;

	pthread_once(&notify_once, notify_setup);
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&notify_lock);
	for (;;) {
		e = find_ent(sd);
		event = e ? e->event : 0;
		if (event != seen || !timeout_ms || sysfs_removed(sd))
			break;
		if (timeout_ms < 0)
			pthread_cond_wait(&notify_cond, &notify_lock);
		else if (pthread_cond_timedwait(&notify_cond, &notify_lock, &deadline) == ETIMEDOUT)
			timeout_ms = 0;
	}
	pthread_mutex_unlock(&notify_lock);
	return event;
}

/* Tell the front end's watcher; no sysfs lock is held. */
static void tell_watcher(struct sysfs_dirent *sd)
{
	pthread_rwlock_rdlock(&watch_lock);
	if (watch_fn)
		watch_fn(to_node(sd), watch_data);
	pthread_rwlock_unlock(&watch_lock);
}

/**
 * sysfs_notify_removed - wake the pollers of an attribute just removed
 * @sd: its node, marked removed
 *
 * They get POLLERR | POLLPRI, as from a notification. No sysfs lock held.
 */
void sysfs_notify_removed(struct sysfs_dirent *sd)
{
	/*
	 * Under the lock, always: a waiter that saw the node not yet removed is
	 * asleep by the time this takes the lock, and is woken.
	 */
	pthread_once(&notify_once, notify_setup);
	pthread_mutex_lock(&notify_lock);
	pthread_cond_broadcast(&notify_cond);
	pthread_mutex_unlock(&notify_lock);
	tell_watcher(sd);
}

/**
 * sysfs_notify - tell pollers that an attribute changed
 * @kobj: the object
 * @dir: a subdirectory of its directory (an attribute group's), or NULL
 * @attr: the attribute's name
 *
 * Pollers of the attribute wake with POLLERR | POLLPRI. Nothing happens if
 * there is no such attribute.
 */
void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr)
{
	struct sysfs_dirent *sd = NULL, *parent;

	if (!kobj || !attr)
		return;
	down_read(&sysfs_rwsem);
	parent = kobj->dentry;
	if (parent && dir)
		parent = sysfs_find_locked(parent, dir);
	if (parent && parent->s_type == LDM_SYSFS_DIR)
		sd = sysfs_get(sysfs_find_locked(parent, attr));
	up_read(&sysfs_rwsem);
	if (!sd)
		return;
	if (!bump(sd))
		tell_watcher(sd);
	sysfs_put(sd);
}
EXPORT_SYMBOL_GPL(sysfs_notify);

/**
 * ldm_sysfs_poll_watch - be told of every sysfs_notify() (see <ldm/sysfs.h>)
 * @fn: called with the node after each notification and each removal of a
 *	polled node, with no sysfs lock held; NULL to remove the watcher
 * @data: passed to @fn
 *
 * Once this returns, the old watcher is not running and not called again.
 * Return: 0, or -EBUSY if another watcher is set.
 */
int ldm_sysfs_poll_watch(ldm_sysfs_poll_fn fn, void *data)
{
	int error = 0;

	pthread_rwlock_wrlock(&watch_lock);
	if (fn && watch_fn)
		error = -EBUSY;
	else {
		watch_fn = fn;
		watch_data = data;
	}
	pthread_rwlock_unlock(&watch_lock);
	return error;
}
