/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/sysfs.h> - the sysfs tree seen from the host: walking it, reading
 * and writing its files, as a process does on /sys, and being told of its
 * changes. The FUSE layer, tools and tests use it. Errors are those a
 * system call returns: a show() or store() that was interrupted
 * (-ERESTARTSYS) comes back as -EINTR.
 */
#ifndef _LIBLDM_SYSFS_H
#define _LIBLDM_SYSFS_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#pragma GCC visibility push(default)

struct ldm_sysfs_node;

/* A text attribute holds at most this many bytes (PAGE_SIZE). */
#define LDM_SYSFS_PAGE_SIZE 4096

/*
 * Paths are relative to the root of the tree ("/" or "" is the root, so
 * "/kernel/uevent_helper" is what a mount shows as /sys/kernel/uevent_helper).
 * A struct ldm_sysfs_node is a node of the tree (a directory, an attribute,
 * a link), opaque. Nodes are reference counted: every function that returns one returns a
 * reference the caller drops with ldm_sysfs_put(). A node that has been
 * removed stays valid memory while referenced, but I/O on it gives -ENODEV.
 */

enum ldm_sysfs_type {
	LDM_SYSFS_DIR,
	LDM_SYSFS_ATTR, /* a text attribute: show/store */
	LDM_SYSFS_BIN,	/* a binary attribute: read/write at offsets */
	LDM_SYSFS_LINK,
};

/**
 * struct ldm_sysfs_stat - what stat(2) on a sysfs node tells
 * @type: the kind of node
 * @mode: file type and permission bits, as st_mode
 * @size: PAGE_SIZE for a text attribute, the declared size for a binary
 *        one, the target path's length for a link, 0 for a directory
 * @ino: a number unique to the node for the life of the runtime
 * @nlink: 2 plus the subdirectories for a directory, else 1
 * @mtime: last change (creation, rename, sysfs_update_file)
 * @stable: a text attribute that declared LDM_ATTR_STABLE
 * @mem: the bytes of heap the node asked for: itself, its name, a
 *       directory's hash buckets (what bench-platform adds up)
 */
struct ldm_sysfs_stat {
	enum ldm_sysfs_type type;
	bool stable; /* a text attribute with LDM_ATTR_STABLE */
	mode_t mode;
	loff_t size;
	unsigned long ino;
	unsigned int nlink;
	struct timespec mtime;
	size_t mem;
};

/* Look-up flags. */
#define LDM_SYSFS_FOLLOW 0x1 /* follow a link in the last component too */

int ldm_sysfs_lookup(const char *path, unsigned int flags, struct ldm_sysfs_node **ret);
int ldm_sysfs_lookup_at(struct ldm_sysfs_node *dir, const char *name, struct ldm_sysfs_node **ret);
struct ldm_sysfs_node *ldm_sysfs_get(struct ldm_sysfs_node *node);
void ldm_sysfs_put(struct ldm_sysfs_node *node);
int ldm_sysfs_stat(struct ldm_sysfs_node *node, struct ldm_sysfs_stat *st);
const char *ldm_sysfs_name(struct ldm_sysfs_node *node);

/*
 * ldm_sysfs_readdir - list a directory, in creation order. The entries are
 * taken as one snapshot and @fill is called after the tree lock is dropped,
 * so it may call back into sysfs. A non-zero return from @fill stops the walk
 * and is returned.
 */
int ldm_sysfs_readdir(struct ldm_sysfs_node *dir,
		      int (*fill)(const char *name, const struct ldm_sysfs_stat *st, void *data),
		      void *data);

int ldm_sysfs_readlink(struct ldm_sysfs_node *link, char *buf, size_t size);
int ldm_sysfs_follow(struct ldm_sysfs_node *link, struct ldm_sysfs_node **ret);

/*
 * Open files, as those of <libldm/chrdev.h> and <libldm/proc.h>: @pos NULL
 * reads or writes at the file's position and advances it (read(2)); else
 * at *@pos, which is advanced (pread(2)). A text attribute's show() runs
 * when a read starts at 0; each write to one is one store().
 */
struct ldm_sysfs_file;

int ldm_sysfs_open(struct ldm_sysfs_node *node, int flags, struct ldm_sysfs_file **ret);
ssize_t ldm_sysfs_read(struct ldm_sysfs_file *file, char *buf, size_t count, loff_t *pos);
ssize_t ldm_sysfs_write(struct ldm_sysfs_file *file, const char *buf, size_t count, loff_t *pos);
int ldm_sysfs_release(struct ldm_sysfs_file *file);
int ldm_sysfs_poll(struct ldm_sysfs_file *file, int timeout_ms);

/*
 * ldm_sysfs_poll_watch - be told of every sysfs_notify(), and of every
 * attribute removed, to wake pollers a front end serves (ldmd's FUSE poll).
 * @fn is called with the node, with no sysfs lock held. One watcher at a
 * time: -EBUSY if another is set; ldm_sysfs_poll_watch(NULL, NULL) removes
 * it, and once that returns the old one is not running.
 */
typedef void (*ldm_sysfs_poll_fn)(struct ldm_sysfs_node *node, void *data);
int ldm_sysfs_poll_watch(ldm_sysfs_poll_fn fn, void *data);

ssize_t ldm_sysfs_read_path(const char *path, char *buf, size_t size);
ssize_t ldm_sysfs_write_path(const char *path, const char *buf, size_t count);

/*
 * ldm_sysfs_watch - be told of every change of the tree's shape, as a front
 * end that lets its kernel cache names must be (ldmd's mount). @fn is
 * called for each name that appears (LDM_SYSFS_ADDED) or goes
 * (LDM_SYSFS_REMOVED: the top of a removed subtree only; a rename is a
 * removal of the old name and an addition of the new) in @parent. It is
 * called with the tree's lock held for writing: it may take a reference on
 * @parent and copy @name, and must not call back into sysfs. One watcher at
 * a time: -EBUSY if another is set; ldm_sysfs_watch(NULL, NULL) removes it.
 */
enum ldm_sysfs_change {
	LDM_SYSFS_ADDED,
	LDM_SYSFS_REMOVED,
};

typedef void (*ldm_sysfs_watch_fn)(enum ldm_sysfs_change change, struct ldm_sysfs_node *parent,
				   const char *name, void *data);
int ldm_sysfs_watch(ldm_sysfs_watch_fn fn, void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_SYSFS_H */
