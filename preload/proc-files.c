// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * proc-files.c - the /proc files ldmd serves that the machine's /proc
 * lacks, for a program `ldm exec` runs: a kernel without loadable modules
 * has no /proc/modules, and procfs takes no bind mount over a file it does
 * not have, so the sandbox cannot put ldmd's there (sandbox.c binds the
 * others). Opening /proc/PATH that does not exist opens $LDM_ROOT/proc/PATH
 * instead, where ldmd serves it; every other path is left alone.
 *
 * Built without _FILE_OFFSET_BITS: each of open and open64 (and the others)
 * is wrapped under its own name.
 */
#undef _FILE_OFFSET_BITS
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ldmd's file for @path when the machine has none, in @buf; else @path. */
static const char *proc_file(const char *path, char *buf, size_t size)
{
	const char *root = getenv("LDM_ROOT");
	int saved = errno;

	if (!path || !root || strncmp(path, "/proc/", 6) || strstr(path, "/.."))
		return path;
	if (!access(path, F_OK) || errno != ENOENT) {
		errno = saved;
		return path;
	}
	if (snprintf(buf, size, "%s%s", root, path) >= (int)size || access(buf, F_OK))
		buf = NULL;
	errno = saved;
	return buf ? buf : path;
}

/* The C library's function of @name. */
static void *next(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

/* The mode argument, which open and openat take only to create a file. */
#define TAKE_MODE(flags, ap, last, mode) \
	do { \
		if ((flags) & (O_CREAT | O_TMPFILE)) { \
			va_start(ap, last); \
			mode = (mode_t)va_arg(ap, int); \
			va_end(ap); \
		} \
	} while (0)

int open(const char *path, int flags, ...)
{
	int (*fn)(const char *, int, ...) = next("open");
	char buf[PATH_MAX];
	mode_t mode = 0;
	va_list ap;

	TAKE_MODE(flags, ap, flags, mode);
	return fn(proc_file(path, buf, sizeof(buf)), flags, mode);
}

int open64(const char *path, int flags, ...)
{
	int (*fn)(const char *, int, ...) = next("open64");
	char buf[PATH_MAX];
	mode_t mode = 0;
	va_list ap;

	TAKE_MODE(flags, ap, flags, mode);
	return fn(proc_file(path, buf, sizeof(buf)), flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	int (*fn)(int, const char *, int, ...) = next("openat");
	char buf[PATH_MAX];
	mode_t mode = 0;
	va_list ap;

	TAKE_MODE(flags, ap, flags, mode);
	return fn(dirfd, proc_file(path, buf, sizeof(buf)), flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	int (*fn)(int, const char *, int, ...) = next("openat64");
	char buf[PATH_MAX];
	mode_t mode = 0;
	va_list ap;

	TAKE_MODE(flags, ap, flags, mode);
	return fn(dirfd, proc_file(path, buf, sizeof(buf)), flags, mode);
}

FILE *fopen(const char *path, const char *how)
{
	FILE *(*fn)(const char *, const char *) = next("fopen");
	char buf[PATH_MAX];

	return fn(proc_file(path, buf, sizeof(buf)), how);
}

FILE *fopen64(const char *path, const char *how)
{
	FILE *(*fn)(const char *, const char *) = next("fopen64");
	char buf[PATH_MAX];

	return fn(proc_file(path, buf, sizeof(buf)), how);
}
