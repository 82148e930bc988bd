// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preload.c - libldm-preload.so, which `ldm exec` preloads into a program:
 * an ioctl on a node of ldmd's DIR/dev reaches the driver whatever its
 * argument, forwarded through ldmd's control socket.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ldmd/control.h>

#include "ldmd-client.h"
#include "preload.h"

/**
 * DOC: how preload.c works
 *
 * FUSE passes to a node of DIR/dev only the ioctls it can copy by their
 * number: _IOW and _IOR commands with a buffer of _IOC_SIZE bytes. A
 * command whose argument is a value (uinput's UI_SET_EVBIT), an _IOR
 * command given no buffer, or one whose structure holds addresses of more
 * memory (i2c-dev's I2C_RDWR) cannot pass; CUSE, which would lift this, is
 * not in every kernel. So ioctl() is wrapped: on a descriptor whose file is
 * on ldmd's DIR/dev mount ($LDM_ROOT/dev, which `ldm exec` sets), it asks
 * ldmd for the open file's id (an ioctl FUSE does pass, LDMD_IOC_FILE_ID)
 * and sends the command and its argument, as they are, in the request
 * "ioctl" on the control socket; ldmd runs the driver's ioctl with this
 * process's memory as user space (process_vm_readv/writev), as a kernel
 * would. Every other descriptor goes to the C library's ioctl untouched,
 * and so do the commands the kernel serves for every file before the
 * driver (FIONBIO, FIOCLEX, FIONCLEX); FIOASYNC is O_ASYNC, as fcntl.c
 * sets it.
 *
 * Connections. Each forwarded ioctl takes an idle connection of the
 * process's pool, or opens one, and uses it alone: a thread asleep in a
 * driver's ioctl holds only its own connection, and the others go on.
 * Connections are kept for the next calls (as many as ever ran at once,
 * at most POOL_MAX); one that ldmd dropped while idle is replaced once.
 * When ldmd refuses one more (a user has few clients) a call waits for
 * one of the process's to come back. A child of fork starts with an empty
 * pool: the parent's connections name the parent. A forwarded ioctl is
 * not interrupted by the caller's signals: it ends when the driver
 * returns, or when ldmd stops.
 *
 * Setup. What the wrappers look up once (the C library's functions, the
 * mount's device, $LDM_ROOT) is set up by the first of them to run, under
 * pthread_once().
 */

#define POOL_MAX 64

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static struct ldm_preload_libc libc;
static char root[PATH_MAX]; /* $LDM_ROOT, or "" */
static dev_t node_dev;	    /* the device of $LDM_ROOT/dev, 0 when there is none */

static struct {
	pthread_mutex_t lock;
	pthread_cond_t back; /* a connection went idle, or was closed */
	int fds[POOL_MAX];   /* every connection open, idle or not */
	bool busy[POOL_MAX]; /* in use by a call */
	unsigned int n;	     /* in @fds */
} pool = { .lock = PTHREAD_MUTEX_INITIALIZER, .back = PTHREAD_COND_INITIALIZER };

static void pool_prepare(void)
{
	pthread_mutex_lock(&pool.lock);
}

static void pool_parent(void)
{
	pthread_mutex_unlock(&pool.lock);
}

/* In the child of fork: the parent's connections are the parent's. */
static void pool_child(void)
{
	unsigned int i;

	for (i = 0; i < pool.n; i++)
		close(pool.fds[i]);
	pool.n = 0;
	pthread_mutex_init(&pool.lock, NULL);
	pthread_cond_init(&pool.back, NULL);
}

#define LOOKUP(name) (libc.name = (__typeof__(libc.name))dlsym(RTLD_NEXT, #name))

