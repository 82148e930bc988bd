// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * proc.c - the requests of DIR/proc, on <libldm/proc.h>: the runtime's
 * /proc (modules, devices, misc, and what drivers made with
 * create_proc_entry() and seq_file), for cat, kmod's lsmod and the
 * programs ldm exec runs, whose /proc files of these names it is.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/queue.h>
#include <libldm/proc.h>

#include "internal.h"

/*
 * A node is an entry's path, kept while the kernel holds its id: /proc
 * entries are few and looked up by path, so the table is a list, and the
 * node id is the entry's own number (the root's is 1). Nothing is
 * cached by the kernel (timeouts of 0): an entry a driver removes goes at
 * the next look-up, and its id, if the kernel still holds it, finds
 * nothing.
 */
struct proc_node {
	LIST_ENTRY(proc_node) link;
	fuse_ino_t ino;
	uint64_t nlookup;
	char *path;
};

static pthread_mutex_t proc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct timespec proc_time; /* the entries' times: when serving began */
static LIST_HEAD(, proc_node) proc_nodes = LIST_HEAD_INITIALIZER(proc_nodes);

/* The path of node @ino into @buf; -ESTALE for an id no longer held. */
static int node_path(fuse_ino_t ino, char *buf, size_t size)
{
	struct proc_node *n;
	int ret = -ESTALE;

	if (ino == FUSE_ROOT_ID) {
		snprintf(buf, size, "/");
		return 0;
	}
	pthread_mutex_lock(&proc_lock);
	LIST_FOREACH(n, &proc_nodes, link) {
		if (n->ino == ino) {
			snprintf(buf, size, "%s", n->path);
			ret = 0;
			break;
		}
	}
	pthread_mutex_unlock(&proc_lock);
	return ret;
}

/* Count a look-up of @path as node @ino. */
static int node_hold(fuse_ino_t ino, const char *path)
{
	struct proc_node *n;

	pthread_mutex_lock(&proc_lock);
	LIST_FOREACH(n, &proc_nodes, link) {
		if (n->ino == ino && !strcmp(n->path, path)) {
			n->nlookup++;
			pthread_mutex_unlock(&proc_lock);
			return 0;
		}
	}
	n = calloc(1, sizeof(*n));
	if (n)
		n->path = strdup(path);
	if (!n || !n->path) {
		pthread_mutex_unlock(&proc_lock);
		free(n);
		return -ENOMEM;
	}
	n->ino = ino;
	n->nlookup = 1;
	LIST_INSERT_HEAD(&proc_nodes, n, link);
	pthread_mutex_unlock(&proc_lock);
	return 0;
}

static void proc_node_drop(fuse_ino_t ino, uint64_t nlookup);

static void to_stat(const struct ldm_proc_stat *ps, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = ps->ino; /* the root's is 1, FUSE_ROOT_ID */
	st->st_mode = ps->mode;
	st->st_nlink = ps->nlink;
	st->st_uid = ps->uid;
	st->st_gid = ps->gid;
	st->st_size = ps->size;
	st->st_blksize = 4096;
	st->st_atim = st->st_mtim = st->st_ctim = proc_time;
}

/* stat(2) of the entry at @path. */
static int stat_path(const char *path, struct stat *st)
{
	struct ldm_proc_entry *de;
	struct ldm_proc_stat ps;
	int ret;

	ret = ldm_proc_lookup(path, &de);
	if (ret)
		return ret;
	ret = ldm_proc_stat(de, &ps);
	ldm_proc_put(de);
	if (!ret)
		to_stat(&ps, st);
	return ret;
}

/**
 * fuse_proc_child_path - the path of an entry in a directory of DIR/proc
 * @parent: the directory's node id
 * @name: the entry's name
 * @buf: gets "/" for the root, "/a/b" below it
 * @size: its size
 *
 * Return: 0; -ESTALE for a directory whose id is no longer held (@buf is
 * then not written, and nothing of it is read); -ENAMETOOLONG.
 */
int fuse_proc_child_path(fuse_ino_t parent, const char *name, char *buf, size_t size)
{
	size_t len;
	int ret;

	ret = node_path(parent, buf, size);
	if (ret)
		return ret;
	len = strlen(buf);
	if (snprintf(buf + len, size - len, "%s%s", len > 1 ? "/" : "", name) >= (int)(size - len))
		return -ENAMETOOLONG;
	return 0;
}

static void proc_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { 0 };
	char path[PATH_MAX];
	int ret;

	ret = fuse_proc_child_path(parent, name, path, sizeof(path));
	if (!ret)
		ret = stat_path(path, &e.attr);
	if (!ret) {
		e.ino = e.attr.st_ino;
		ret = node_hold(e.ino, path);
	}
	if (ret) {
		fuse_reply_errno(req, ret);
		return;
	}
	if (fuse_reply_entry(req, &e))
		proc_node_drop(e.ino, 1); /* interrupted: the kernel holds nothing */
}

