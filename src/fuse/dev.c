// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dev.c - the FUSE requests of the device-node mount at DIR/dev, mapped
 * onto the host API of <libldm/chrdev.h>: a node for every character
 * device udev would make one for (DIR/dev/<name>, a regular file: FUSE
 * makes no character devices without CUSE), whose open, read, write,
 * poll, ioctl and close reach the driver's file_operations. Its call
 * protocol, poll watchers and ioctls are in dev-call.c, dev-poll.c and
 * dev-ioctl.c (dev.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <poll.h>
#include <sys/queue.h>
#include <linux/fuse.h>
#include <sys/random.h>
#include <libldm/chrdev.h>
#include <libldm/runtime.h>

#include "dev.h"
#include "tool-grow.h"

/**
 * DOC: how dev.c works
 *
 * Names and numbers. A node is its device number, as a device node is:
 * node id and inode number are the dev_t + 2 (1 is the directory). The
 * nodes are what udev would make: one for every class device with a "dev"
 * attribute (misc devices, class_simple devices, any class device with a
 * devt), at the path its DEVNAME gives (input/event0; flat in the 2.6.9
 * tree), listed by ldm_chrdev_for_each_node(). A directory of a path
 * (input) has a node id of its own, DIR_INO_BASE + its index in a table
 * that only grows while the mount is served; it exists while some node is
 * below it. LOOKUP finds the number by name, OPEN opens
 * whatever driver holds that number now (ldm_chrdev_open()), as open(2)
 * of a device node does. Nothing is cached by the kernel (entry and
 * attribute timeouts of 0), so a device registered or deregistered shows
 * at the next look-up; no node state needs FORGET. Nodes are regular
 * files (a FUSE mount cannot serve a device node of its own), 0600 and
 * ldmd's user's, as udev makes a node without a rule of its own
 * (root:root 0600).
 *
 * Calls into the runtime. Every request that reaches the runtime does it
 * between dev_call_begin() and dev_call_end() (dev-call.c), so that a
 * signal to a caller of a blocked read interrupts it and the stop can
 * wait for it. The loop serves up to FUSE_DEV_THREADS requests at once,
 * so a blocked read stalls neither the other nodes nor the sysfs mount
 * (its own loop).
 *
 * Clients' links. What a client that is root in ldmd's terms makes here,
 * as udevd makes it in a machine's /dev (SYMLINK+= links, the directories
 * they need), is dev-links.c's: node ids of a range of their own,
 * looked up after ldmd's nodes (which win) and listed with them.
 *
 * Files are opened FOPEN_DIRECT_IO (every read and write reaches the
 * driver, with the caller's size), and FOPEN_NONSEEKABLE | FOPEN_STREAM
 * when the driver's open called nonseekable_open(); the position is the
 * kernel's, passed with each read and write. The flags of each read and
 * write are passed on (fcntl(F_SETFL, O_NONBLOCK) works). ioctls are
 * dev-ioctl.c's.
 *
 * Poll. The POLL request is answered at once; a watcher thread tells the
 * kernel later, when it asked to be told (dev-poll.c).
 *
 * Stopping (ldm_fuse_dev_shutdown(), before the runtime stops): new requests
 * get ENODEV, the calls in progress are interrupted and waited for, and
 * every file still open is closed, so that the modules can be unloaded,
 * with no lock held across a release. A process holding a node open then
 * gets ENODEV, as it would from a deregistered device.
 */

#define DEV_NODE_MODE	    (S_IFREG | 0600)
#define DEV_DIR_MODE	    (S_IFDIR | 0755)
#define DEV_NAME_MAX	    64
#define DEVT_INO(dev)	    ((fuse_ino_t)(dev) + 2)
#define INO_DEVT(ino)	    ((dev_t)((ino)-2))
#define DIR_INO_BASE	    ((fuse_ino_t)1 << 62) /* above every dev_t + 2 */
#define IS_DIR_INO(ino)	    ((ino) == FUSE_ROOT_ID || (ino) >= DIR_INO_BASE)
/* What a POLL from a kernel that names no events asks. */
#define POLL_DEFAULT_EVENTS (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM | POLLPRI)

struct dev_entry {
	char name[NAME_MAX + 1];
	dev_t dev;
	fuse_ino_t dir;	  /* a directory's node id, or 0 for a node */
	fuse_ino_t other; /* a client's entry (dev-links.c): its node id */
	mode_t mode;	  /* and its type */
};

struct dev_dir {
	LIST_ENTRY(dev_dir) link; /* in dev_dirs until freed */
	pthread_mutex_t lock;
	struct dev_entry *ents;
	size_t n, cap;
	char path[DEV_PATH_MAX]; /* the directory's path below DIR/dev ("" for it) */
	bool served;
};

pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t file_idle = PTHREAD_COND_INITIALIZER;
struct dev_file_list dev_files = LIST_HEAD_INITIALIZER(dev_files);
static uint64_t file_ids;    /* atomic: files opened so far */
static uint64_t file_id_key; /* random, at start: ids are not guessed */
static LIST_HEAD(, dev_dir) dev_dirs = LIST_HEAD_INITIALIZER(dev_dirs);
static struct timespec dev_time;      /* the nodes' times: when serving began */
static char (*subdirs)[DEV_NAME_MAX]; /* under dev_lock: the directories' paths */
static size_t nsubdirs, subdirs_cap;

/* Look-ups by name and by number, through the runtime's index of nodes. */
struct dev_find {
	const char *name; /* by path, or NULL */
	dev_t dev;
	bool dir; /* @name is a directory: some node is below it */
};

/* A directory is a path some node lies below ("input" of "input/event0"). */
static int match_dir(const char *name, dev_t dev, mode_t mode, void *data)
{
	struct dev_find *f = data;
	size_t len = strlen(f->name);

	(void)dev, (void)mode;
	if (strncmp(name, f->name, len) || name[len] != '/')
		return 0;
	f->dir = true;
	return 1;
}

/**
 * dev_dir_path - the path of directory @ino below DIR/dev ("" for the root)
 * @ino: a directory's node id: ldmd's or a client's (dev-links.c)
 * @buf: gets the path
 * @size: its size, DEV_PATH_MAX
 *
 * Return: 0, -ENOENT if unknown, -ENOTDIR if @ino is no directory.
 */
int dev_dir_path(fuse_ino_t ino, char *buf, size_t size)
{
	int ret = 0;

	if (ino == FUSE_ROOT_ID) {
		buf[0] = '\0';
		return 0;
	}
	if (IS_LINK_INO(ino))
		return dev_links_dir_path(ino, buf, size);
	if (!IS_DIR_INO(ino))
		return -ENOTDIR;
	pthread_mutex_lock(&dev_lock);
	if (ino - DIR_INO_BASE < nsubdirs)
		snprintf(buf, size, "%s", subdirs[ino - DIR_INO_BASE]);
	else
		ret = -ENOENT;
	pthread_mutex_unlock(&dev_lock);
	return ret;
}

/* The node id of the directory @path, given one the first time; 0 when out of memory. */
static fuse_ino_t subdir_ino(const char *path)
{
	fuse_ino_t ino = 0;
	size_t i;

	pthread_mutex_lock(&dev_lock);
	for (i = 0; i < nsubdirs && strcmp(subdirs[i], path); i++)
		;
	if (i == nsubdirs && !TOOL_GROW(subdirs, subdirs_cap, nsubdirs + 1, 16))
		snprintf(subdirs[nsubdirs++], DEV_NAME_MAX, "%s", path);
	if (i < nsubdirs)
		ino = DIR_INO_BASE + i;
	pthread_mutex_unlock(&dev_lock);
	return ino;
}

/* 1 if found, 0 if not, or a negative errno; inside a call. */
static int find(struct dev_find *f)
{
	int ret = f->name ? ldm_chrdev_node_lookup(f->name, &f->dev, NULL) :
			    ldm_chrdev_node_by_dev(f->dev, NULL, 0, NULL);

	if (ret == -ENOENT && f->name) {
		/* No node: a directory, or nothing. A walk, paid by these alone. */
		ret = ldm_chrdev_for_each_node(match_dir, f);
		return ret < 0 ? ret : ret == 1;
	}
	return ret == -ENOENT ? 0 : ret < 0 ? ret : 1;
}

/* find(), as a call into the runtime of its own. */
static int find_call(struct dev_find *f)
{
	struct dev_call c;
	int ret;

	ret = dev_call_begin(&c, NULL);
	if (ret)
		return ret;
	ret = find(f);
	dev_call_end(&c, NULL);
	return ret;
}

/**
 * dev_ldmd_has - whether ldmd has a node or a directory of nodes at @path
 * @path: below DIR/dev
 *
 * Return: 1 if it has, 0 if not, or a negative errno.
 */
int dev_ldmd_has(const char *path)
{
	struct dev_find f = { .name = path };

	return find_call(&f);
}

/**
 * dev_ldmd_below - whether some node of ldmd's lies below the directory @dir
 * @dir: below DIR/dev
 *
 * Return: 1 if one does, 0 if not, or a negative errno.
 */
int dev_ldmd_below(const char *dir)
{
	struct dev_find f = { .name = dir };
	struct dev_call c;
	int ret;

	ret = dev_call_begin(&c, NULL);
	if (ret)
		return ret;
	ret = ldm_chrdev_for_each_node(match_dir, &f);
	dev_call_end(&c, NULL);
	return ret < 0 ? ret : f.dir;
}

static void node_stat(dev_t dev, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = DEVT_INO(dev);
	st->st_mode = DEV_NODE_MODE;
	st->st_nlink = 1;
	st->st_uid = geteuid();
	st->st_gid = getegid();
	st->st_blksize = 4096;
	st->st_atim = st->st_mtim = st->st_ctim = dev_time;
	dev_attrs_apply(dev, st);
}

/* The attributes of the node @dev, if a class device still has it. */
static int node_attr(dev_t dev, struct stat *st)
{
	struct dev_find f = { .dev = dev };
	int ret = find_call(&f);

	if (ret <= 0)
		return ret ? ret : -ENOENT;
	node_stat(f.dev, st);
	return 0;
}

static void dir_stat(fuse_ino_t ino, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = ino;
	st->st_mode = DEV_DIR_MODE;
	st->st_nlink = 2;
	st->st_uid = geteuid();
	st->st_gid = getegid();
	st->st_blksize = 4096;
	st->st_atim = st->st_mtim = st->st_ctim = dev_time;
}

static void dev_init(void *userdata, struct fuse_conn_info *conn)
{
	(void)userdata;
	/* O_TRUNC comes with OPEN, so `echo x > node` needs no SETATTR. */
	if (conn->capable & FUSE_CAP_ATOMIC_O_TRUNC)
		conn->want |= FUSE_CAP_ATOMIC_O_TRUNC;
}

static void dev_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	char path[DEV_PATH_MAX], full[DEV_PATH_MAX + NAME_MAX + 1];
	struct dev_find f = { .name = full };
	struct fuse_entry_param e = { 0 };
	int ret;

	ret = dev_dir_path(parent, path, sizeof(path));
	if (ret) {
		fuse_reply_errno(req, ret);
		return;
	}
	snprintf(full, sizeof(full), "%s%s%s", path, *path ? "/" : "", name);
	ret = find_call(&f);
	/*
	 * A node of ldmd's wins over a client's entry, and ldmd's directory
	 * over a client's link; a client's directory may stand for ldmd's.
	 */
	if (ret >= 0 && !(ret == 1 && !f.dir) && !dev_links_lookup(full, &e.attr) &&
	    (!ret || S_ISDIR(e.attr.st_mode))) {
		e.ino = e.attr.st_ino;
		fuse_reply_entry(req, &e);
		return;
	}
	if (!ret && strlen(full) < DEV_NAME_MAX && dev_links_below(full)) {
		ret = 1; /* ldmd's directory, kept by the entries clients made in it */
		f.dir = true;
	}
	if (ret <= 0) {
		fuse_reply_errno(req, ret ? ret : -ENOENT);
		return;
	}
	if (f.dir) {
		e.ino = subdir_ino(full);
		if (!e.ino) {
			fuse_reply_errno(req, -ENOMEM);
			return;
		}
		dir_stat(e.ino, &e.attr);
		fuse_reply_entry(req, &e);
		return;
	}
	e.ino = DEVT_INO(f.dev);
	node_stat(f.dev, &e.attr);
	fuse_reply_entry(req, &e); /* no state kept: nothing to undo if it fails */
}

