/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dev.h - what the files of DIR/dev share:
 *
 *   dev.c        the requests: names, the directory, open files, and
 *                the stop (ldm_fuse_dev_shutdown())
 *   dev-call.c   the call protocol: every request that enters the
 *                runtime is listed, interruptible, and waited for at stop
 *   dev-poll.c   the poll watchers: a thread per polled file that tells
 *                the kernel when the driver's wait queues wake
 *   dev-ioctl.c  ioctls: the restricted ones FUSE carries, and those
 *                forwarded by ldm_fuse_dev_ioctl()
 *   dev-links.c  the links and directories clients make (udevd's
 *                SYMLINK+=), kept in memory beside ldmd's nodes
 *   dev-attrs.c  the mode, owner and times clients give nodes (udevd's
 *                MODE=, OWNER=, GROUP=), until the device goes
 */
#ifndef _LDM_FUSE_DEV_H
#define _LDM_FUSE_DEV_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/queue.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <libldm/chrdev.h>

#include "internal.h"

/* The processes that asked for a file's id, most recent first, kept per file. */
#define FILE_ASKERS 4

/* A request inside the runtime, on the list of calls. */
struct dev_call {
	LIST_ENTRY(dev_call) link;
	pthread_t thread;
};

/*
 * An open node. @mf is NULL once closed, by RELEASE or at shutdown; the
 * watcher and poll state are under @lock.
 */
struct dev_file {
	LIST_ENTRY(dev_file) link; /* in dev_files until freed */
	struct ldm_chrdev_file *mf;
	dev_t dev;
	int flags; /* the flags last given to the runtime */
	bool seekable;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct fuse_pollhandle *ph; /* the kernel wants to be told */
	unsigned int events;	    /* what it waits for */
	bool armed;		    /* the watcher should wait and tell */
	bool stop;		    /* the watcher should end */
	bool watching;		    /* the watcher thread runs */
	pthread_t watcher;
	uint64_t id;			 /* for forwarded ioctls (ldm_fuse_dev_ioctl) */
	pid_t askers[FILE_ASKERS];	 /* under dev_lock: who asked for @id */
	unsigned int nforwarded;	 /* under dev_lock: forwarded ioctls running */
	struct ldm_chrdev_file *shut_mf; /* under dev_lock: the shutdown closes it */
	struct dev_file *shut_next;	 /* under dev_lock: on the shutdown's list */
};

LIST_HEAD(dev_file_list, dev_file);

/* dev.c */
extern pthread_mutex_t dev_lock;       /* the lists, each file's @askers and counts */
extern pthread_cond_t file_idle;       /* a forwarded ioctl or a shutdown's close ended */
extern struct dev_file_list dev_files; /* under dev_lock */

static inline struct dev_file *dev_file_of(struct fuse_file_info *fi)
{
	return (struct dev_file *)(uintptr_t)fi->fh;
}

/* dev.c: what ldmd has at a path, for dev-links.c */
int dev_dir_path(fuse_ino_t ino, char *buf, size_t size);
int dev_ldmd_has(const char *path);
int dev_ldmd_below(const char *dir);

/* dev-links.c: node ids of clients' entries, below those of ldmd's directories */
#define DEV_LINK_INO_BASE ((fuse_ino_t)1 << 61)
#define IS_LINK_INO(ino)  ((ino) >= DEV_LINK_INO_BASE && (ino) < ((fuse_ino_t)1 << 62))
#define DEV_LINKS_MAX	  4096 /* links and directories clients make, at most */
#define DEV_PATH_MAX	  1024 /* a path below DIR/dev, its NUL included */
#define DEV_TARGET_MAX	  1024 /* a link's target, at most */
int dev_links_lookup(const char *path, struct stat *st);
int dev_links_getattr(fuse_ino_t ino, struct stat *st);
int dev_links_dir_path(fuse_ino_t ino, char *buf, size_t size);
bool dev_links_below(const char *dir);
int dev_links_for_each_child(const char *dir,
			     int (*fn)(const char *name, const struct stat *st, void *data),
			     void *data);
int dev_links_readlink(fuse_ino_t ino, char *buf, size_t size);
void dev_links_symlink(fuse_req_t req, const char *target, fuse_ino_t parent, const char *name);
void dev_links_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode);
void dev_links_unlink(fuse_req_t req, fuse_ino_t parent, const char *name);
void dev_links_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name);
void dev_links_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
		      const char *newname, unsigned int flags);
void dev_links_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set);
void dev_links_readlink_req(fuse_req_t req, fuse_ino_t ino);
void dev_links_exit(void);

/* dev-attrs.c: the mode, owner and times clients give ldmd's nodes */
void dev_attrs_apply(dev_t dev, struct stat *st);
int dev_attrs_set(fuse_req_t req, dev_t dev, const struct stat *attr, int to_set, struct stat *st);
int dev_attrs_start(void);
void dev_attrs_stop(void);

/* dev-call.c */
extern bool dev_stopping; /* under dev_lock */
void dev_call_list(struct dev_call *c);
void dev_call_unlist(struct dev_call *c);
int dev_call_begin(struct dev_call *c, fuse_req_t req);
void dev_call_end(struct dev_call *c, fuse_req_t req);
void dev_calls_stop(void);

/* dev-poll.c */
void dev_watch(struct dev_file *df, struct fuse_pollhandle *ph, unsigned int events, int mask);
void dev_watch_again(struct dev_file *df);
void dev_watch_stop(struct dev_file *df);

/* dev-ioctl.c */
void dev_reply_file_id(fuse_req_t req, struct dev_file *df, size_t out_bufsz);
void dev_ioctl(fuse_req_t req, fuse_ino_t ino, unsigned int cmd, void *arg,
	       struct fuse_file_info *fi, unsigned int flags, const void *in_buf, size_t in_bufsz,
	       size_t out_bufsz);

#endif /* _LDM_FUSE_DEV_H */
