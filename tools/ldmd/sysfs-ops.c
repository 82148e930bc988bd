// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysfs-ops.c - the FUSE requests of the sysfs mount, mapped onto the
 * path-level API of <ldm/sysfs.h>. This is the one file that replies to
 * FUSE, and so the one place where errors change sign: everything in ldm
 * returns a negative errno, FUSE replies take a positive one (reply_err()).
 *
 * Node ids are nodes.c's. Names and attributes are cached by the kernel for
 * CACHE_SECONDS: every change of the tree's shape is invalidated (inval.c),
 * and a write waits until what its store() changed is invalidated before it
 * returns. Files are opened FOPEN_DIRECT_IO, so
 * a read always reaches show() and the page cache never answers; each
 * write(2) of up to a page is one WRITE request and so one store().
 *
 * What /sys refuses is refused here with its errors: creating a file
 * (EACCES), mkdir, mknod, symlink, link, unlink, rmdir, rename, and
 * changing modes, owners or times (EPERM). Truncation is accepted and
 * does nothing, as on sysfs, so that `echo 1 > file` works.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ldm/kernel.h>
#include <ldm/list.h>
#include <ldm/sysfs.h>

#include "ldmd.h"

#define CACHE_SECONDS	3600.0

/* The one sign flip: @error is 0 or a negative errno, as ldm returns them. */
static void reply_err(fuse_req_t req, int error)
{
	fuse_reply_err(req, -error);
}

/* The tree belongs to whoever runs ldmd: root, as /sys belongs to root. */
static void to_stat(const struct ldm_sysfs_stat *st, struct stat *out)
{
	memset(out, 0, sizeof(*out));
	out->st_ino = st->ino;
	out->st_mode = st->mode;
	out->st_nlink = st->nlink;
	out->st_uid = geteuid();
	out->st_gid = getegid();
	out->st_size = st->size;
	out->st_blksize = PAGE_SIZE;
	out->st_atim = st->mtime;
	out->st_mtim = st->mtime;
	out->st_ctim = st->mtime;
}

/*
 * Open files and directories are listed, so that what the kernel still had
 * open when the session ended is closed too (ldmd_sysfs_ops_exit()).
 */
struct open_file {
	struct list_head link;
	struct ldm_sysfs_file *f;
	struct sysfs_dirent *sd;	/* held by its node while the file is open */
	struct fuse_pollhandle *ph;	/* under handles_lock: a poller to wake */
	bool stable;			/* LDM_ATTR_STABLE: its content may be cached */
};

static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(open_files);
static LIST_HEAD(open_dirs);

static void track(struct list_head *link, struct list_head *list)
{
	pthread_mutex_lock(&handles_lock);
	list_add(link, list);
	pthread_mutex_unlock(&handles_lock);
}

static void untrack(struct list_head *link)
{
	pthread_mutex_lock(&handles_lock);
	list_del(link);
	pthread_mutex_unlock(&handles_lock);
}

static struct open_file *to_file(struct fuse_file_info *fi)
{
	return (struct open_file *)(uintptr_t)fi->fh;
}

static void file_free(struct open_file *of)
{
	if (of->ph)
		fuse_pollhandle_destroy(of->ph);
	ldm_sysfs_close(of->f);
	free(of);
}

static void sysfs_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	/* O_TRUNC comes with OPEN instead of as a SETATTR of its own. */
	if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
		conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
	/* A listing starts by refetching the directory's mtime if invalidated. */
	if (conn->capable & FUSE_CAP_AUTO_INVAL_DATA)
		conn->want |= FUSE_CAP_AUTO_INVAL_DATA;
}

