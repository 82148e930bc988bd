// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dev-attrs.c - the mode, owner and times a client gives a node of
 * DIR/dev, as udevd gives a machine's node by OWNER=, GROUP= and MODE=:
 * kept by device number until the device goes.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/capability.h>
#include <libldm/uevent.h>

#include "dev.h"
#include "tool-grow.h"

/**
 * DOC: how dev-attrs.c works
 *
 * A node is 0600 and ldmd's user's until a client that is root in ldmd's
 * terms changes it: chmod (and a change of its times) takes CAP_FOWNER,
 * chown CAP_CHOWN, each held in ldmd's user namespace (cred.c), as a
 * kernel asks them of a process changing root's node. What it gave is kept
 * by device number, and the kernel enforces it (default_permissions): a
 * node made 0666 opens for anyone. The device's remove event (a listener
 * of the runtime's events) drops it, so the next device of that number
 * starts at 0600 again, as a machine's new node does. At most
 * DEV_ATTRS_MAX nodes are changed at once (ENOSPC past it).
 */

#define DEV_ATTRS_MAX 4096

struct dev_attr {
	dev_t dev;
	mode_t mode; /* permission bits */
	uid_t uid;
	gid_t gid;
	struct timespec time;
};

static pthread_mutex_t attrs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dev_attr *attrs; /* under attrs_lock */
static size_t nattrs, attrs_cap;

static struct dev_attr *attr_of(dev_t dev)
{
	size_t i;

	for (i = 0; i < nattrs; i++)
		if (attrs[i].dev == dev)
			return &attrs[i];
	return NULL;
}

/**
 * dev_attrs_apply - give @st the mode, owner and times a client gave node @dev
 * @dev: the node's number
 * @st: its attributes as ldmd makes them
 */
void dev_attrs_apply(dev_t dev, struct stat *st)
{
	struct dev_attr *a;

	pthread_mutex_lock(&attrs_lock);
	a = attr_of(dev);
	if (a) {
		st->st_mode = (st->st_mode & S_IFMT) | a->mode;
		st->st_uid = a->uid;
		st->st_gid = a->gid;
		st->st_atim = st->st_mtim = st->st_ctim = a->time;
	}
	pthread_mutex_unlock(&attrs_lock);
}

/* Under attrs_lock: the entry of @dev, made from @st if there is none. */
static struct dev_attr *attr_get(dev_t dev, const struct stat *st)
{
	struct dev_attr *a = attr_of(dev);

	if (a)
		return a;
	if (nattrs == DEV_ATTRS_MAX)
		return NULL;
	if (TOOL_GROW(attrs, attrs_cap, nattrs + 1, 16))
		return NULL;
	a = &attrs[nattrs++];
	*a = (struct dev_attr){ .dev = dev,
				.mode = st->st_mode & 07777,
				.uid = st->st_uid,
				.gid = st->st_gid,
				.time = st->st_mtim };
	return a;
}

/**
 * dev_attrs_set - SETATTR of a node: its mode, owner or times, by root in
 * ldmd's terms
 * @req: the request
 * @dev: the node's number (it exists)
 * @attr: the new values
 * @to_set: which (FUSE_SET_ATTR_*; a truncation is the caller's)
 * @st: the node's attributes now; gets the new ones
 *
 * Return: 0, -EPERM for a requester without the capability, -EINVAL for a
 * change of anything else, -ENOSPC when too many nodes are changed.
 */
int dev_attrs_set(fuse_req_t req, dev_t dev, const struct stat *attr, int to_set, struct stat *st)
{
	const int times = FUSE_SET_ATTR_ATIME | FUSE_SET_ATTR_MTIME | FUSE_SET_ATTR_ATIME_NOW |
			  FUSE_SET_ATTR_MTIME_NOW | FUSE_SET_ATTR_CTIME | FUSE_SET_ATTR_SIZE;
	const int owner = FUSE_SET_ATTR_UID | FUSE_SET_ATTR_GID;
	struct dev_attr *a;

	if (to_set & ~(times | owner | FUSE_SET_ATTR_MODE))
		return -EINVAL;
	if ((to_set & owner) && !fuse_req_capable(req, CAP_CHOWN))
		return -EPERM;
	if ((to_set & ~owner) && !fuse_req_capable(req, CAP_FOWNER))
		return -EPERM;
	pthread_mutex_lock(&attrs_lock);
	a = attr_get(dev, st);
	if (a) {
		if (to_set & FUSE_SET_ATTR_MODE)
			a->mode = attr->st_mode & 07777;
		if (to_set & FUSE_SET_ATTR_UID)
			a->uid = attr->st_uid;
		if (to_set & FUSE_SET_ATTR_GID)
			a->gid = attr->st_gid;
		clock_gettime(CLOCK_REALTIME, &a->time);
	}
	pthread_mutex_unlock(&attrs_lock);
	if (!a)
		return -ENOSPC;
	dev_attrs_apply(dev, st);
	return 0;
}

/* The value of @key= in @env, or NULL. */
static const char *env_value(char **env, const char *key)
{
	size_t len = strlen(key);

	for (; env && *env; env++)
		if (!strncmp(*env, key, len) && (*env)[len] == '=')
			return *env + len + 1;
	return NULL;
}

/* A device's remove event: its node's attributes go with it. */
static void heard(const struct ldm_uevent *event, void *data)
{
	const char *major = env_value(event->envp, "MAJOR");
	const char *minor = env_value(event->envp, "MINOR");
	struct dev_attr *a;
	dev_t dev;

	(void)data;
	if (strcmp(event->action, "remove") || !major || !minor)
		return;
	dev = (dev_t)(strtoul(major, NULL, 10) << 20 | strtoul(minor, NULL, 10));
	pthread_mutex_lock(&attrs_lock);
	a = attr_of(dev);
	if (a)
		*a = attrs[--nattrs];
	pthread_mutex_unlock(&attrs_lock);
}

/** dev_attrs_start - hear the runtime's events; before the mount serves */
int dev_attrs_start(void)
{
	return ldm_uevent_listen(heard, NULL);
}

/** dev_attrs_stop - forget every node's attributes; the mount has stopped */
void dev_attrs_stop(void)
{
	ldm_uevent_unlisten(heard, NULL);
	pthread_mutex_lock(&attrs_lock);
	free(attrs);
	attrs = NULL;
	nattrs = attrs_cap = 0;
	pthread_mutex_unlock(&attrs_lock);
}