static void dev_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	(void)ino, (void)nlookup;
	fuse_reply_none(req);
}

static void dev_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct stat st;
	int ret;

	if (IS_DIR_INO(ino)) {
		dir_stat(ino, &st);
		fuse_reply_attr(req, &st, 0);
		return;
	}
	if (IS_LINK_INO(ino)) {
		ret = dev_links_getattr(ino, &st);
		if (ret)
			fuse_reply_errno(req, ret);
		else
			fuse_reply_attr(req, &st, 0);
		return;
	}
	if (fi) { /* fstat(): the open node, even if its device went */
		node_stat(dev_file_of(fi)->dev, &st);
		fuse_reply_attr(req, &st, 0);
		return;
	}
	ret = node_attr(INO_DEVT(ino), &st);
	if (ret)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_attr(req, &st, 0);
}

/*
 * Truncation is accepted and does nothing, as on a device; a node's mode,
 * owner and times are dev-attrs.c's, a client's entry's dev-links.c's;
 * ldmd's directories are fixed.
 */
static void dev_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set,
			struct fuse_file_info *fi)
{
	struct stat st;
	dev_t dev;
	int ret;

	if (IS_LINK_INO(ino)) {
		dev_links_setattr(req, ino, attr, to_set);
		return;
	}
	if (IS_DIR_INO(ino)) {
		fuse_reply_errno(req, -EPERM);
		return;
	}
	if (fuse_only_truncates(to_set)) {
		dev_getattr(req, ino, fi);
		return;
	}
	dev = fi ? dev_file_of(fi)->dev : INO_DEVT(ino);
	ret = node_attr(dev, &st);
	if (!ret)
		ret = dev_attrs_set(req, dev, attr, to_set, &st);
	if (ret)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_attr(req, &st, 0);
}

