/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ldm-fuse.h - the FUSE layer: the runtime's sysfs tree, its device nodes
 * and its /proc files as FUSE mounts, on the host API alone (docs/ldmd.md).
 * A library: ldmd is its user; it knows nothing of the control socket,
 * events or boards, prints under the name its user gives, and leaves what
 * follows a mount taken away to its user.
 *
 * A mount is made before the runtime boots (ldm_fuse_mount()), served once
 * it runs (ldm_fuse_serve()), and taken away after it stops
 * (ldm_fuse_unmount()); whoever touches it in between waits. Each returns 0
 * or a negative errno and prints what went wrong.
 */
#ifndef _LDM_FUSE_H
#define _LDM_FUSE_H

#include <stdint.h>
#include <sys/types.h>

struct ldm_fuse_fs;
struct ldm_fuse_mount;

/* DIR/sys: the sysfs tree. DIR/dev: a node per char device. DIR/proc: /proc. */
extern const struct ldm_fuse_fs ldm_fuse_sysfs;
extern const struct ldm_fuse_fs ldm_fuse_dev;
extern const struct ldm_fuse_fs ldm_fuse_proc;

/**
 * struct ldm_fuse_host - what the program using the FUSE layer tells it
 * @name: its name: the prefix of every message the layer prints (NAME:
 *	DIR/sys: ...), and its FUSE sessions' name; NULL: print nothing
 * @mount_gone: a mount was taken away under its server (umount, fusermount3
 *	-u), not by ldm_fuse_unmount(): called once, from that mount's serving
 *	thread, with its mount point and what libfuse's loop returned; what
 *	follows is the program's to decide (ldmd stops); NULL: nothing
 * @data: for @mount_gone
 */
struct ldm_fuse_host {
	const char *name;
	void (*mount_gone)(const char *mountpoint, int status, void *data);
	void *data;
};

void ldm_fuse_set_host(const struct ldm_fuse_host *host);
int ldm_fuse_mount(const char *root, const struct ldm_fuse_fs *fs, struct ldm_fuse_mount **ret);
int ldm_fuse_serve(struct ldm_fuse_mount *m);
void ldm_fuse_unmount(struct ldm_fuse_mount *m);

/*
 * The kernel caches the sysfs mount's names and attributes; the
 * invalidation thread tells it of every change. ldm_fuse_inval_flush()
 * waits until what changed so far is invalidated (a request that changed
 * the tree returns after it). Start once the sysfs mount serves; stop
 * before it is unmounted.
 */
int ldm_fuse_inval_start(struct ldm_fuse_mount *sysfs);
void ldm_fuse_inval_flush(void);
void ldm_fuse_inval_stop(void);

/*
 * Before the runtime stops: new requests of DIR/dev get ENODEV, calls in
 * progress are interrupted and waited for, and every node still open is
 * closed, so that the modules can be unloaded.
 */
void ldm_fuse_dev_shutdown(void);

/*
 * Before the runtime stops, too: the /proc files still open are closed
 * (their entries may be modules'), and DIR/proc opens nothing more.
 */
void ldm_fuse_proc_shutdown(void);

/*
 * An ioctl forwarded for a process holding a node of DIR/dev open (the
 * caller carries it, as ldmd's control request "ioctl" does): the driver
 * runs it with the process's memory as user space, as a kernel would,
 * whatever kind of argument the command takes. The process first asks
 * the file's id with the ioctl LDM_FUSE_IOC_FILE_ID on the node (answered
 * by the FUSE layer, never by a driver); only the process that asked may
 * use it.
 *
 * Besides a driver's commands, these, which FUSE does not tell a file of,
 * are forwarded with the node's id (type 0xE1, never a driver's):
 *   LDM_FUSE_IOC_FASYNC   O_ASYNC on or off, as fcntl(F_SETFL); the
 *                         argument is the descriptor << 1 | on
 *   LDM_FUSE_IOC_GETFL    the file's flags, O_ASYNC included (the
 *                         kernel keeps none for a FUSE file)
 *   LDM_FUSE_IOC_SETOWN   fcntl(F_SETOWN): the argument is the pid, or
 *                         minus a process group
 *   LDM_FUSE_IOC_SETSIG   fcntl(F_SETSIG): the argument is the signal
 */
#define LDM_FUSE_IOC(nr)     (((unsigned int)0xE1 << 8) | (nr))
#define LDM_FUSE_IOC_FILE_ID (LDM_FUSE_IOC(0x01) | (2U << 30) | (8U << 16)) /* _IOR u64 */
#define LDM_FUSE_IOC_FASYNC  LDM_FUSE_IOC(0x02)				    /* _IO */
#define LDM_FUSE_IOC_SETOWN  LDM_FUSE_IOC(0x03)				    /* _IO */
#define LDM_FUSE_IOC_SETSIG  LDM_FUSE_IOC(0x04)				    /* _IO */
#define LDM_FUSE_IOC_GETFL   LDM_FUSE_IOC(0x05)				    /* _IO */

int ldm_fuse_dev_ioctl(uint64_t id, pid_t pid, unsigned int cmd, unsigned long arg, long *ret);

#endif /* _LDM_FUSE_H */