static void sysfs_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { 0 };
	struct ldm_sysfs_stat st;
	struct sysfs_dirent *sd;
	int error;

	error = ldm_sysfs_lookup_at(ldmd_node_sd(parent), name, &sd);
	if (error) {
		reply_err(req, error);
		return;
	}
	ldm_sysfs_stat(sd, &st);
	to_stat(&st, &e.attr);
	/*
	 * Safe to cache: were @sd removed now, its invalidation would wait for
	 * the directory's lock, which the kernel holds until this lookup ends.
	 */
	e.entry_timeout = CACHE_SECONDS;
	e.attr_timeout = CACHE_SECONDS;
	e.ino = ldmd_node_hold(sd);
	if (!e.ino)
		reply_err(req, -ENOMEM);
	else if (fuse_reply_entry(req, &e))
		ldmd_node_forget(e.ino, 1);	/* interrupted: the kernel never saw it */
}

static void sysfs_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	ldmd_node_forget(ino, nlookup);
	fuse_reply_none(req);
}

static void sysfs_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct ldm_sysfs_stat st;
	struct stat attr;
	int error;

	(void)fi;
	error = ldm_sysfs_stat(ldmd_node_sd(ino), &st);
	if (error) {
		reply_err(req, error);
		return;
	}
	to_stat(&st, &attr);
	fuse_reply_attr(req, &attr, CACHE_SECONDS);
}

/*
 * Only a change of size, which sysfs ignores (the kernel adds the times a
 * truncation implies); modes, owners and times are fixed, as in 2.6.9.
 */
static void sysfs_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
			  struct fuse_file_info *fi)
{
	const int implied = FUSE_SET_ATTR_SIZE | FUSE_SET_ATTR_MTIME | FUSE_SET_ATTR_MTIME_NOW |
			    FUSE_SET_ATTR_CTIME;

	(void)attr;
	if (!(to_set & FUSE_SET_ATTR_SIZE) || (to_set & ~implied))
		reply_err(req, -EPERM);
	else
		sysfs_getattr(req, ino, fi);
}

static void sysfs_readlink(fuse_req_t req, fuse_ino_t ino)
{
	char path[PATH_MAX];
	int len;

	len = ldm_sysfs_readlink(ldmd_node_sd(ino), path, sizeof(path));
	if (len < 0)
		reply_err(req, len);
	else
		fuse_reply_readlink(req, path);
}

/*
 * A directory is listed from a snapshot taken at opendir and retaken when
 * the listing starts again from offset 0 (rewinddir), so offsets stay
 * stable while the tree changes. The offset of an entry is its index + 1.
 */
struct dir_entry {
	char *name;
	ino_t ino;
	mode_t mode;
};

struct dir_handle {
	struct list_head link;	/* in open_dirs */
	pthread_mutex_t lock;
	struct dir_entry *ents;
	size_t n, cap;
	bool served;
};

static int dir_add(void *ctx, const char *name, const struct ldm_sysfs_stat *st)
{
	struct dir_handle *d = ctx;
	struct dir_entry *ents;

	if (d->n == d->cap) {
		ents = realloc(d->ents, (d->cap ? 2 * d->cap : 16) * sizeof(*ents));
		if (!ents)
			return -ENOMEM;
		d->ents = ents;
		d->cap = d->cap ? 2 * d->cap : 16;
	}
	d->ents[d->n].name = strdup(name);
	if (!d->ents[d->n].name)
		return -ENOMEM;
	d->ents[d->n].ino = st->ino;
	d->ents[d->n].mode = st->mode;
	d->n++;
	return 0;
}

static void dir_clear(struct dir_handle *d)
{
	while (d->n)
		free(d->ents[--d->n].name);
}

/* "." and ".." (the directory's own number for both), then the entries. */
static int dir_snapshot(struct dir_handle *d, struct sysfs_dirent *sd)
{
	struct ldm_sysfs_stat st;
	int error;

	dir_clear(d);
	ldm_sysfs_stat(sd, &st);
	error = dir_add(d, ".", &st);
	if (!error)
		error = dir_add(d, "..", &st);
	if (!error)
		error = ldm_sysfs_readdir(sd, dir_add, d);
	return error;
}

static void dir_free(struct dir_handle *d)
{
	dir_clear(d);
	free(d->ents);
	pthread_mutex_destroy(&d->lock);
	free(d);
}