/* The directory: a snapshot at opendir, taken again at offset 0. */

/* A node below the directory @d lists: the node, or the directory it is in. */
static int dir_add(const char *name, dev_t dev, mode_t mode, void *data)
{
	struct dev_dir *d = data;
	size_t len = strlen(d->path), i;
	char sub[2 * DEV_NAME_MAX];
	const char *rest = name, *slash;
	fuse_ino_t dir = 0;

	(void)mode;
	if (len) {
		if (strncmp(name, d->path, len) || name[len] != '/')
			return 0;
		rest = name + len + 1;
	}
	slash = strchr(rest, '/');
	if (slash) {
		snprintf(sub, sizeof(sub), "%.*s", (int)(slash - name), name);
		for (i = 0; i < d->n; i++)
			if (d->ents[i].dir &&
			    !strncmp(d->ents[i].name, rest, (size_t)(slash - rest)) &&
			    !d->ents[i].name[slash - rest])
				return 0; /* listed already */
		dir = subdir_ino(sub);
		if (!dir)
			return -ENOMEM;
	}
	if (TOOL_GROW(d->ents, d->cap, d->n + 1, 16))
		return -ENOMEM;
	snprintf(d->ents[d->n].name, sizeof(d->ents[d->n].name), "%.*s",
		 (int)(slash ? (size_t)(slash - rest) : strlen(rest)), rest);
	d->ents[d->n].dir = dir;
	d->ents[d->n].other = 0;
	d->ents[d->n].mode = dir ? DEV_DIR_MODE : DEV_NODE_MODE;
	d->ents[d->n++].dev = dev;
	return 0;
}

