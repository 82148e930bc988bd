/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ldmd-util.h - what the ldmd tests share: starting the real ldmd under a
 * temporary root, waiting for it (every wait bounded by WAIT_SECONDS), and
 * stopping it; reading and writing files through its mounts.
 */
#ifndef _LDMD_UTIL_H
#define _LDMD_UTIL_H

#include <stdbool.h>
#include <sys/types.h>
#include <time.h>

#include "harness.h"

#define HELLO_KO     LDM_BUILD_DIR "/modules/hello.ko"
#define WAIT_SECONDS 30 /* bounds every wait on ldmd, sanitizers included */
#define NOBODY	     65534

struct ldmd {
	pid_t pid;
	int out;	/* the read end of its stdout */
	char root[256]; /* absolute and resolved, as mountinfo shows it */
	char sys[300];
	char dev[300];	/* the device nodes */
	char proc[300]; /* the /proc files */
	char log[300];	/* its stderr */
};

#define SYS(d, rel)  sys_path((d), (rel), (char[512]){ 0 })
#define PROC(d, rel) proc_path((d), (rel), (char[512]){ 0 })

#define ASSERT_ERRNO(call, err) \
	do { \
		errno = 0; \
		long __r = (long)(call); \
		if (__r != -1 || errno != (err)) \
			FAIL("%s returned %ld (%s), expected %s", #call, __r, strerror(errno), \
			     strerror(err)); \
	} while (0)

/* What /sys answers to a change of its shape: EPERM or EACCES, never ENOSYS. */
#define ASSERT_REFUSED(call) \
	do { \
		errno = 0; \
		long __r = (long)(call); \
		if (__r != -1 || (errno != EPERM && errno != EACCES)) \
			FAIL("%s returned %ld (%s), expected EPERM or EACCES", #call, __r, \
			     strerror(errno)); \
	} while (0)

/* Whether @prog is an executable file in $PATH. */
bool in_path(const char *prog);

/* Skip the test, saying why, unless FUSE, fusermount3 and root are here. */
void need_fuse(void);

/* Up to 64 KiB of @path, NUL-terminated (empty if unreadable); free() it. */
char *read_file(const char *path);

/* @rel below DIR/sys in @buf (512 bytes): use SYS(). */
char *sys_path(const struct ldmd *d, const char *rel, char *buf);
char *proc_path(const struct ldmd *d, const char *rel, char *buf);

/* How many mounts /proc/self/mountinfo shows at @path. */
int mounts_at(const char *path);

/* A fresh temporary root (mode 0755) in @d; nothing started. */
void make_root(struct ldmd *d);

/* Check nothing is mounted at DIR/sys and DIR/dev, then remove the root. */
void remove_root(struct ldmd *d);

/* Start ldmd [--foreground] --root ROOT ARGS..., stdout to a pipe, stderr to the log. */
pid_t spawn_ldmd(struct ldmd *d, bool foreground, const char *const args[]);

/* Milliseconds until @deadline (CLOCK_MONOTONIC), negative once past. */
long ms_left(const struct timespec *deadline);

/* @deadline := now + @seconds. */
void deadline_in(struct timespec *deadline, int seconds);

/* Read ldmd's stdout until "ldmd: ready", within WAIT_SECONDS. */
void wait_ready(struct ldmd *d);

/* Start ldmd --foreground on a new root with @args, and wait until it serves. */
void ldmd_up(struct ldmd *d, const char *const args[]);

/* The pid of ldmd's guardian (daemon/guardian.c), the child of its named "ldmd-guardian"; -1 if none. */
pid_t ldmd_guardian_pid(const struct ldmd *d);

/* Send @sig, wait within WAIT_SECONDS for ldmd to end; its wait status. */
int ldmd_signal(struct ldmd *d, int sig);

/* Stop with @sig: exit status 0 and nothing left mounted. */
void ldmd_stop(struct ldmd *d, int sig);

/* Stop with SIGTERM and remove the root. */
void ldmd_down(struct ldmd *d);

/* The contents of a file read with read(2) until EOF, or NULL with errno. */
char *cat(const char *path);

/* One write(2), as echo does: its result, or -errno. */
long echo(const char *path, const char *s, size_t len);

/* Whether readdir of @dir has @name (its d_type in *@type if not NULL). */
bool listed(const char *dir, const char *name, unsigned char *type);

/* How many entries readdir of @dir gives, . and .. included. */
int count_entries(const char *dir);

/* @path (lstat) has @mode, belongs to root, and has @size unless -1. */
void assert_mode(const char *path, mode_t mode, off_t size);

/* Wait within WAIT_SECONDS until @path exists. */
void wait_for_file(const struct ldmd *d, const char *path);

/* A connection to the socket DIR/@name of @d ("control", "uevent"). */
int ldmd_socket_connect(const struct ldmd *d, const char *name);

/* A connection to DIR/@name of @d made as user (and group) @uid. */
int ldmd_socket_connect_as(const struct ldmd *d, const char *name, uid_t uid);

/*
 * The reason ldmd gave for refusing the connection @fd, if it did (the 'r'
 * EAGAIN reply of DIR/control, or "ldm-refused@" of DIR/uevent), in @buf;
 * NULL if nothing is there to read.
 */
char *ldmd_socket_refusal(int fd, char *buf, size_t size);

/*
 * Wait until ldmd has taken or refused each of the @n uevent listeners
 * @fds, which have read nothing yet, with sync devices added and removed
 * over the control connection @ctl (no sleep): a refused one's reason goes
 * to @why[i] ("" for one taken; @why NULL: none may be refused), and each
 * taken one has read up to the last sync event, so that the next event it
 * gets is the test's.
 */
void ldmd_uevent_settle(int ctl, const int *fds, int n, char (*why)[256]);
ssize_t ldmd_next_event(int fd, char *buf, size_t size);

/* A connection to DIR/control of @d. */
int ldmd_control_connect(const struct ldmd *d);

/*
 * Send one request of @len bytes on @fd, with @nfds descriptors (SCM_RIGHTS),
 * and read its reply to the end; the errno of the end (0: success), with
 * the cause ldmd gave in @why (@size bytes; may be NULL).
 */
int ldmd_control_request(int fd, const void *req, size_t len, const int *fds, int nfds, char *why,
			 size_t size);

/* Skip unless this process may make the namespaces ldm exec makes (unshare(2)). */
void need_namespaces(void);

/* Run "ldm --root DIR exec -- @prog" with @env before it; its status, its output (and stderr) in @out. */
int ldm_exec(const struct ldmd *d, const char *env, const char *prog, char **out);

/* Run @prog under ldm exec with the build's preload; it must succeed; its output in @out. */
void exec_ok(const struct ldmd *d, const char *prog, char **out);

/* Run "ldm --root DIR @args"; its status, its output (and stderr) in @out. */
int ldm_run_verb(const struct ldmd *d, const char *args, char **out);

#endif /* _LDMD_UTIL_H */