/* Give back @nlookup look-ups of node @ino; it goes at none. */
static void proc_node_drop(fuse_ino_t ino, uint64_t nlookup)
{
	struct proc_node *n;

	pthread_mutex_lock(&proc_lock);
	LIST_FOREACH(n, &proc_nodes, link) {
		if (n->ino != ino)
			continue;
		n->nlookup -= nlookup < n->nlookup ? nlookup : n->nlookup;
		if (!n->nlookup) {
			LIST_REMOVE(n, link);
			free(n->path);
			free(n);
		}
		break;
	}
	pthread_mutex_unlock(&proc_lock);
}

static void proc_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	proc_node_drop(ino, nlookup);
	fuse_reply_none(req);
}

static void proc_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	char path[PATH_MAX];
	struct stat st;
	int ret;

	(void)fi;
	ret = node_path(ino, path, sizeof(path));
	if (!ret)
		ret = stat_path(path, &st);
	if (ret)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_attr(req, &st, 0);
}

static void proc_readlink(fuse_req_t req, fuse_ino_t ino)
{
	struct ldm_proc_entry *de;
	char path[PATH_MAX], target[PATH_MAX];
	int ret;

	ret = node_path(ino, path, sizeof(path));
	if (!ret)
		ret = ldm_proc_lookup(path, &de);
	if (!ret) {
		ret = ldm_proc_readlink(de, target, sizeof(target));
		ldm_proc_put(de);
	}
	if (ret < 0)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_readlink(req, target);
}

/* A directory's listing, made whole at each READDIR from offset 0. */
struct proc_listing {
	fuse_req_t req;
	char *buf;
	size_t size, pos;
	off_t from, at;
	bool full;
};

static int add_entry(const char *name, const struct ldm_proc_stat *ps, void *ctx)
{
	struct proc_listing *l = ctx;
	struct stat st;
	size_t len;

	if (l->full || l->at++ < l->from)
		return 0;
	to_stat(ps, &st);
	len = fuse_add_direntry(l->req, l->buf + l->pos, l->size - l->pos, name, &st, l->at);
	if (len > l->size - l->pos)
		l->full = true;
	else
		l->pos += len;
	return 0;
}

/* ".", ".." and the entries; an entry's offset is its place + 1. */
static void proc_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
			 struct fuse_file_info *fi)
{
	struct proc_listing l = { .req = req, .size = size, .from = off };
	struct ldm_proc_stat dot = { .mode = S_IFDIR | 0555, .ino = ino };
	struct ldm_proc_entry *de;
	char path[PATH_MAX];
	int ret;

	(void)fi;
	l.buf = malloc(size);
	ret = l.buf ? node_path(ino, path, sizeof(path)) : -ENOMEM;
	if (!ret)
		ret = ldm_proc_lookup(path, &de);
	if (!ret) {
		add_entry(".", &dot, &l);
		add_entry("..", &dot, &l);
		ret = ldm_proc_readdir(de, add_entry, &l);
		ldm_proc_put(de);
	}
	if (ret)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_buf(req, l.buf, l.pos);
	free(l.buf);
}

/*
 * An open entry. Its file is closed at RELEASE, or before the runtime
 * stops (ldm_fuse_proc_shutdown(): a module's entry must not outlive it),
 * after which I/O on it gives ENODEV. I/O holds proc_io for reading, the
 * shutdown for writing.
 */
struct proc_open {
	LIST_ENTRY(proc_open) link; /* in proc_opens, under proc_lock */
	struct ldm_proc_file *file;
};

static pthread_rwlock_t proc_io = PTHREAD_RWLOCK_INITIALIZER;
static LIST_HEAD(, proc_open) proc_opens = LIST_HEAD_INITIALIZER(proc_opens);
static bool proc_stopping; /* under proc_io */

/* Open @path for @req into @po; under proc_io. */
static int open_entry(fuse_req_t req, const char *path, int flags, struct proc_open *po)
{
	struct ldm_proc_entry *de;
	int ret;

	if (proc_stopping)
		return -ENODEV;
	ret = ldm_proc_lookup(path, &de);
	if (ret)
		return ret;
	fuse_cred_begin(req);
	ret = ldm_proc_open(de, flags, &po->file);
	fuse_cred_end();
	ldm_proc_put(de);
	if (ret)
		return ret;
	pthread_mutex_lock(&proc_lock);
	LIST_INSERT_HEAD(&proc_opens, po, link);
	pthread_mutex_unlock(&proc_lock);
	return 0;
}

/* Close @po's file, if the shutdown has not, and forget it; under proc_io. */
static void close_entry(struct proc_open *po)
{
	pthread_mutex_lock(&proc_lock);
	LIST_REMOVE(po, link);
	pthread_mutex_unlock(&proc_lock);
	if (po->file)
		ldm_proc_release(po->file);
	free(po);
}

static void proc_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct proc_open *po = calloc(1, sizeof(*po));
	char path[PATH_MAX];
	int ret;

	ret = po ? node_path(ino, path, sizeof(path)) : -ENOMEM;
	if (!ret) {
		pthread_rwlock_rdlock(&proc_io);
		ret = open_entry(req, path, fi->flags, po);
		pthread_rwlock_unlock(&proc_io);
	}
	if (ret) {
		free(po);
		fuse_reply_errno(req, ret);
		return;
	}
	fi->fh = (uintptr_t)po;
	fi->direct_io = 1;		/* sizes are 0: every read reaches the entry */
	if (fuse_reply_open(req, fi)) { /* interrupted: no RELEASE will come */
		pthread_rwlock_rdlock(&proc_io);
		close_entry(po);
		pthread_rwlock_unlock(&proc_io);
	}
}