/* An entry a client made in the directory @d lists, unless ldmd has its name. */
static int dir_add_other(const char *name, const struct stat *st, void *data)
{
	struct dev_dir *d = data;
	size_t i;

	for (i = 0; i < d->n; i++)
		if (!d->ents[i].other && !strcmp(d->ents[i].name, name))
			return 0; /* ldmd's wins */
	if (TOOL_GROW(d->ents, d->cap, d->n + 1, 16))
		return -ENOMEM;
	snprintf(d->ents[d->n].name, sizeof(d->ents[d->n].name), "%s", name);
	d->ents[d->n].dir = 0;
	d->ents[d->n].dev = 0;
	d->ents[d->n].other = st->st_ino;
	d->ents[d->n++].mode = st->st_mode;
	return 0;
}

static int dir_snapshot(struct dev_dir *d)
{
	struct dev_call c;
	int ret;

	ret = dev_call_begin(&c, NULL);
	if (ret)
		return ret;
	d->n = 0;
	ret = ldm_chrdev_for_each_node(dir_add, d);
	dev_call_end(&c, NULL);
	if (ret >= 0)
		ret = dev_links_for_each_child(d->path, dir_add_other, d);
	return ret;
}

static void dir_free(struct dev_dir *d)
{
	pthread_mutex_destroy(&d->lock);
	free(d->ents);
	free(d);
}

