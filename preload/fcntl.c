// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl.c - O_ASYNC on a node of ldmd's DIR/dev: FUSE keeps the flag but
 * never tells the file, so the driver's fasync method would not run and
 * its kill_fasync() would signal nobody. Setting or clearing O_ASYNC with
 * fcntl(F_SETFL) on a node is forwarded first (LDMD_IOC_FASYNC): ldmd
 * makes this process the file's owner and calls the driver's fasync.
 * The owner is always the process that sets the flag (F_SETOWN to
 * another process is not carried), and the signal is SIGIO.
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

/* F_SETFL through @fn, with the driver told first of a change of O_ASYNC. */
static int set_flags(fcntl_fn fn, int fd, long flags)
{
	int old = fn(fd, F_GETFL);

	if (old >= 0 && ((old ^ flags) & O_ASYNC) && ldm_preload_is_node(fd) &&
	    ldm_preload_forward(fd, LDMD_IOC_FASYNC, (void *)(uintptr_t) !!(flags & O_ASYNC)) < 0)
		return -1;
	return fn(fd, F_SETFL, flags);
}

/* Every command's argument is passed on as a long: an int, or an address. */
static int wrapped(fcntl_fn fn, int fd, int cmd, long arg)
{
	if (cmd == F_SETFL)
		return set_flags(fn, fd, arg);
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
