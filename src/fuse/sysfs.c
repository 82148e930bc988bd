// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysfs.c - the FUSE requests of the sysfs mount, mapped onto the
 * path-level API of <libldm/sysfs.h>.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/queue.h>
#include <libldm/sysfs.h>

#include "internal.h"
#include "tool-grow.h"

/**
 * DOC: how sysfs.c works
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

#define CACHE_SECONDS 3600.0

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
	out->st_blksize = LDM_SYSFS_PAGE_SIZE;
	out->st_atim = st->mtime;
	out->st_mtim = st->mtime;
	out->st_ctim = st->mtime;
}

/*
 * Open files are listed, so that what the kernel still had open when the
 * session ended is closed too (fuse_sysfs_ops_exit()).
 */
struct open_file {
	LIST_ENTRY(open_file) link;
	struct ldm_sysfs_file *f;
	struct ldm_sysfs_node *sd;  /* held by its node while the file is open */
	struct fuse_pollhandle *ph; /* under handles_lock: a poller to wake */
	bool stable;		    /* LDM_ATTR_STABLE: its content may be cached */
};

static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_bool no_opendir; /* the kernel opens directories itself */
static LIST_HEAD(, open_file) open_files = LIST_HEAD_INITIALIZER(open_files);

static void track(struct open_file *of)
{
	pthread_mutex_lock(&handles_lock);
	LIST_INSERT_HEAD(&open_files, of, link);
	pthread_mutex_unlock(&handles_lock);
}

static void untrack(struct open_file *of)
{
	pthread_mutex_lock(&handles_lock);
	LIST_REMOVE(of, link);
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
	ldm_sysfs_release(of->f);
	free(of);
}

static void sysfs_op_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	/* O_TRUNC comes with OPEN instead of as a SETATTR of its own. */
	if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
		conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
	/* A listing starts by refetching the directory's mtime if invalidated. */
	if (conn->capable & FUSE_CAP_AUTO_INVAL_DATA)
		conn->want |= FUSE_CAP_AUTO_INVAL_DATA;
	/* Opening a directory needs nothing of ldmd: spare two round trips. */
	no_opendir = conn->capable & FUSE_CAP_NO_OPENDIR_SUPPORT;
}

static void sysfs_op_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { 0 };
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;
	int error;

	error = ldm_sysfs_lookup_at(fuse_node_sd(parent), name, &sd);
	if (error) {
		fuse_reply_errno(req, error);
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
	e.ino = fuse_node_hold(sd);
	if (!e.ino)
		fuse_reply_errno(req, -ENOMEM);
	else if (fuse_reply_entry(req, &e))
		fuse_node_forget(e.ino, 1); /* interrupted: the kernel never saw it */
}

static void sysfs_op_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	fuse_node_forget(ino, nlookup);
	fuse_reply_none(req);
}

static void sysfs_op_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct ldm_sysfs_stat st;
	struct stat attr;
	int error;

	(void)fi;
	error = ldm_sysfs_stat(fuse_node_sd(ino), &st);
	if (error) {
		fuse_reply_errno(req, error);
		return;
	}
	to_stat(&st, &attr);
	fuse_reply_attr(req, &attr, CACHE_SECONDS);
}

/*
 * Only a change of size, which sysfs ignores (the kernel adds the times a
 * truncation implies); modes, owners and times are fixed, as in 2.6.9.
 */
static void sysfs_op_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
			     struct fuse_file_info *fi)
{
	(void)attr;
	if (!fuse_only_truncates(to_set))
		fuse_reply_errno(req, -EPERM);
	else
		sysfs_op_getattr(req, ino, fi);
}

static void sysfs_op_readlink(fuse_req_t req, fuse_ino_t ino)
{
	char path[PATH_MAX];
	int len;

	len = ldm_sysfs_readlink(fuse_node_sd(ino), path, sizeof(path));
	if (len < 0)
		fuse_reply_errno(req, len);
	else
		fuse_reply_readlink(req, path);
}

/*
 * A directory is listed without per-open state, so that the kernel can
 * open and close directories without asking (FUSE_CAP_NO_OPENDIR_SUPPORT).
 * The offset after an entry is a cookie: 1 for ".", 2 for "..", and the
 * inode number + 2 for the others. Inode numbers are the order of creation,
 * which is the listing's order, so a listing resumes after its last entry
 * whatever was added or removed meanwhile: a cursor, as sysfs keeps one.
 * To spare building the listing again for every page of a big directory,
 * the last few listings are kept (snaps[]), each retaken when a listing
 * starts again from offset 0.
 */