static void dev_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dev_dir *d;
	int ret;

	d = calloc(1, sizeof(*d));
	if (!d) {
		fuse_reply_errno(req, -ENOMEM);
		return;
	}
	ret = dev_dir_path(ino, d->path, sizeof(d->path));
	if (ret) {
		free(d);
		fuse_reply_errno(req, ret);
		return;
	}
	pthread_mutex_init(&d->lock, NULL);
	ret = dir_snapshot(d);
	if (ret) {
		dir_free(d);
		fuse_reply_errno(req, ret);
		return;
	}
	fi->fh = (uintptr_t)d;
	pthread_mutex_lock(&dev_lock);
	LIST_INSERT_HEAD(&dev_dirs, d, link);
	pthread_mutex_unlock(&dev_lock);
	if (fuse_reply_open(req, fi)) {
		pthread_mutex_lock(&dev_lock); /* interrupted: no RELEASEDIR will come */
		LIST_REMOVE(d, link);
		pthread_mutex_unlock(&dev_lock);
		dir_free(d);
	}
}

/* ".", "..", then the devices; the offset of an entry is its index + 1. */
static size_t dir_fill(fuse_req_t req, struct dev_dir *d, char *buf, size_t size, size_t from)
{
	struct stat st = { 0 };
	size_t pos = 0, len, i;
	const char *name;

	for (i = from; i < d->n + 2; i++) {
		if (i < 2) {
			name = i ? ".." : ".";
			st.st_ino = FUSE_ROOT_ID;
			st.st_mode = DEV_DIR_MODE;
		} else {
			name = d->ents[i - 2].name;
			st.st_ino = d->ents[i - 2].other ? d->ents[i - 2].other :
				    d->ents[i - 2].dir	 ? d->ents[i - 2].dir :
							   DEVT_INO(d->ents[i - 2].dev);
			st.st_mode = d->ents[i - 2].mode;
		}
		len = fuse_add_direntry(req, buf + pos, size - pos, name, &st, (off_t)i + 1);
		if (len > size - pos)
			break;
		pos += len;
	}
	return pos;
}

static void dev_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
			struct fuse_file_info *fi)
{
	struct dev_dir *d = (struct dev_dir *)(uintptr_t)fi->fh;
	size_t len = 0;
	int ret = 0;
	char *buf;

	(void)ino;
	buf = malloc(size);
	if (!buf) {
		fuse_reply_errno(req, -ENOMEM);
		return;
	}
	pthread_mutex_lock(&d->lock);
	if (off == 0 && d->served)
		ret = dir_snapshot(d);
	d->served = true;
	if (!ret && off >= 0)
		len = dir_fill(req, d, buf, size, (size_t)off);
	pthread_mutex_unlock(&d->lock);
	if (ret)
		fuse_reply_errno(req, ret);
	else
		fuse_reply_buf(req, buf, len);
	free(buf);
}