static struct proc_open *to_open(struct fuse_file_info *fi)
{
	return (struct proc_open *)(uintptr_t)fi->fh;
}

static void proc_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		      struct fuse_file_info *fi)
{
	loff_t pos = off;
	char *buf = malloc(size ? size : 1);
	ssize_t n = -ENODEV;

	(void)ino;
	if (!buf) {
		fuse_reply_errno(req, -ENOMEM);
		return;
	}
	pthread_rwlock_rdlock(&proc_io);
	if (to_open(fi)->file) {
		fuse_cred_begin(req);
		n = ldm_proc_read(to_open(fi)->file, buf, size, &pos);
		fuse_cred_end();
	}
	pthread_rwlock_unlock(&proc_io);
	if (n < 0)
		fuse_reply_errno(req, n);
	else
		fuse_reply_buf(req, buf, (size_t)n);
	free(buf);
}

static void proc_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
		       struct fuse_file_info *fi)
{
	loff_t pos = off;
	ssize_t n = -ENODEV;

	(void)ino;
	pthread_rwlock_rdlock(&proc_io);
	if (to_open(fi)->file) {
		fuse_cred_begin(req);
		n = ldm_proc_write(to_open(fi)->file, buf, size, &pos);
		fuse_cred_end();
	}
	pthread_rwlock_unlock(&proc_io);
	if (n < 0)
		fuse_reply_errno(req, n);
	else
		fuse_reply_write(req, (size_t)n);
}

static void proc_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	(void)ino;
	pthread_rwlock_rdlock(&proc_io);
	close_entry(to_open(fi));
	pthread_rwlock_unlock(&proc_io);
	fuse_reply_errno(req, 0);
}

/**
 * ldm_fuse_proc_shutdown - close every /proc file still open, before the
 * runtime stops
 *
 * Waits for the reads and writes in progress; from then on an open gets
 * ENODEV, and so does I/O on a file still held, whose entry (a module's)
 * may be gone with the module.
 */
void ldm_fuse_proc_shutdown(void)
{
	struct proc_open *po;

	pthread_rwlock_wrlock(&proc_io);
	proc_stopping = true;
	pthread_mutex_lock(&proc_lock);
	LIST_FOREACH(po, &proc_opens, link) {
		if (po->file)
			ldm_proc_release(po->file);
		po->file = NULL;
	}
	pthread_mutex_unlock(&proc_lock);
	pthread_rwlock_unlock(&proc_io);
}

/* Truncation is accepted and does nothing (echo x > entry); the rest is fixed. */
static void proc_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
			 struct fuse_file_info *fi)
{
	(void)attr;
	if (!fuse_only_truncates(to_set))
		fuse_reply_errno(req, -EPERM);
	else
		proc_getattr(req, ino, fi);
}

static void proc_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
		conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
}

/* Its shape is the drivers': nothing is made or removed through the mount. */
static const struct fuse_lowlevel_ops proc_ops = {
	.init = proc_init,
	.lookup = proc_lookup,
	.forget = proc_forget,
	.getattr = proc_getattr,
	.setattr = proc_setattr,
	.readlink = proc_readlink,
	.mknod = fuse_refuse_mknod,
	.mkdir = fuse_refuse_mkdir,
	.unlink = fuse_refuse_unlink,
	.rmdir = fuse_refuse_rmdir,
	.symlink = fuse_refuse_symlink,
	.rename = fuse_refuse_rename,
	.link = fuse_refuse_link,
	.open = proc_open,
	.read = proc_read,
	.write = proc_write,
	.release = proc_release,
	.readdir = proc_readdir,
	.create = fuse_refuse_create,
};

static int proc_start(struct fuse_session *se)
{
	(void)se;
	clock_gettime(CLOCK_REALTIME, &proc_time);
	return 0;
}

/* Nothing serves the session: the nodes the kernel held are dropped. */
static void proc_stop(bool started)
{
	struct proc_open *po;
	struct proc_node *n;

	(void)started;
	ldm_fuse_proc_shutdown();
	pthread_mutex_lock(&proc_lock);
	while ((po = LIST_FIRST(&proc_opens))) {
		LIST_REMOVE(po, link);
		free(po);
	}
	while ((n = LIST_FIRST(&proc_nodes))) {
		LIST_REMOVE(n, link);
		free(n->path);
		free(n);
	}
	pthread_mutex_unlock(&proc_lock);
}

const struct ldm_fuse_fs ldm_fuse_proc = {
	.dir = "proc",
	.fsname = "ldmproc",
	.what = "the /proc files",
	.ops = &proc_ops,
	.max_threads = FUSE_SYSFS_THREADS,
	.start = proc_start,
	.stop = proc_stop,
};
