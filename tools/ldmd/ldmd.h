/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ldmd.h - what the files of ldmd share.
 *
 *   main.c       the command line
 *   lifecycle.c  detaching, booting the runtime, loading modules, the
 *                signals that stop it, and stopping in order
 *   mount.c      the mounts (DIR/sys, DIR/dev): mount points, stale
 *                mounts, the FUSE sessions and the threads that serve them
 *   nodes.c      the FUSE node ids: which sysfs node each stands for
 *   sysfs-ops.c  the FUSE requests, mapped onto the path-level API of
 *                <ldm/sysfs.h>; the only file that replies to FUSE for
 *                the sysfs mount
 *   dev-ops.c    the FUSE requests of the DIR/dev mount, mapped onto the
 *                misc devices' front-end API of <ldm/miscdevice.h>
 *   control.c    the control socket: clients, requests in, replies out
 *   requests.c   what each request of the control socket does
 *   log.c        the runtime's console: stderr or syslog
 *   inval.c      invalidations of the kernel's cache of the mount
 *   uevent.c     the uevent socket: every hotplug event to every listener
 *   listen.c     what the two sockets share: listening, accepting
 *   refuse.c     what both mounts answer to a change of their shape
 *
 * FUSE_USE_VERSION is set for every file by meson.build.
 */
#ifndef _LDMD_H
#define _LDMD_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <fuse_lowlevel.h>

#include <ldmd/control.h>

struct sysfs_dirent;

#define LDMD_DEFAULT_ROOT	"/run/ldm"

struct ldmd_options {
	char *board;		/* FILE: a device tree, or NULL */
	char *root;		/* DIR: the mounts go below it */
	bool foreground;	/* stay attached to the terminal */
	char **modules;		/* MODULE.ko[=ARGS], in command-line order */
	unsigned int nmodules;
};

/* control.c */
struct ldmd_control;
struct control_client;

/* A request of the control socket, split into its fields. */
struct ldmd_request {
	struct control_client *client;
	int argc;
	char *argv[CONTROL_FIELDS_MAX];
	int fd;			/* passed with SCM_RIGHTS, or -1 */
	uid_t uid;		/* of the client (SO_PEERCRED) */
	pid_t pid;
	bool privileged;	/* root or ldmd's own user */
	char why[256];		/* the cause of a failure, for the reply */
};

int ldmd_control_start(const char *root, struct ldmd_control **ret);
void ldmd_control_stop(struct ldmd_control *ctl);
int ldmd_reply(struct ldmd_request *req, char kind, const char *text);

/* requests.c */
int ldmd_request_run(struct ldmd_request *req, char *why, size_t size);
void ldmd_requests_exit(void);

/* refuse.c */
void ldmd_refuse_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
		       dev_t rdev);
void ldmd_refuse_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode);
void ldmd_refuse_unlink(fuse_req_t req, fuse_ino_t parent, const char *name);
void ldmd_refuse_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name);
void ldmd_refuse_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name);
void ldmd_refuse_rename(fuse_req_t req, fuse_ino_t parent, const char *name,
			fuse_ino_t newparent, const char *newname, unsigned int flags);
void ldmd_refuse_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname);
void ldmd_refuse_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode,
			struct fuse_file_info *fi);

/* listen.c */
int ldmd_listen(const char *path);
void ldmd_accept_loop(int fd, void (*take)(void *data, int conn), void *data);

/* uevent.c */
struct ldmd_uevent;
int ldmd_uevent_start(const char *root, struct ldmd_uevent **ret);
void ldmd_uevent_stop(struct ldmd_uevent *srv);

/* inval.c */
int ldmd_inval_start(struct fuse_session *se);
void ldmd_inval_flush(void);
void ldmd_inval_data(struct sysfs_dirent *sd);
void ldmd_inval_stop(void);

/* log.c */
void ldmd_log_init(void);
void ldmd_log_start(void);
void ldmd_log_detach(void);
void ldmd_log_stop(void);

/* lifecycle.c */
int ldmd_run(const struct ldmd_options *opts);

/* mount.c */
#define LDMD_SYSFS_THREADS	10	/* libfuse's default */
#define LDMD_DEV_THREADS	64	/* each blocked read of a device takes one */

/**
 * struct ldmd_fs - one of ldmd's mounts
 * @dir: below DIR: "sys", "dev"
 * @fsname: the source /proc/mounts shows (fsname=)
 * @what: for messages: "the sysfs tree"
 * @ops: its requests
 * @max_threads: the most requests served at once
 * @start: after ldm_init(), before serving; may be NULL
 * @stop: once nothing serves the session any more: drop what the kernel
 *	still held; @started says whether start() had succeeded; may be NULL
 */
struct ldmd_fs {
	const char *dir;
	const char *fsname;
	const char *what;
	const struct fuse_lowlevel_ops *ops;
	unsigned int max_threads;
	int (*start)(struct fuse_session *se);
	void (*stop)(bool started);
};

extern const struct ldmd_fs ldmd_sysfs_fs;
extern const struct ldmd_fs ldmd_dev_fs;

struct ldmd_mount;
int ldmd_mount(const char *root, const struct ldmd_fs *fs, struct ldmd_mount **ret);
int ldmd_serve(struct ldmd_mount *m);
void ldmd_unmount(struct ldmd_mount *m);
struct fuse_session *ldmd_mount_session(struct ldmd_mount *m);

/* nodes.c */
int ldmd_nodes_init(void);
void ldmd_nodes_exit(void);
struct sysfs_dirent *ldmd_node_sd(fuse_ino_t ino);
fuse_ino_t ldmd_node_hold(struct sysfs_dirent *sd);
fuse_ino_t ldmd_node_find(struct sysfs_dirent *sd);
void ldmd_node_forget(fuse_ino_t ino, uint64_t nlookup);

/* sysfs-ops.c */
extern const struct fuse_lowlevel_ops ldmd_sysfs_ops;
int ldmd_sysfs_ops_start(void);
void ldmd_sysfs_ops_exit(void);

/* dev-ops.c */
void ldmd_dev_shutdown(void);

#endif /* _LDMD_H */
