// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dev-links.c - what a client makes in DIR/dev, as udevd makes it in a
 * machine's /dev: symbolic links (SYMLINK+= rules, /dev/char/M:m) and the
 * directories they need, kept in ldmd's memory beside the nodes ldmd
 * makes, until ldmd stops.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <linux/capability.h>

#include "dev.h"
#include "tool-grow.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

/**
 * DOC: how dev-links.c works
 *
 * An entry is a path below DIR/dev ("input/by-ldm/kbd"), a directory or a
 * link with its target, as a client made it with mkdir(2) or symlink(2);
 * ldmd never follows a target (the kernel does, with its own limit on
 * loops), so no target can make ldmd loop. Node ids are
 * DEV_LINK_INO_BASE + a serial number never given twice, so an id of an
 * entry gone (or renamed over) is never another's.
 *
 * ldmd's own names win: a client cannot make an entry where ldmd has a
 * node or a directory, nor remove or rename what ldmd made (EPERM); an
 * entry that a node registered later covers is hidden until the node
 * goes. A directory of ldmd's (input) stays while an entry is below it.
 *
 * Who: only a requester that is root in ldmd's terms changes DIR/dev, that
 * is one holding CAP_DAC_OVERRIDE in ldmd's user namespace (the right to
 * write a directory of root's 0755, as /dev is), counted as the dev mount
 * counts every capability (cred.c): never from a user namespace of its own.
 *
 * Limits: DEV_LINKS_MAX entries (ENOSPC past it, said once), paths of at
 * most DEV_PATH_MAX bytes and targets of at most DEV_TARGET_MAX
 * (ENAMETOOLONG), so that no client makes ldmd's memory grow without
 * bound. The table is an array searched in order: a machine's /dev has
 * some hundreds of links.
 */

struct dev_link {
	char *path;   /* below DIR/dev */
	char *target; /* a link's; NULL for a directory */
	fuse_ino_t ino;
	mode_t mode; /* a directory's permission bits */
	uid_t uid;
	gid_t gid;
	struct timespec time;
};

static pthread_mutex_t links_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dev_link *links; /* under links_lock */
static size_t nlinks, links_cap;
static uint64_t links_serial;
static bool said_full;

static struct dev_link *by_path(const char *path)
{
	size_t i;

	for (i = 0; i < nlinks; i++)
		if (!strcmp(links[i].path, path))
			return &links[i];
	return NULL;
}

static struct dev_link *by_ino(fuse_ino_t ino)
{
	size_t i;

	for (i = 0; i < nlinks; i++)
		if (links[i].ino == ino)
			return &links[i];
	return NULL;
}

/* Whether @path lies below the directory @dir ("" is DIR/dev itself). */
static bool is_below(const char *path, const char *dir)
{
	size_t len = strlen(dir);

	if (!len)
		return true;
	return !strncmp(path, dir, len) && path[len] == '/';
}

/* Whether @path is a child of @dir, not deeper. */
static bool is_child(const char *path, const char *dir)
{
	size_t len = strlen(dir);

	if (!is_below(path, dir))
		return false;
	return !strchr(path + (len ? len + 1 : 0), '/');
}

/* Under links_lock: whether an entry lies below @dir. */
static bool below_locked(const char *dir)
{
	size_t i;

	for (i = 0; i < nlinks; i++)
		if (is_below(links[i].path, dir))
			return true;
	return false;
}

static void link_stat(const struct dev_link *l, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = l->ino;
	st->st_mode = l->target ? S_IFLNK | 0777 : S_IFDIR | l->mode;
	st->st_nlink = l->target ? 1 : 2;
	st->st_size = l->target ? (off_t)strlen(l->target) : 0;
	st->st_uid = l->uid;
	st->st_gid = l->gid;
	st->st_blksize = 4096;
	st->st_atim = st->st_mtim = st->st_ctim = l->time;
}

/* The attributes of the entry at @path, or of node id @ino. */
static int entry_stat(const char *path, fuse_ino_t ino, struct stat *st)
{
	struct dev_link *l;

	pthread_mutex_lock(&links_lock);
	l = path ? by_path(path) : by_ino(ino);
	if (l)
		link_stat(l, st);
	pthread_mutex_unlock(&links_lock);
	return l ? 0 : -ENOENT;
}

/**
 * dev_links_lookup - the entry a client made at @path
 * @path: below DIR/dev
 * @st: gets its attributes
 *
 * Return: 0, or -ENOENT.
 */
int dev_links_lookup(const char *path, struct stat *st)
{
	return entry_stat(path, 0, st);
}