static void dev_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dev_dir *d = (struct dev_dir *)(uintptr_t)fi->fh;

	(void)ino;
	pthread_mutex_lock(&dev_lock);
	LIST_REMOVE(d, link);
	pthread_mutex_unlock(&dev_lock);
	dir_free(d);
	fuse_reply_errno(req, 0);
}

/* Open files. */

static void file_free(struct dev_file *df)
{
	if (df->ph)
		fuse_pollhandle_destroy(df->ph);
	pthread_cond_destroy(&df->cond);
	pthread_mutex_destroy(&df->lock);
	free(df);
}

/* The last close of @df (its misc file if ldmd has not closed it yet), and free it. */
static void file_close(struct dev_file *df)
{
	struct ldm_chrdev_file *mf;
	struct dev_call c;

	pthread_mutex_lock(&dev_lock);
	LIST_REMOVE(df, link);
	/* A forwarded ioctl, or the shutdown closing it, still uses the file. */
	while (df->nforwarded || df->shut_mf)
		pthread_cond_wait(&file_idle, &dev_lock);
	mf = df->mf;
	df->mf = NULL;
	if (!mf) { /* closed already, at shutdown */
		pthread_mutex_unlock(&dev_lock);
		file_free(df);
		return;
	}
	dev_call_list(&c); /* even when stopping: shutdown waits for it */
	pthread_mutex_unlock(&dev_lock);
	dev_watch_stop(df);
	ldm_chrdev_release(mf);
	pthread_mutex_lock(&dev_lock);
	dev_call_unlist(&c);
	pthread_mutex_unlock(&dev_lock);
	ldm_thread_clear_interrupt();
	file_free(df);
}

static struct dev_file *file_new(dev_t dev)
{
	struct dev_file *df = calloc(1, sizeof(*df));

	if (!df)
		return NULL;
	df->dev = dev;
	/* Distinct for every file, and not to be guessed from another's. */
	df->id = (__atomic_add_fetch(&file_ids, 1, __ATOMIC_RELAXED) * 0x9e3779b97f4a7c15ULL) ^
		 file_id_key;
	pthread_mutex_init(&df->lock, NULL);
	pthread_cond_init(&df->cond, NULL);
	return df;
}

/* Open the device of @df's number, if a node still has it; inside a call. */
static int file_open(struct dev_file *df, int flags)
{
	struct dev_find f = { .dev = df->dev };
	int ret;

	ret = find(&f);
	if (ret <= 0)
		return ret ? ret : -ENODEV;
	ret = ldm_chrdev_open(df->dev, flags, &df->mf);
	if (ret)
		return ret;
	df->flags = flags & ~O_ASYNC;
	df->seekable = ldm_chrdev_seekable(df->mf);
	pthread_mutex_lock(&dev_lock); /* before dev_call_end(): shutdown will see it */
	LIST_INSERT_HEAD(&dev_files, df, link);
	pthread_mutex_unlock(&dev_lock);
	return 0;
}

/*
 * The reply to OPEN. A nonseekable_open() file is a stream, as the device
 * node it stands for: FOPEN_STREAM makes the kernel drop its f_pos lock,
 * which otherwise serializes every read and write of threads sharing the
 * descriptor (a regular file's rule), so that a write can wake a read
 * asleep on the same descriptor. libfuse 3.14 has no field for that flag:
 * the reply, struct fuse_open_out, is sent as fuse_reply_open() would.
 */
static int reply_open(fuse_req_t req, struct fuse_file_info *fi)
{
	struct fuse_open_out out = {
		.fh = fi->fh,
		.open_flags = FOPEN_DIRECT_IO | FOPEN_NONSEEKABLE | FOPEN_STREAM,
	};
	struct iovec iov = { .iov_base = &out, .iov_len = sizeof(out) };

	if (!fi->nonseekable)
		return fuse_reply_open(req, fi);
	return fuse_reply_iov(req, &iov, 1);
}

