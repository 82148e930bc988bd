// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl.c - what fcntl(2) does to a node of ldmd's DIR/dev that FUSE does
 * not tell the file of: O_ASYNC (F_SETFL, and FIOASYNC through
 * preload.c), F_SETOWN and F_SETSIG. Each is forwarded to ldmd first
 * (LDMD_IOC_FASYNC, _SETOWN, _SETSIG), where the driver's fasync method
 * runs and the owner is named, then done by the C library as well, so
 * that F_GETOWN and F_GETSIG answer as the kernel keeps them; F_GETFL
 * takes O_ASYNC from ldmd's file (LDMD_IOC_GETFL), since the kernel keeps
 * none for a file of FUSE.
 * As in 2.6.9 a file has no owner until F_SETOWN names one (any process,
 * or a process group), and the driver's kill_fasync() signals it with
 * SIGIO, or the signal F_SETSIG chose.
 *
 * Built without _FILE_OFFSET_BITS: fcntl and fcntl64 are each wrapped
 * under its own name.
 */
#undef _FILE_OFFSET_BITS
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <ldmd/control.h>

#include "preload.h"

typedef int (*fcntl_fn)(int fd, int cmd, ...);

/*
 * F_SETFL through @fn, with the driver told first of O_ASYNC: the kernel
 * keeps no O_ASYNC for a FUSE file, so ldmd's file says whether it
 * changed (the driver's fasync runs only then).
 */
static int set_flags(fcntl_fn fn, int fd, long flags)
{
	uintptr_t arg = ((uintptr_t)fd << 1) | !!(flags & O_ASYNC);

	if (ldm_preload_is_node(fd) && ldm_preload_forward(fd, LDMD_IOC_FASYNC, (void *)arg) < 0)
		return -1;
	return fn(fd, F_SETFL, flags);
}

/* F_GETFL through @fn, with O_ASYNC as ldmd's file has it for a node. */
static int get_flags(fcntl_fn fn, int fd)
{
	int flags = fn(fd, F_GETFL), theirs;

	if (flags < 0 || !ldm_preload_is_node(fd))
		return flags;
	theirs = ldm_preload_forward(fd, LDMD_IOC_GETFL, NULL);
	return theirs < 0 ? flags : (flags & ~O_ASYNC) | (theirs & O_ASYNC);
}

/**
 * ldm_preload_set_async - O_ASYNC on or off for a node, as FIOASYNC
 * @fd: the node
 * @on: non-zero for on
 *
 * Return: 0, or -1 and errno.
 */
int ldm_preload_set_async(int fd, int on)
{
	fcntl_fn fn = ldm_preload_libc()->fcntl;
	int flags = get_flags(fn, fd);

	if (flags < 0)
		return -1;
	return set_flags(fn, fd, on ? flags | O_ASYNC : flags & ~O_ASYNC);
}

/* F_SETOWN or F_SETSIG: ldmd's file first, then the kernel's. */
static int set_owner(fcntl_fn fn, int fd, int cmd, long arg)
{
	unsigned long what = cmd == F_SETOWN ? LDMD_IOC_SETOWN : LDMD_IOC_SETSIG;

	if (ldm_preload_is_node(fd) && ldm_preload_forward(fd, what, (void *)arg) < 0)
		return -1;
	return fn(fd, cmd, arg);
}

/* Every command's argument is passed on as a long: an int, or an address. */
static int wrapped(fcntl_fn fn, int fd, int cmd, long arg)
{
	if (cmd == F_SETFL)
		return set_flags(fn, fd, arg);
	if (cmd == F_GETFL)
		return get_flags(fn, fd);
	if (cmd == F_SETOWN || cmd == F_SETSIG)
		return set_owner(fn, fd, cmd, arg);
	return fn(fd, cmd, arg);
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	return wrapped(ldm_preload_libc()->fcntl, fd, cmd, arg);
}

int fcntl64(int fd, int cmd, ...)
{
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	return wrapped(ldm_preload_libc()->fcntl64, fd, cmd, arg);
}