/**
 * dev_links_getattr - the attributes of the entry of node id @ino
 * @ino: a node id of the range of entries
 * @st: gets them
 *
 * Return: 0, or -ENOENT if it is gone.
 */
int dev_links_getattr(fuse_ino_t ino, struct stat *st)
{
	return entry_stat(NULL, ino, st);
}

/* A directory's path (@dir) or a link's target into @buf. */
static int entry_string(fuse_ino_t ino, bool dir, char *buf, size_t size)
{
	struct dev_link *l;
	int ret = 0;

	pthread_mutex_lock(&links_lock);
	l = by_ino(ino);
	if (!l)
		ret = -ENOENT;
	else if (dir != !l->target)
		ret = dir ? -ENOTDIR : -EINVAL;
	else
		snprintf(buf, size, "%s", dir ? l->path : l->target);
	pthread_mutex_unlock(&links_lock);
	return ret;
}

/**
 * dev_links_dir_path - the path of a directory a client made
 * @ino: its node id
 * @buf: gets the path
 * @size: the size of @buf, DEV_PATH_MAX
 *
 * Return: 0, -ENOENT if it is gone, -ENOTDIR if it is a link.
 */
int dev_links_dir_path(fuse_ino_t ino, char *buf, size_t size)
{
	return entry_string(ino, true, buf, size);
}

/**
 * dev_links_below - whether some entry lies below the directory @dir
 * @dir: a path below DIR/dev
 */
bool dev_links_below(const char *dir)
{
	bool found;

	pthread_mutex_lock(&links_lock);
	found = below_locked(dir);
	pthread_mutex_unlock(&links_lock);
	return found;
}

/**
 * dev_links_for_each_child - call @fn for each entry in the directory @dir
 * @dir: a path below DIR/dev ("" for DIR/dev)
 * @fn: called with the entry's name and attributes; non-zero stops
 * @data: for @fn
 *
 * @fn runs under the table's lock: it may not call back into this file.
 * Return: what @fn returned last, or 0.
 */
int dev_links_for_each_child(const char *dir,
			     int (*fn)(const char *name, const struct stat *st, void *data),
			     void *data)
{
	size_t i, skip = strlen(dir) ? strlen(dir) + 1 : 0;
	struct stat st;
	int ret = 0;

	pthread_mutex_lock(&links_lock);
	for (i = 0; i < nlinks && !ret; i++) {
		if (!is_child(links[i].path, dir))
			continue;
		link_stat(&links[i], &st);
		ret = fn(links[i].path + skip, &st, data);
	}
	pthread_mutex_unlock(&links_lock);
	return ret;
}

/**
 * dev_links_readlink - the target of the link of node id @ino
 * @ino: its node id
 * @buf: gets the target
 * @size: the size of @buf, DEV_TARGET_MAX + 1
 *
 * Return: 0, -ENOENT if it is gone, -EINVAL if it is no link.
 */
int dev_links_readlink(fuse_ino_t ino, char *buf, size_t size)
{
	return entry_string(ino, false, buf, size);
}

/* Make the entry @path (@target NULL: a directory) for the requester @ctx. */
static int link_add(const char *path, const char *target, mode_t mode, const struct fuse_ctx *ctx,
		    struct stat *st)
{
	struct dev_link *l;
	char *p, *t = NULL;

	if (nlinks == DEV_LINKS_MAX) {
		if (!said_full)
			fuse_say(
				"DIR/dev: %d links and directories made already: no more (ENOSPC)\n",
				DEV_LINKS_MAX);
		said_full = true;
		return -ENOSPC;
	}
	if (by_path(path))
		return -EEXIST;
	if (TOOL_GROW(links, links_cap, nlinks + 1, 16))
		return -ENOMEM;
	p = strdup(path);
	if (target)
		t = strdup(target);
	if (!p || (target && !t)) {
		free(p);
		free(t);
		return -ENOMEM;
	}
	l = &links[nlinks++];
	*l = (struct dev_link){ .path = p,
				.target = t,
				.ino = DEV_LINK_INO_BASE + ++links_serial,
				.mode = mode & 07777,
				.uid = ctx->uid,
				.gid = ctx->gid };
	clock_gettime(CLOCK_REALTIME, &l->time);
	link_stat(l, st);
	return 0;
}

static void link_del(struct dev_link *l)
{
	free(l->path);
	free(l->target);
	*l = links[--nlinks];
}

/* The path of @name in the directory @parent, checked: in @buf (DEV_PATH_MAX). */
static int child_path(fuse_ino_t parent, const char *name, char *buf)
{
	char dir[DEV_PATH_MAX];
	int ret;

	ret = dev_dir_path(parent, dir, sizeof(dir));
	if (ret)
		return ret;
	if (strlen(name) > NAME_MAX)
		return -ENAMETOOLONG;
	if (snprintf(buf, DEV_PATH_MAX, "%s%s%s", dir, *dir ? "/" : "", name) >= DEV_PATH_MAX)
		return -ENAMETOOLONG;
	return 0;
}