static void setup(void)
{
	const char *r = getenv("LDM_ROOT");
	char path[PATH_MAX + 8];
	struct stat st;

	LOOKUP(ioctl);
	LOOKUP(fcntl);
	LOOKUP(fcntl64);
	LOOKUP(open);
	LOOKUP(open64);
	LOOKUP(openat);
	LOOKUP(openat64);
	LOOKUP(__open_2);
	LOOKUP(__open64_2);
	LOOKUP(__openat_2);
	LOOKUP(__openat64_2);
	LOOKUP(fopen);
	LOOKUP(fopen64);
	LOOKUP(stat);
	LOOKUP(lstat);
	LOOKUP(fstat);
	LOOKUP(fstatat);
	LOOKUP(stat64);
	LOOKUP(lstat64);
	LOOKUP(fstat64);
	LOOKUP(fstatat64);
	LOOKUP(statx);
	LOOKUP(mkdirat);
	LOOKUP(symlinkat);
	LOOKUP(renameat2);
	LOOKUP(unlinkat);
	if (r && *r && strlen(r) < sizeof(root)) {
		strcpy(root, r);
		snprintf(path, sizeof(path), "%s/dev", root);
		if (!libc.stat(path, &st))
			node_dev = st.st_dev;
	}
	pthread_atfork(pool_prepare, pool_parent, pool_child);
}

/** ldm_preload_libc - the C library's functions the library wraps */
const struct ldm_preload_libc *ldm_preload_libc(void)
{
	pthread_once(&setup_once, setup);
	return &libc;
}

/** ldm_preload_root - ldmd's root ($LDM_ROOT), or "" when there is none */
const char *ldm_preload_root(void)
{
	pthread_once(&setup_once, setup);
	return root;
}

/**
 * ldm_preload_is_node - whether a descriptor is a node of ldmd's DIR/dev
 * @fd: the descriptor
 */
bool ldm_preload_is_node(int fd)
{
	struct stat st;

	pthread_once(&setup_once, setup);
	return node_dev && !libc.fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_dev == node_dev;
}

/** ldm_preload_node_dev - the device of ldmd's DIR/dev mount, 0 when there is none */
dev_t ldm_preload_node_dev(void)
{
	pthread_once(&setup_once, setup);
	return node_dev;
}

/*
 * Let ldmd, at the other end of @sock, at this process's memory: under
 * Yama's ptrace_scope 1 only an ancestor may use process_vm_readv on a
 * process that has not named it. Without Yama the call fails, harmlessly.
 */
static void allow_ldmd(int sock)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);

	if (!getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &cred, &len) && cred.pid > 0)
		prctl(PR_SET_PTRACER, (unsigned long)cred.pid, 0, 0, 0);
}

/* The slot of @fd in the pool; under its lock. */
static unsigned int pool_slot(int fd)
{
	unsigned int i;

	for (i = 0; i < pool.n && pool.fds[i] != fd; i++)
		;
	return i;
}

/*
 * A connection of this process's for one call, idle (*@reused) or new;
 * with @wait (ldmd refused a new one), or when the pool is full, one that
 * comes back. A negative errno when ldmd cannot be reached, or refuses,
 * and none of ours is open.
 */
static int conn_get(bool wait, bool *reused)
{
	unsigned int i;
	int fd;

	pthread_mutex_lock(&pool.lock);
	for (;;) {
		for (i = 0; i < pool.n && pool.busy[i]; i++)
			;
		if (i < pool.n) {
			pool.busy[i] = true;
			*reused = true;
			fd = pool.fds[i];
			break;
		}
		if (!wait && pool.n < POOL_MAX) {
			pthread_mutex_unlock(&pool.lock);
			fd = ctl_open(root, CONTROL_SOCKET);
			pthread_mutex_lock(&pool.lock);
			if (fd >= 0) {
				allow_ldmd(fd);
				pool.fds[pool.n] = fd;
				pool.busy[pool.n++] = true;
				*reused = false;
				break;
			}
			if (!pool.n)
				break;
		}
		if (!pool.n) { /* refused, and none of ours to wait for */
			fd = -EAGAIN;
			break;
		}
		pthread_cond_wait(&pool.back, &pool.lock);
	}
	pthread_mutex_unlock(&pool.lock);
	return fd;
}