#define DIR_SNAPS 8

struct dir_entry {
	char *name;
	ino_t ino;
	mode_t mode;
	off_t cookie;
};

struct dir_snap {
	struct ldm_sysfs_node *sd; /* referenced while kept */
	struct dir_entry *ents;
	size_t n, cap;
	unsigned long used; /* for choosing the one to replace */
};

static pthread_mutex_t snaps_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dir_snap snaps[DIR_SNAPS];
static unsigned long snaps_clock;

static int dir_add(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct dir_snap *d = ctx;

	if (TOOL_GROW(d->ents, d->cap, d->n + 1, 16))
		return -ENOMEM;
	d->ents[d->n].name = strdup(name);
	if (!d->ents[d->n].name)
		return -ENOMEM;
	d->ents[d->n].ino = st->ino;
	d->ents[d->n].mode = st->mode;
	d->ents[d->n].cookie = d->n < 2 ? (off_t)d->n + 1 : (off_t)st->ino + 2;
	d->n++;
	return 0;
}

static void dir_clear(struct dir_snap *d)
{
	while (d->n)
		free(d->ents[--d->n].name);
	if (d->sd)
		ldm_sysfs_put(d->sd);
	d->sd = NULL;
}

/* "." and ".." (the directory's own number for both), then the entries. */
static int dir_snapshot(struct dir_snap *d, struct ldm_sysfs_node *sd)
{
	struct ldm_sysfs_stat st;
	int error;

	dir_clear(d);
	ldm_sysfs_stat(sd, &st);
	error = dir_add(".", &st, d);
	if (!error)
		error = dir_add("..", &st, d);
	if (!error)
		error = ldm_sysfs_readdir(sd, dir_add, d);
	if (error)
		dir_clear(d);
	else
		d->sd = ldm_sysfs_get(sd);
	return error;
}

/* Under snaps_lock: the listing of @sd, kept or taken now. */
static struct dir_snap *dir_listing(struct ldm_sysfs_node *sd, bool again, int *error)
{
	struct dir_snap *d = &snaps[0];
	unsigned int i;

	for (i = 0; i < DIR_SNAPS; i++) {
		if (snaps[i].sd == sd) {
			d = &snaps[i];
			break;
		}
		if (snaps[i].used < d->used)
			d = &snaps[i];
	}
	d->used = ++snaps_clock;
	*error = 0;
	if (again || d->sd != sd)
		*error = dir_snapshot(d, sd);
	return *error ? NULL : d;
}

/* The index of the first entry after @cookie. */
static size_t dir_seek(const struct dir_snap *d, off_t cookie)
{
	size_t lo = 0, hi = d->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (d->ents[mid].cookie <= cookie)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Only where the kernel cannot open directories itself; the listing is
 * cached by the kernel either way (see list_dir()).
 */
static void sysfs_op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	(void)ino;
	if (no_opendir) {
		fuse_reply_errno(req, -ENOSYS); /* "opened": no OPENDIR from now on */
		return;
	}
	fi->cache_readdir = 1;
	fi->keep_cache = 1;
	fuse_reply_open(req, fi);
}

/*
 * READDIRPLUS: an entry with what a LOOKUP of it would give, so that a
 * first walk of a directory makes no LOOKUP per entry. Each id given is a
 * lookup the kernel counts (fuse_node_hold()); it is counted in @held, to
 * be given back if the reply never reaches the kernel. An entry removed
 * since the listing was taken is left out. As for LOOKUP, the names are
 * safe to cache: the kernel holds the directory's lock for the whole
 * READDIRPLUS, and the invalidation of a removal waits for it.
 */
