// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preload.c - libldm-preload.so, which `ldm exec` preloads into a program:
 * an ioctl on a node of ldmd's DIR/dev reaches the driver whatever its
 * argument, forwarded through ldmd's control socket.
 */
#include <dlfcn.h>
#include <errno.h>
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
 * would. Every other descriptor goes to the C library's ioctl untouched.
 *
 * One connection per process, opened at the first forwarded ioctl, used
 * under a lock (a child of fork opens its own). A forwarded ioctl is not
 * interrupted by the caller's signals: it ends when the driver returns, or
 * when ldmd stops.
 */

typedef int (*ioctl_fn)(int fd, unsigned long request, ...);

static pthread_mutex_t conn_lock = PTHREAD_MUTEX_INITIALIZER;
static int conn = -1;
static pid_t conn_pid;

static ioctl_fn real_ioctl(void)
{
	static ioctl_fn fn;

	if (!fn)
		fn = (ioctl_fn)dlsym(RTLD_NEXT, "ioctl");
	return fn;
}

/* The device of ldmd's DIR/dev mount, or 0 when there is none to forward to. */
static dev_t ldm_dev(void)
{
	static dev_t dev = (dev_t)-1;
	const char *root;
	char path[4096];
	struct stat st;

	if (dev != (dev_t)-1)
		return dev;
	root = getenv("LDM_ROOT");
	dev = 0;
	if (root && *root && snprintf(path, sizeof(path), "%s/dev", root) < (int)sizeof(path) &&
	    !stat(path, &st))
		dev = st.st_dev;
	return dev;
}

/* Whether @fd is a node of ldmd's DIR/dev. */
bool ldm_preload_is_node(int fd)
{
	struct stat st;
	dev_t dev = ldm_dev();

	return dev && !fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_dev == dev;
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

/* The connection to ldmd's control socket, this process's own; under conn_lock. */
static int connection(void)
{
	if (conn >= 0 && conn_pid == getpid())
		return conn;
	if (conn >= 0)
		close(conn); /* the parent's, inherited across fork */
	conn = ctl_open(getenv("LDM_ROOT"), CONTROL_SOCKET);
	conn_pid = getpid();
	if (conn >= 0)
		allow_ldmd(conn);
	return conn;
}

/* The command, run by ldmd for this process; the driver's return, or -1 and errno. */
int ldm_preload_forward(int fd, unsigned long request, void *arg)
{
	char id_s[24], cmd_s[24], arg_s[24];
	const char *fields[] = { "ioctl", id_s, cmd_s, arg_s };
	unsigned long long id;
	struct ctl_result res;
	int c, error, ret = -1;

	if (real_ioctl()(fd, LDMD_IOC_FILE_ID, &id))
		return -1;
	snprintf(id_s, sizeof(id_s), "%llu", id);
	snprintf(cmd_s, sizeof(cmd_s), "%lu", request & 0xffffffffUL);
	snprintf(arg_s, sizeof(arg_s), "%lu", (unsigned long)arg);
	pthread_mutex_lock(&conn_lock);
	c = connection();
	error = c < 0 ? c : ctl_call(c, fields, 4, -1, &res);
	if (error && c >= 0) { /* ldmd went away; its nodes with it */
		close(conn);
		conn = -1;
	}
	pthread_mutex_unlock(&conn_lock);
	if (error) {
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
	if (request != LDMD_IOC_FILE_ID && ldm_preload_is_node(fd))
		return ldm_preload_forward(fd, request, arg);
	return real_ioctl()(fd, request, arg);
}
