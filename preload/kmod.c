// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kmod.c - the module system calls of a program under `ldm exec`, for
 * ldmd: init_module(), finit_module() and delete_module(), as kmod's
 * insmod, modprobe and rmmod make them (glibc's init_module and
 * delete_module, and syscall(SYS_finit_module, ...)), load and unload
 * modules of ldmd's runtime, never of the machine's kernel.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <ldmd/control.h>

#include "ldmd-client.h"

/**
 * DOC: how kmod.c works
 *
 * Each call is one request on a connection of its own to ldmd's control
 * socket ($LDM_ROOT/control): "insmod" with the module's file passed as
 * a descriptor (finit_module's own; init_module's image written first to a
 * memfd, a regular file as ldmd wants), "rmmod" NAME ["force"] for
 * delete_module (O_TRUNC is force; ldmd never waits, as O_NONBLOCK). ldmd
 * runs them as the kernel runs the system calls, the license rule
 * included, and its error is the call's errno, which kmod reports as on a
 * machine: ENOEXEC "Invalid module format", EEXIST "Module already in
 * kernel" (kmod's words: "File exists"), ENOENT "Unknown symbol in module",
 * EPERM. What the load wrote to the kernel log is in ldmd's log
 * (`ldm dmesg`), as a kernel's is in dmesg. syscall() is wrapped for
 * finit_module, init_module and delete_module only; every other number
 * goes to the C library's syscall() untouched.
 */

/* glibc has these two, undeclared in its headers. */
int init_module(void *image, unsigned long len, const char *params);
int delete_module(const char *name, unsigned int flags);

/* The request @fields, with @fd passed; 0, or -1 with errno as the kernel's. */
static int module_request(const char *const fields[], int nfields, int fd)
{
	struct ctl_result res;
	int c, error;

	c = ctl_open(getenv("LDM_ROOT"), CONTROL_SOCKET);
	if (c < 0) {
		errno = ENOSYS; /* no ldmd: as a kernel without modules */
		return -1;
	}
	error = ctl_call(c, fields, nfields, fd, &res);
	close(c);
	if (error) {
		errno = -error;
		return -1;
	}
	error = res.error;
	ctl_result_free(&res);
	if (error) {
		errno = error;
		return -1;
	}
	return 0;
}

static int ldm_finit_module(int fd, const char *params, int flags)
{
	const char *fields[] = { "insmod", params ? params : "" };

	(void)flags; /* ldmd reads compressed modules itself, and checks no vermagic */
	return module_request(fields, 2, fd);
}

static int ldm_init_module(const void *image, unsigned long len, const char *params)
{
	const char *p = image;
	unsigned long done = 0;
	ssize_t n;
	int fd, ret;

	fd = memfd_create("ldm-module", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	while (done < len) {
		n = write(fd, p + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			errno = n < 0 ? errno : EIO;
			return -1;
		}
		done += (unsigned long)n;
	}
	ret = ldm_finit_module(fd, params, 0);
	n = errno;
	close(fd);
	errno = (int)n;
	return ret;
}

static int ldm_delete_module(const char *name, unsigned int flags)
{
	const char *fields[] = { "rmmod", name, "force" };

	if (!name) {
		errno = EFAULT;
		return -1;
	}
	return module_request(fields, flags & O_TRUNC ? 3 : 2, -1);
}

/**
 * init_module - glibc's init_module(2), for ldmd's runtime
 * @image: the module's image
 * @len: its size
 * @params: its parameters
 *
 * Return: 0, or -1 with errno.
 */
int init_module(void *image, unsigned long len, const char *params)
{
	return ldm_init_module(image, len, params);
}

/**
 * delete_module - glibc's delete_module(2), for ldmd's runtime
 * @name: the module
 * @flags: O_NONBLOCK, O_TRUNC (force)
 *
 * Return: 0, or -1 with errno.
 */
int delete_module(const char *name, unsigned int flags)
{
	return ldm_delete_module(name, flags);
}

/**
 * syscall - the C library's syscall(), with the module calls for ldmd
 * @number: the system call
 *
 * Return: as syscall(2).
 */
long syscall(long number, ...)
{
	static long (*real)(long, ...);
	long a[6];
	va_list ap;
	int i;

	va_start(ap, number);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	switch (number) {
	case SYS_finit_module:
		return ldm_finit_module((int)a[0], (const char *)a[1], (int)a[2]);
	case SYS_init_module:
		return ldm_init_module((const void *)a[0], (unsigned long)a[1], (const char *)a[2]);
	case SYS_delete_module:
		return ldm_delete_module((const char *)a[0], (unsigned int)a[1]);
	}
	if (!real)
		real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
	return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