/* Whether the requester of @req is root in ldmd's terms (see the DOC above). */
static bool may_change(fuse_req_t req)
{
	return fuse_req_capable(req, CAP_DAC_OVERRIDE);
}

/* 0 if a client may make @path: ldmd has nothing there, its parent exists. */
static int may_make(fuse_req_t req, fuse_ino_t parent, const char *name, char *path)
{
	int ret;

	if (!may_change(req))
		return -EACCES;
	ret = child_path(parent, name, path);
	if (ret)
		return ret;
	ret = dev_ldmd_has(path);
	if (ret < 0)
		return ret;
	return ret ? -EEXIST : 0;
}

static void reply_made(fuse_req_t req, int ret, const struct stat *st)
{
	struct fuse_entry_param e = { 0 };

	if (ret) {
		fuse_reply_errno(req, ret);
		return;
	}
	e.ino = st->st_ino;
	e.attr = *st;
	fuse_reply_entry(req, &e);
}

/** dev_links_symlink - SYMLINK: a link made by a client */
void dev_links_symlink(fuse_req_t req, const char *target, fuse_ino_t parent, const char *name)
{
	char path[DEV_PATH_MAX];
	struct stat st;
	int ret;

	ret = may_make(req, parent, name, path);
	if (!ret && (!*target || strlen(target) > DEV_TARGET_MAX))
		ret = *target ? -ENAMETOOLONG : -ENOENT;
	if (!ret) {
		pthread_mutex_lock(&links_lock);
		ret = link_add(path, target, 0777, fuse_req_ctx(req), &st);
		pthread_mutex_unlock(&links_lock);
	}
	reply_made(req, ret, &st);
}

/** dev_links_mkdir - MKDIR: a directory made by a client */
void dev_links_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode)
{
	char path[DEV_PATH_MAX];
	struct stat st;
	int ret;

	ret = may_make(req, parent, name, path);
	if (!ret) {
		pthread_mutex_lock(&links_lock);
		ret = link_add(path, NULL, mode & ~fuse_req_ctx(req)->umask, fuse_req_ctx(req),
			       &st);
		pthread_mutex_unlock(&links_lock);
	}
	reply_made(req, ret, &st);
}

/* Take out the entry @name of @parent: a directory if @dir, else a link. */
static int remove_entry(fuse_req_t req, fuse_ino_t parent, const char *name, bool dir)
{
	char path[DEV_PATH_MAX];
	struct dev_link *l;
	int ret, below;

	ret = child_path(parent, name, path);
	if (ret)
		return ret;
	ret = dev_ldmd_has(path);
	if (ret)
		return ret < 0 ? ret : -EPERM; /* ldmd's */
	if (!may_change(req))
		return -EACCES;
	below = dir ? dev_ldmd_below(path) : 0;
	if (below < 0)
		return below;
	pthread_mutex_lock(&links_lock);
	l = by_path(path);
	if (!l)
		ret = -ENOENT;
	else if (dir && l->target)
		ret = -ENOTDIR;
	else if (!dir && !l->target)
		ret = -EISDIR;
	else if (dir && (below || below_locked(path)))
		ret = -ENOTEMPTY;
	else
		link_del(l);
	pthread_mutex_unlock(&links_lock);
	return ret;
}

/** dev_links_unlink - UNLINK: a client's link goes */
void dev_links_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	fuse_reply_errno(req, remove_entry(req, parent, name, false));
}

/** dev_links_rmdir - RMDIR: a client's empty directory goes */
void dev_links_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	fuse_reply_errno(req, remove_entry(req, parent, name, true));
}

/* Under links_lock: give the entries below @from the prefix @to instead. */
static int move_below(const char *from, const char *to)
{
	size_t i, flen = strlen(from), tlen = strlen(to);
	char *p;

	for (i = 0; i < nlinks; i++) {
		if (!is_below(links[i].path, from))
			continue;
		if (tlen + strlen(links[i].path + flen) >= DEV_PATH_MAX)
			return -ENAMETOOLONG;
	}
	for (i = 0; i < nlinks; i++) {
		if (!is_below(links[i].path, from))
			continue;
		p = malloc(tlen + strlen(links[i].path + flen) + 1);
		if (!p)
			return -ENOMEM; /* those moved so far stay moved: still a tree */
		sprintf(p, "%s%s", to, links[i].path + flen);
		free(links[i].path);
		links[i].path = p;
	}
	return 0;
}

