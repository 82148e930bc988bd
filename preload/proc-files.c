// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * proc-files.c - the /proc files ldmd serves that the machine's /proc
 * lacks, for a program `ldm exec` runs: a kernel without loadable modules
 * has no /proc/modules, and procfs takes no bind mount over a file it does
 * not have, so the sandbox cannot put ldmd's there (sandbox.c binds the
 * others). Opening /proc/PATH that does not exist opens $LDM_ROOT/proc/PATH
 * instead, where ldmd serves it; every other path is left alone.
 *
 * Every way the C library opens a path by name is wrapped: open, openat,
 * fopen, their 64-bit names, and the fortified __open_2, __open64_2,
 * __openat_2 and __openat64_2 that a program built with _FORTIFY_SOURCE
 * calls instead of open and openat (Debian builds with it). Built without
 * _FILE_OFFSET_BITS: each is wrapped under its own name.
 */
#undef _FILE_OFFSET_BITS
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "preload.h"

/* ldmd's file for @path when the machine has none, in @buf; else @path. */
static const char *proc_file(const char *path, char *buf, size_t size)
{
	const char *root = ldm_preload_root();
	int saved = errno;

	if (!path || !*root || strncmp(path, "/proc/", 6) || strstr(path, "/.."))
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

/* glibc declares the fortified opens only to a program built with _FORTIFY_SOURCE. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);

#define UNPAREN(...) __VA_ARGS__

/*
 * WRAP_OPEN(name, (parameters before the path), (their names)): @name,
 * which takes a mode only to create a file, calls the C library's @name
 * with the path rewritten.
 */
#define WRAP_OPEN(name, before, pass) \
	int name(UNPAREN before const char *path, int flags, ...) \
	{ \
		char buf[PATH_MAX]; \
		mode_t mode = 0; \
		va_list ap; \
\
		if (flags & (O_CREAT | O_TMPFILE)) { \
			va_start(ap, flags); \
			mode = (mode_t)va_arg(ap, int); \
			va_end(ap); \
		} \
		return ldm_preload_libc()->name(UNPAREN pass proc_file(path, buf, sizeof(buf)), \
						flags, mode); \
	}

/* The same for a fortified open, which takes no mode, and for fopen. */
#define WRAP_PATH(type, name, before, pass, last_type, last) \
	type name(UNPAREN before const char *path, last_type last) \
	{ \
		char buf[PATH_MAX]; \
\
		return ldm_preload_libc()->name(UNPAREN pass proc_file(path, buf, sizeof(buf)), \
						last); \
	}

WRAP_OPEN(open, (), ())
WRAP_OPEN(open64, (), ())
WRAP_OPEN(openat, (int dirfd, ), (dirfd, ))
WRAP_OPEN(openat64, (int dirfd, ), (dirfd, ))
WRAP_PATH(int, __open_2, (), (), int, flags)
WRAP_PATH(int, __open64_2, (), (), int, flags)
WRAP_PATH(int, __openat_2, (int dirfd, ), (dirfd, ), int, flags)
WRAP_PATH(int, __openat64_2, (int dirfd, ), (dirfd, ), int, flags)
WRAP_PATH(FILE *, fopen, (), (), const char *, how)
WRAP_PATH(FILE *, fopen64, (), (), const char *, how)