static size_t add_entry_plus(fuse_req_t req, char *buf, size_t room, struct ldm_sysfs_node *dir,
			     const struct dir_entry *ent, fuse_ino_t *held)
{
	struct fuse_entry_param e = { .attr.st_ino = ent->ino, .attr.st_mode = ent->mode };
	struct ldm_sysfs_stat st;
	struct ldm_sysfs_node *sd;
	size_t len;

	*held = 0;
	if (ent->cookie > 2) { /* not "." nor "..": those are not looked up */
		if (ldm_sysfs_lookup_at(dir, ent->name, &sd))
			return 0;
		ldm_sysfs_stat(sd, &st);
		to_stat(&st, &e.attr);
		e.entry_timeout = CACHE_SECONDS;
		e.attr_timeout = CACHE_SECONDS;
		e.ino = fuse_node_hold(sd); /* 0 if out of memory: the name alone */
	}
	len = fuse_add_direntry_plus(req, buf, room, ent->name, &e, ent->cookie);
	if (len <= room)
		*held = e.ino;
	else if (e.ino)
		fuse_node_forget(e.ino, 1); /* did not fit: not given */
	return len;
}

static size_t add_entry(fuse_req_t req, char *buf, size_t room, const struct dir_entry *ent)
{
	struct stat st = { .st_ino = ent->ino, .st_mode = ent->mode };

	return fuse_add_direntry(req, buf, room, ent->name, &st, ent->cookie);
}

/*
 * The kernel keeps the listing in its readdir cache: it checks the
 * directory's mtime (refetched when inval.c invalidated it, as
 * FUSE_CAP_AUTO_INVAL_DATA asks) at the start of each listing, and inval.c
 * drops the cached pages too. The listing is retaken by the READDIR at
 * offset 0, so after the kernel has read that mtime: a change the listing
 * misses always moves the mtime past it.
 */
static void list_dir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, bool plus)
{
	struct ldm_sysfs_node *dir = fuse_node_sd(ino);
	fuse_ino_t *held = NULL;
	size_t pos = 0, len, i, nheld = 0;
	struct dir_snap *d;
	int error = 0;
	char *buf;

	buf = malloc(size);
	/* No entry takes less than 24 bytes (FUSE_NAME_OFFSET and a name). */
	if (plus)
		held = malloc((size / 24 + 1) * sizeof(*held));
	if (!buf || (plus && !held)) {
		free(buf);
		free(held);
		fuse_reply_errno(req, -ENOMEM);
		return;
	}
	pthread_mutex_lock(&snaps_lock);
	d = dir_listing(dir, off == 0, &error);
	for (i = d ? dir_seek(d, off) : 0; d && i < d->n; i++) {
		if (plus)
			len = add_entry_plus(req, buf + pos, size - pos, dir, &d->ents[i],
					     &held[nheld]);
		else
			len = add_entry(req, buf + pos, size - pos, &d->ents[i]);
		if (len > size - pos)
			break;
		pos += len;
		nheld += plus && held[nheld];
	}
	pthread_mutex_unlock(&snaps_lock);
	if (error)
		fuse_reply_errno(req, error);
	else if (fuse_reply_buf(req, buf, pos))
		while (nheld)
			fuse_node_forget(held[--nheld], 1); /* never reached the kernel */
	free(buf);
	free(held);
}

static void sysfs_op_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
			     struct fuse_file_info *fi)
{
	(void)fi;
	list_dir(req, ino, size, off, false);
}

static void sysfs_op_readdirplus(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
				 struct fuse_file_info *fi)
{
	(void)fi;
	list_dir(req, ino, size, off, true);
}

static void sysfs_op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct open_file *of = calloc(1, sizeof(*of));
	struct ldm_sysfs_stat st;
	bool read_only;
	int error;

	if (!of) {
		fuse_reply_errno(req, -ENOMEM);
		return;
	}
	of->sd = fuse_node_sd(ino);
	of->stable = !ldm_sysfs_stat(of->sd, &st) && st.stable;
	error = ldm_sysfs_open(of->sd, fi->flags & O_ACCMODE, &of->f);
	if (error) {
		free(of);
		fuse_reply_errno(req, error);
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
	track(of);
	if (fuse_reply_open(req, fi)) {
		untrack(of); /* interrupted: no RELEASE will come */
		file_free(of);
	}
}

/* Never more than a page at a time, as sysfs itself transfers. */
static void sysfs_op_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
			  struct fuse_file_info *fi)
{
	char page[LDM_SYSFS_PAGE_SIZE];
	loff_t pos = off;
	ssize_t n;