static void dev_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct dev_file *df;
	struct dev_call c;
	int ret;

	if (IS_DIR_INO(ino)) {
		fuse_reply_errno(req, -EISDIR);
		return;
	}
	df = file_new(INO_DEVT(ino));
	if (!df) {
		fuse_reply_errno(req, -ENOMEM);
		return;
	}
	ret = dev_call_begin(&c, req);
	if (!ret) {
		ret = file_open(df, fi->flags);
		dev_call_end(&c, req);
	}
	if (ret) {
		file_free(df);
		fuse_reply_errno(req, ret);
		return;
	}
	fi->fh = (uintptr_t)df;
	fi->direct_io = 1; /* every read and write reaches the driver */
	fi->keep_cache = 0;
	fi->nonseekable = !df->seekable;
	if (reply_open(req, fi))
		file_close(df); /* interrupted: no RELEASE will come */
}

static void dev_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	(void)ino;
	file_close(dev_file_of(fi));
	fuse_reply_errno(req, 0);
}

/*
 * The caller's current flags (fcntl(F_SETFL) may have changed them); inside
 * a call. The kernel keeps no O_ASYNC for a file without a fasync method,
 * as a FUSE file is: O_ASYNC stays what the forwarded LDM_FUSE_IOC_FASYNC
 * made it.
 */
static void sync_flags(struct dev_file *df, int flags)
{
	long now;

	flags &= ~O_ASYNC;
	if (flags == df->flags)
		return;
	now = ldm_chrdev_fcntl(df->mf, 0, F_GETFL, 0);
	ldm_chrdev_set_flags(df->mf, flags | (now >= 0 ? (int)(now & O_ASYNC) : 0));
	df->flags = flags;
}

/* A read or a write, at the kernel's position unless the file has none. */
static ssize_t file_io(fuse_req_t req, struct dev_file *df, bool write, char *buf, size_t size,
		       off_t off, int flags)
{
	struct dev_call c;
	loff_t pos = off;
	ssize_t n;

	n = dev_call_begin(&c, req);
	if (n)
		return n;
	n = -ENODEV;
	if (df->mf) {
		sync_flags(df, flags);
		if (write)
			n = ldm_chrdev_write(df->mf, buf, size, df->seekable ? &pos : NULL);
		else
			n = ldm_chrdev_read(df->mf, buf, size, df->seekable ? &pos : NULL);
		if (n >= 0)
			dev_watch_again(df);
	}
	dev_call_end(&c, req);
	return n;
}

static void dev_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	char *buf = malloc(size ? size : 1);
	ssize_t n;

	(void)ino;
	if (!buf) {
		fuse_reply_errno(req, -ENOMEM);
		return;
	}
	n = file_io(req, dev_file_of(fi), false, buf, size, off, fi->flags);
	if (n < 0)
		fuse_reply_errno(req, n);
	else
		fuse_reply_buf(req, buf, (size_t)n);
	free(buf);
}

static void dev_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off,
		      struct fuse_file_info *fi)
{
	ssize_t n;

	(void)ino;
	n = file_io(req, dev_file_of(fi), true, (char *)buf, size, off, fi->flags);
	if (n < 0)
		fuse_reply_errno(req, n);
	else
		fuse_reply_write(req, (size_t)n);
}

static void dev_poll(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi,
		     struct fuse_pollhandle *ph)
{
	unsigned int events = fi->poll_events ? fi->poll_events : POLL_DEFAULT_EVENTS;
	struct dev_file *df = dev_file_of(fi);
	struct dev_call c;
	int mask;

	(void)ino;
	mask = dev_call_begin(&c, NULL);
	if (!mask) {
		mask = df->mf ? ldm_chrdev_poll(df->mf, events, 0) : -ENODEV;
		dev_call_end(&c, NULL);
	}
	if (ph && mask >= 0)
		dev_watch(df, ph, events, mask);
	else if (ph)
		fuse_pollhandle_destroy(ph);
	if (mask < 0)
		fuse_reply_errno(req, mask);
	else
		fuse_reply_poll(req, (unsigned int)mask);
}