static void sysfs_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dir_handle *d = calloc(1, sizeof(*d));

	(void)ino;
	if (!d) {
		reply_err(req, -ENOMEM);
		return;
	}
	pthread_mutex_init(&d->lock, NULL);
	fi->fh = (uintptr_t)d;
	/*
	 * The kernel may keep the listing in its readdir cache: it checks the
	 * directory's mtime (refetched when inval.c invalidated it, as
	 * FUSE_CAP_AUTO_INVAL_DATA asks) at the start of each listing, and
	 * inval.c drops the cached pages too. The snapshot is taken by the
	 * READDIR at offset 0, so after the kernel has read that mtime: a
	 * change the listing misses always moves the mtime past it.
	 */
	fi->cache_readdir = 1;
	fi->keep_cache = 1;
	track(&d->link, &open_dirs);
	if (fuse_reply_open(req, fi)) {
		untrack(&d->link);	/* interrupted: no RELEASEDIR will come */
		dir_free(d);
	}
}

static void sysfs_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
			  struct fuse_file_info *fi)
{
	struct dir_handle *d = (struct dir_handle *)(uintptr_t)fi->fh;
	struct stat st = { 0 };
	size_t pos = 0, len, i;
	int error = 0;
	char *buf;

	buf = malloc(size);
	if (!buf) {
		reply_err(req, -ENOMEM);
		return;
	}
	pthread_mutex_lock(&d->lock);
	if (off == 0 || !d->served)
		error = dir_snapshot(d, ldmd_node_sd(ino));
	d->served = !error;
	for (i = (size_t)off; !error && i < d->n; i++) {
		st.st_ino = d->ents[i].ino;
		st.st_mode = d->ents[i].mode;
		len = fuse_add_direntry(req, buf + pos, size - pos, d->ents[i].name, &st,
					(off_t)i + 1);
		if (len > size - pos)
			break;
		pos += len;
	}
	pthread_mutex_unlock(&d->lock);
	if (error)
		reply_err(req, error);
	else
		fuse_reply_buf(req, buf, pos);
	free(buf);
}

static void sysfs_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dir_handle *d = (struct dir_handle *)(uintptr_t)fi->fh;

	(void)ino;
	untrack(&d->link);
	dir_free(d);
	reply_err(req, 0);
}

static void sysfs_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct open_file *of = calloc(1, sizeof(*of));
	struct ldm_sysfs_stat st;
	bool read_only;
	int error;

	if (!of) {
		reply_err(req, -ENOMEM);
		return;
	}
	of->sd = ldmd_node_sd(ino);
	of->stable = !ldm_sysfs_stat(of->sd, &st) && st.stable;
	error = ldm_sysfs_open(of->sd, fi->flags & O_ACCMODE, &of->f);
	if (error) {
		free(of);
		reply_err(req, error);
		return;
	}
	fi->fh = (uintptr_t)of;
	/*
	 * Every read reaches show(), every write store(); but a stable
	 * attribute opened for reading may be served from the page cache,
	 * which a store() or sysfs_notify() of it invalidates.
	 */
	read_only = (fi->flags & O_ACCMODE) == O_RDONLY;
	fi->direct_io = !(of->stable && read_only);
	fi->keep_cache = of->stable && read_only;
	track(&of->link, &open_files);
	if (fuse_reply_open(req, fi)) {
		untrack(&of->link);	/* interrupted: no RELEASE will come */
		file_free(of);
	}
}

/* Never more than a page at a time, as sysfs itself transfers. */
static void sysfs_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		       struct fuse_file_info *fi)
{
	char page[PAGE_SIZE];
	ssize_t n;

	(void)ino;
	n = ldm_sysfs_read(to_file(fi)->f, page, min(size, sizeof(page)), off);
	if (n < 0)
		reply_err(req, (int)n);
	else
		fuse_reply_buf(req, page, (size_t)n);
}

static void sysfs_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
			struct fuse_file_info *fi)
{
	ssize_t n;