	(void)ino;
	fuse_cred_begin(req); /* a show() may ask capable(), as eeprom's read does */
	n = ldm_sysfs_read(to_file(fi)->f, page, size < sizeof(page) ? size : sizeof(page), &pos);
	fuse_cred_end();
	if (n < 0)
		fuse_reply_errno(req, (int)n);
	else
		fuse_reply_buf(req, page, (size_t)n);
}

static void sysfs_op_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
			   struct fuse_file_info *fi)
{
	loff_t pos = off;
	ssize_t n;

	(void)ino;
	fuse_cred_begin(req);
	n = ldm_sysfs_write(to_file(fi)->f, buf, size, &pos);
	fuse_cred_end();
	if (to_file(fi)->stable)
		fuse_inval_data(to_file(fi)->sd);
	/* What store() added, removed or changed is gone from the kernel's cache too. */
	ldm_fuse_inval_flush();
	if (n < 0)
		fuse_reply_errno(req, (int)n);
	else
		fuse_reply_write(req, (size_t)n);
}

/*
 * POLL: the handle is kept before the state is read, so that a
 * sysfs_notify() in between wakes the kernel rather than being lost.
 */
static void sysfs_op_poll(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi,
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
		fuse_reply_errno(req, mask);
	else
		fuse_reply_poll(req, (unsigned int)mask);
}

/* The runtime's poll watcher: wake the kernel's pollers of @sd. */
static void poll_changed(struct ldm_sysfs_node *sd, void *data)
{
	struct ldm_sysfs_stat st;
	struct open_file *of;

	(void)data;
	if (!ldm_sysfs_stat(sd, &st) && st.stable)
		fuse_inval_data(sd); /* queued: never sent from a notifier's thread */
	pthread_mutex_lock(&handles_lock);
	LIST_FOREACH(of, &open_files, link) {
		if (of->sd != sd || !of->ph)
			continue;
		fuse_lowlevel_notify_poll(of->ph);
		fuse_pollhandle_destroy(of->ph);
		of->ph = NULL;
	}
	pthread_mutex_unlock(&handles_lock);
}

/**
 * fuse_sysfs_ops_start - be told of sysfs_notify(), to wake pollers
 *
 * Return: 0, or -EBUSY.
 */
int fuse_sysfs_ops_start(void)
{
	return ldm_sysfs_poll_watch(poll_changed, NULL);
}

static void sysfs_op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct open_file *of = to_file(fi);

	(void)ino;
	untrack(of);
	file_free(of);
	fuse_reply_errno(req, 0);
}

/* A change of the tree's shape is refused as /sys refuses it (reply.c). */
const struct fuse_lowlevel_ops fuse_sysfs_ops = {
	.init = sysfs_op_init,
	.lookup = sysfs_op_lookup,
	.forget = sysfs_op_forget,
	.getattr = sysfs_op_getattr,
	.setattr = sysfs_op_setattr,
	.readlink = sysfs_op_readlink,
	.mknod = fuse_refuse_mknod,
	.mkdir = fuse_refuse_mkdir,
	.unlink = fuse_refuse_unlink,
	.rmdir = fuse_refuse_rmdir,
	.symlink = fuse_refuse_symlink,
	.rename = fuse_refuse_rename,
	.link = fuse_refuse_link,
	.open = sysfs_op_open,
	.read = sysfs_op_read,
	.write = sysfs_op_write,
	.release = sysfs_op_release,
	.poll = sysfs_op_poll,
	.opendir = sysfs_op_opendir,
	.readdir = sysfs_op_readdir,
	.readdirplus = sysfs_op_readdirplus,
	.create = fuse_refuse_create,
};

/**
 * fuse_sysfs_ops_exit - close the files still open, drop the listings kept
 *
 * Once the session is destroyed: the kernel sends no RELEASE for what was
 * open when the connection ended.
 */
void fuse_sysfs_ops_exit(void)
{
	struct open_file *of;
	unsigned int i;

	ldm_sysfs_poll_watch(NULL, NULL);
	while ((of = LIST_FIRST(&open_files))) {
		LIST_REMOVE(of, link);
		file_free(of);
	}
	for (i = 0; i < DIR_SNAPS; i++) {
		dir_clear(&snaps[i]);
		free(snaps[i].ents);
		snaps[i].ents = NULL;
		snaps[i].cap = 0;
	}
}