/* Under links_lock: rename the entry @l to @to, over @old if there is one. */
static int rename_locked(struct dev_link *l, const char *to, struct dev_link *old,
			 unsigned int flags)
{
	char *p;
	int ret;

	if (old && (flags & RENAME_NOREPLACE))
		return -EEXIST;
	if (old && !old->target && l->target)
		return -EISDIR;
	if (old && old->target && !l->target)
		return -ENOTDIR;
	if (old && !old->target && below_locked(old->path))
		return -ENOTEMPTY;
	if (!l->target && is_below(to, l->path))
		return -EINVAL; /* a directory into itself */
	p = strdup(to);
	if (!p)
		return -ENOMEM;
	if (!l->target) {
		ret = move_below(l->path, to);
		if (ret) {
			free(p);
			return ret;
		}
	}
	free(l->path);
	l->path = p;
	if (old)
		link_del(old); /* may move @l: last */
	return 0;
}

/** dev_links_rename - RENAME: a client's entry to another name, atomically */
void dev_links_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
		      const char *newname, unsigned int flags)
{
	char from[DEV_PATH_MAX], to[DEV_PATH_MAX];
	struct dev_link *l;
	int ret;

	ret = child_path(parent, name, from);
	if (!ret)
		ret = child_path(newparent, newname, to);
	if (!ret && (flags & ~RENAME_NOREPLACE))
		ret = -EINVAL; /* RENAME_EXCHANGE, RENAME_WHITEOUT */
	if (!ret)
		ret = dev_ldmd_has(from);
	if (ret > 0)
		ret = -EPERM; /* ldmd's own */
	if (!ret)
		ret = dev_ldmd_has(to);
	if (ret > 0)
		ret = -EPERM; /* over ldmd's */
	if (!ret && !may_change(req))
		ret = -EACCES;
	if (ret) {
		fuse_reply_errno(req, ret);
		return;
	}
	pthread_mutex_lock(&links_lock);
	l = by_path(from);
	if (!l)
		ret = -ENOENT;
	else if (strcmp(from, to))
		ret = rename_locked(l, to, by_path(to), flags);
	pthread_mutex_unlock(&links_lock);
	fuse_reply_errno(req, ret);
}

/**
 * dev_links_setattr - SETATTR of an entry: a directory's mode and owner,
 * by root in ldmd's terms; a time alone is taken and kept as one
 * @req: the request
 * @ino: the entry's node id
 * @attr: the new values
 * @to_set: which (FUSE_SET_ATTR_*)
 */
void dev_links_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set)
{
	const int times = FUSE_SET_ATTR_ATIME | FUSE_SET_ATTR_MTIME | FUSE_SET_ATTR_ATIME_NOW |
			  FUSE_SET_ATTR_MTIME_NOW | FUSE_SET_ATTR_CTIME;
	const int ok = times | FUSE_SET_ATTR_MODE | FUSE_SET_ATTR_UID | FUSE_SET_ATTR_GID;
	struct dev_link *l;
	struct stat st;
	int ret = 0;

	if ((to_set & ~ok) || !may_change(req)) {
		fuse_reply_errno(req, to_set & ~ok ? -EINVAL : -EPERM);
		return;
	}
	pthread_mutex_lock(&links_lock);
	l = by_ino(ino);
	if (!l) {
		ret = -ENOENT;
	} else {
		if ((to_set & FUSE_SET_ATTR_MODE) && !l->target)
			l->mode = attr->st_mode & 07777;
		if (to_set & FUSE_SET_ATTR_UID)
			l->uid = attr->st_uid;
		if (to_set & FUSE_SET_ATTR_GID)
			l->gid = attr->st_gid;
		if (to_set & times)
			clock_gettime(CLOCK_REALTIME, &l->time);
		link_stat(l, &st);
	}
	pthread_mutex_unlock(&links_lock);
	if (ret)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_attr(req, &st, 0);
}

/** dev_links_readlink_req - READLINK */
void dev_links_readlink_req(fuse_req_t req, fuse_ino_t ino)
{
	char target[DEV_TARGET_MAX + 1];
	int ret = dev_links_readlink(ino, target, sizeof(target));

	if (ret)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_readlink(req, target);
}

/** dev_links_exit - forget every entry: ldmd's mount stops */
void dev_links_exit(void)
{
	pthread_mutex_lock(&links_lock);
	while (nlinks)
		link_del(&links[nlinks - 1]);
	free(links);
	links = NULL;
	links_cap = 0;
	said_full = false;
	pthread_mutex_unlock(&links_lock);
}
