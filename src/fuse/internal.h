/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * internal.h - what the files of the FUSE layer share.
 *
 *   mount.c   the mounts: mount points, stale mounts, sessions, the
 *             threads that serve them
 *   nodes.c   the node ids of the sysfs mount: which sysfs node each is
 *   sysfs.c   the requests of DIR/sys, on <libldm/sysfs.h>
 *   dev.c     the requests of DIR/dev, on <libldm/chrdev.h>; its call
 *             protocol, poll watchers, ioctls and clients' links in
 *             dev-call.c, dev-poll.c, dev-ioctl.c and dev-links.c (dev.h)
 *   proc.c    the requests of DIR/proc, on <libldm/proc.h>
 *   cred.c    the credentials of the process a request is for
 *   inval.c   invalidations of the kernel's cache of DIR/sys
 *   reply.c   error replies (the one sign flip), and what the three
 *             mounts refuse
 *
 * FUSE_USE_VERSION is set for every file by meson.build.
 */
#ifndef _LDM_FUSE_INTERNAL_H
#define _LDM_FUSE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <fuse_lowlevel.h>

#include "ldm-fuse.h"

struct ldm_sysfs_node;

#define FUSE_SYSFS_THREADS 10 /* libfuse's default */
#define FUSE_DEV_THREADS   64 /* each blocked read of a device takes one */

/**
 * struct ldm_fuse_fs - one kind of mount
 * @dir: below DIR: "sys", "dev"
 * @fsname: the source /proc/mounts shows (fsname=)
 * @what: for messages: "the sysfs tree"
 * @ops: its requests
 * @max_threads: the most requests served at once
 * @start: after ldm_init(), before serving; may be NULL
 * @stop: once nothing serves the session any more: drop what the kernel
 *	still held; @started says whether start() had succeeded; may be NULL
 */
struct ldm_fuse_fs {
	const char *dir;
	const char *fsname;
	const char *what;
	const struct fuse_lowlevel_ops *ops;
	unsigned int max_threads;
	int (*start)(struct fuse_session *se);
	void (*stop)(bool started);
};

/* mount.c */
struct fuse_session *ldm_fuse_session(struct ldm_fuse_mount *m);
void fuse_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* reply.c */
void fuse_reply_errno(fuse_req_t req, long error);
bool fuse_only_truncates(int to_set);

/* cred.c */
void fuse_cred_begin(fuse_req_t req);
void fuse_cred_begin_pid(pid_t pid);
void fuse_cred_end(void);
bool fuse_req_capable(fuse_req_t req, int cap);

/* reply.c: what the three mounts answer to a change of their shape */
void fuse_refuse_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
		       dev_t rdev);
void fuse_refuse_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode);
void fuse_refuse_unlink(fuse_req_t req, fuse_ino_t parent, const char *name);
void fuse_refuse_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name);
void fuse_refuse_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name);
void fuse_refuse_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent,
			const char *newname, unsigned int flags);
void fuse_refuse_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname);
void fuse_refuse_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
			struct fuse_file_info *fi);

/* nodes.c */
int fuse_nodes_init(void);
void fuse_nodes_exit(void);
struct ldm_sysfs_node *fuse_node_sd(fuse_ino_t ino);
fuse_ino_t fuse_node_hold(struct ldm_sysfs_node *sd);
fuse_ino_t fuse_node_find(struct ldm_sysfs_node *sd);
void fuse_node_forget(fuse_ino_t ino, uint64_t nlookup);

/* sysfs.c */
extern const struct fuse_lowlevel_ops fuse_sysfs_ops;
int fuse_sysfs_ops_start(void);
void fuse_sysfs_ops_exit(void);

/* dev.c */
extern const struct fuse_lowlevel_ops fuse_dev_ops;

/* proc.c */
int fuse_proc_child_path(fuse_ino_t parent, const char *name, char *buf, size_t size);

/* inval.c */
void fuse_inval_data(struct ldm_sysfs_node *sd);

#endif /* _LDM_FUSE_INTERNAL_H */