/* Give @fd back to the pool, or close it (@broken: ldmd went away from it). */
static void conn_put(int fd, bool broken)
{
	unsigned int i;

	pthread_mutex_lock(&pool.lock);
	i = pool_slot(fd);
	if (broken && i < pool.n) {
		close(fd);
		pool.fds[i] = pool.fds[--pool.n];
		pool.busy[i] = pool.busy[pool.n];
	} else if (i < pool.n) {
		pool.busy[i] = false;
	}
	pthread_cond_signal(&pool.back);
	pthread_mutex_unlock(&pool.lock);
}

/* Whether ldmd refused a new client (too many of this user's): EAGAIN, said why. */
static bool refused(const struct ctl_result *res)
{
	return res->error == EAGAIN && res->why[0];
}

/*
 * @fields, sent on a connection of the pool: 0 with the reply in @res,
 * or a negative errno when ldmd cannot be reached.
 */
static int call(const char *const fields[], int nfields, struct ctl_result *res)
{
	bool reused, wait = false;
	int fd, error, tries = 0;

	for (;;) {
		fd = conn_get(wait, &reused);
		if (fd < 0)
			return fd;
		error = ctl_call(fd, fields, nfields, -1, res);
		if (!error && !(refused(res) && !reused)) {
			conn_put(fd, false);
			return 0;
		}
		conn_put(fd, true);
		if (!error) { /* refused: wait for one of ours */
			ctl_result_free(res);
			wait = true;
			continue;
		}
		/* A connection ldmd dropped while it was idle is replaced, once. */
		if (!reused || tries++)
			return error;
		wait = false;
	}
}

/**
 * ldm_preload_forward - run a command of a node's driver through ldmd
 * @fd: the node
 * @request: the command
 * @arg: its argument, as the caller gave it
 *
 * Return: the driver's return, or -1 and errno.
 */
int ldm_preload_forward(int fd, unsigned long request, void *arg)
{
	char id_s[24], cmd_s[24], arg_s[24];
	const char *fields[] = { "ioctl", id_s, cmd_s, arg_s };
	unsigned long long id;
	struct ctl_result res;
	int error, ret = -1;

	if (ldm_preload_libc()->ioctl(fd, LDMD_IOC_FILE_ID, &id))
		return -1;
	snprintf(id_s, sizeof(id_s), "%llu", id);
	snprintf(cmd_s, sizeof(cmd_s), "%lu", request & 0xffffffffUL);
	snprintf(arg_s, sizeof(arg_s), "%lu", (unsigned long)arg);
	error = call(fields, 4, &res);
	if (error) { /* ldmd went away; its nodes with it */
		errno = -error == ENOENT || -error == ECONNREFUSED ? ENODEV : -error;
		return -1;
	}
	if (res.error)
		errno = res.error;
	else
		ret = res.out ? atoi(res.out) : 0;
	ctl_result_free(&res);
	return ret;
}

/* The commands the kernel serves for every file, before any driver (and ldmd's). */
static bool kernels(unsigned long request)
{
	return request == FIONBIO || request == FIOCLEX || request == FIONCLEX ||
	       request == LDMD_IOC_FILE_ID;
}

/**
 * ioctl - the C library's ioctl, but for the nodes of ldmd's DIR/dev
 * @fd: the descriptor
 * @request: the command
 *
 * Return: as ioctl(2).
 */
int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!ldm_preload_is_node(fd) || kernels(request))
		return ldm_preload_libc()->ioctl(fd, request, arg);
	if (request == FIOASYNC)
		return arg ? ldm_preload_set_async(fd, *(int *)arg) : (errno = EFAULT, -1);
	return ldm_preload_forward(fd, request, arg);
}