/* Nodes are ldmd's alone (mknod, link, create: reply.c); links and directories dev-links.c's. */
static const struct fuse_lowlevel_ops dev_ops = {
	.init = dev_init,
	.lookup = dev_lookup,
	.forget = dev_forget,
	.getattr = dev_getattr,
	.setattr = dev_setattr,
	.readlink = dev_links_readlink_req,
	.mknod = fuse_refuse_mknod,
	.mkdir = dev_links_mkdir,
	.unlink = dev_links_unlink,
	.rmdir = dev_links_rmdir,
	.symlink = dev_links_symlink,
	.rename = dev_links_rename,
	.link = fuse_refuse_link,
	.open = dev_open,
	.read = dev_read,
	.write = dev_write,
	.release = dev_release,
	.opendir = dev_opendir,
	.readdir = dev_readdir,
	.releasedir = dev_releasedir,
	.create = fuse_refuse_create,
	.poll = dev_poll,
	.ioctl = dev_ioctl,
};

/**
 * ldm_fuse_dev_shutdown - close every node still open, before the runtime stops
 *
 * From now on every request of the dev mount that would reach the runtime
 * gets ENODEV. The calls in progress are interrupted (a blocked read
 * returns EINTR) and waited for; then each file still open has its watcher
 * stopped and is released, so that the modules of its driver can be
 * unloaded. A driver sleeping uninterruptibly is waited for. The files are
 * taken under dev_lock and released outside it, as Linux never holds
 * chrdevs_lock across ->release: a release may wait for anything a
 * request of the mount does meanwhile (each gets ENODEV).
 */
void ldm_fuse_dev_shutdown(void)
{
	struct dev_file *df, *closing = NULL;

	dev_attrs_stop(); /* while the runtime is up: its listener goes */
	pthread_mutex_lock(&dev_lock);
	dev_calls_stop();
	/* A RELEASE meanwhile waits for its file's shut_mf to go, then finds it closed. */
	LIST_FOREACH(df, &dev_files, link) {
		if (!df->mf)
			continue;
		df->shut_mf = df->mf;
		df->mf = NULL;
		df->shut_next = closing;
		closing = df;
	}
	pthread_mutex_unlock(&dev_lock);
	for (df = closing; df; df = df->shut_next) {
		dev_watch_stop(df);
		ldm_chrdev_release(df->shut_mf);
	}
	pthread_mutex_lock(&dev_lock);
	for (df = closing; df; df = df->shut_next)
		df->shut_mf = NULL;
	pthread_cond_broadcast(&file_idle);
	pthread_mutex_unlock(&dev_lock);
}

static int dev_start(struct fuse_session *se)
{
	(void)se;
	if (getrandom(&file_id_key, sizeof(file_id_key), 0) != sizeof(file_id_key))
		file_id_key = (uint64_t)time(NULL) * 0x2545f4914f6cdd1dULL;
	clock_gettime(CLOCK_REALTIME, &dev_time);
	return dev_attrs_start();
}

/* Nothing serves the session: the kernel sends no RELEASE for what it held. */
static void dev_stop(bool started)
{
	struct dev_file *df;
	struct dev_dir *d;

	(void)started;
	ldm_fuse_dev_shutdown();
	while ((df = LIST_FIRST(&dev_files))) {
		LIST_REMOVE(df, link);
		file_free(df);
	}
	while ((d = LIST_FIRST(&dev_dirs))) {
		LIST_REMOVE(d, link);
		dir_free(d);
	}
	dev_links_exit();
}

const struct ldm_fuse_fs ldm_fuse_dev = {
	.dir = "dev",
	.fsname = "ldmdev",
	.what = "the device nodes",
	.ops = &dev_ops,
	.max_threads = FUSE_DEV_THREADS,
	.start = dev_start,
	.stop = dev_stop,
};