	(void)ino;
	n = ldm_sysfs_write(to_file(fi)->f, buf, size, off);
	if (to_file(fi)->stable)
		ldmd_inval_data(to_file(fi)->sd);
	/* What store() added, removed or changed is gone from the kernel's cache too. */
	ldmd_inval_flush();
	if (n < 0)
		reply_err(req, (int)n);
	else
		fuse_reply_write(req, (size_t)n);
}

/*
 * POLL: the handle is kept before the state is read, so that a
 * sysfs_notify() in between wakes the kernel rather than being lost.
 */
static void sysfs_poll(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi,
		       struct fuse_pollhandle *ph)
{
	struct open_file *of = to_file(fi);
	struct fuse_pollhandle *old;
	int mask;

	(void)ino;
	pthread_mutex_lock(&handles_lock);
	old = of->ph;
	if (ph)
		of->ph = ph;
	pthread_mutex_unlock(&handles_lock);
	if (old && ph)
		fuse_pollhandle_destroy(old);
	mask = ldm_sysfs_poll(of->f, 0);
	if (mask < 0)
		reply_err(req, mask);
	else
		fuse_reply_poll(req, (unsigned int)mask);
}

/* The runtime's poll watcher: wake the kernel's pollers of @sd. */
static void poll_changed(struct sysfs_dirent *sd, void *data)
{
	struct ldm_sysfs_stat st;
	struct open_file *of;

	(void)data;
	if (!ldm_sysfs_stat(sd, &st) && st.stable)
		ldmd_inval_data(sd);	/* queued: never sent from a notifier's thread */
	pthread_mutex_lock(&handles_lock);
	list_for_each_entry(of, &open_files, link) {
		if (of->sd != sd || !of->ph)
			continue;
		fuse_lowlevel_notify_poll(of->ph);
		fuse_pollhandle_destroy(of->ph);
		of->ph = NULL;
	}
	pthread_mutex_unlock(&handles_lock);
}

/**
 * ldmd_sysfs_ops_start - be told of sysfs_notify(), to wake pollers
 *
 * Return: 0, or -EBUSY.
 */
int ldmd_sysfs_ops_start(void)
{
	return ldm_sysfs_poll_watch(poll_changed, NULL);
}

static void sysfs_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct open_file *of = to_file(fi);

	(void)ino;
	untrack(&of->link);
	file_free(of);
	reply_err(req, 0);
}

/* A change of the tree's shape is refused as /sys refuses it (refuse.c). */
const struct fuse_lowlevel_ops ldmd_sysfs_ops = {
	.init		= sysfs_init,
	.lookup		= sysfs_lookup,
	.forget		= sysfs_forget,
	.getattr	= sysfs_getattr,
	.setattr	= sysfs_setattr,
	.readlink	= sysfs_readlink,
	.mknod		= ldmd_refuse_mknod,
	.mkdir		= ldmd_refuse_mkdir,
	.unlink		= ldmd_refuse_unlink,
	.rmdir		= ldmd_refuse_rmdir,
	.symlink	= ldmd_refuse_symlink,
	.rename		= ldmd_refuse_rename,
	.link		= ldmd_refuse_link,
	.open		= sysfs_open,
	.read		= sysfs_read,
	.write		= sysfs_write,
	.release	= sysfs_release,
	.poll		= sysfs_poll,
	.opendir	= sysfs_opendir,
	.readdir	= sysfs_readdir,
	.releasedir	= sysfs_releasedir,
	.create		= ldmd_refuse_create,
};

/**
 * ldmd_sysfs_ops_exit - close the files and directories still open
 *
 * Once the session is destroyed: the kernel sends no RELEASE for what was
 * open when the connection ended.
 */
void ldmd_sysfs_ops_exit(void)
{
	struct open_file *of, *nf;
	struct dir_handle *d, *nd;

	ldm_sysfs_poll_watch(NULL, NULL);
	list_for_each_entry_safe(of, nf, &open_files, link) {
		list_del(&of->link);
		file_free(of);
	}
	list_for_each_entry_safe(d, nd, &open_dirs, link) {
		list_del(&d->link);
		dir_free(d);
	}
}
