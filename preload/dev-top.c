// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dev-top.c - a new name at the top of /dev, under `ldm exec`, is made in
 * ldmd's DIR/dev: udevd's /dev/char, /dev/disk, a SYMLINK+="my-link", as
 * they last on a machine for every later program.
 *
 * The namespace's /dev is a tmpfs holding the machine's null, tty, pts...
 * and a link /dev/NAME for each entry at the top of DIR/dev (sandbox.c,
 * udev-forward.c): what is made inside /dev/input goes through that link
 * into DIR/dev, but a name new at the top would stay in the tmpfs and go
 * with the namespace. So mkdir, symlink, rename, unlink and rmdir of an
 * absolute "/dev/NAME" (one name; not the machine's, not a dot-name of
 * ldm exec's) are made in $LDM_ROOT/dev/NAME, and the namespace's /dev
 * then gets its link: a link to ldmd's directory, or for a link a copy of
 * it (the same target, which resolves alike in /dev, so that udevd reading
 * its link back finds the node it wrote). Where DIR/dev refuses (a user,
 * not root in ldmd's terms), the call is made as asked, in the tmpfs.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "preload.h"

/* The names of the namespace's /dev that are the machine's, or ldm exec's. */
static const char *const machine_names[] = { "null", "zero",  "full",	"random", "urandom",
					     "tty",  "pts",   "shm",	"log",	  "ptmx",
					     "fd",   "stdin", "stdout", "stderr" };

/* The C library's renameat2(), or the system call where it has none (before 2.28). */
static int real_renameat2(int olddirfd, const char *old, int newdirfd, const char *new,
			  unsigned int flags)
{
	const struct ldm_preload_libc *c = ldm_preload_libc();

	if (c->renameat2)
		return c->renameat2(olddirfd, old, newdirfd, new, flags);
	return (int)syscall(SYS_renameat2, olddirfd, old, newdirfd, new, flags);
}

/* Whether /dev/@name is the machine's in the namespaces of ldm exec (sandbox.c). */
static bool machine_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(machine_names) / sizeof(machine_names[0]); i++)
		if (!strcmp(name, machine_names[i]))
			return true;
	return false;
}

/* NAME of "/dev/NAME", if the call on it is DIR/dev's to take; else NULL. */
static const char *top_name(int dirfd, const char *path)
{
	const char *name;

	(void)dirfd; /* an absolute path ignores it */
	if (!path || strncmp(path, "/dev/", 5) || !*ldm_preload_root())
		return NULL;
	name = path + 5;
	if (!*name || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..") ||
	    !strncmp(name, ".ldm", 4) || machine_name(name))
		return NULL;
	return name;
}

static void ldmd_path(const char *name, char *buf, size_t size)
{
	snprintf(buf, size, "%s/dev/%s", ldm_preload_root(), name);
}

/* Whether DIR/dev refused the call: it is then made as asked. */
static bool refused(int error)
{
	return error == EACCES || error == EPERM || error == EROFS || error == ENOSPC;
}

/*
 * Give /dev/@name what DIR/dev/@name is: a link to it (a directory or a
 * node) or a copy of it (a link), replacing what /dev/@name was.
 */
static void mirror(const char *name)
{
	char target[PATH_MAX], path[PATH_MAX], tmp[PATH_MAX], src[PATH_MAX];
	const struct ldm_preload_libc *c = ldm_preload_libc();
	ssize_t n;

	ldmd_path(name, src, sizeof(src));
	snprintf(path, sizeof(path), "/dev/%s", name);
	snprintf(tmp, sizeof(tmp), "/dev/.ldm-new-%s", name);
	n = readlink(src, target, sizeof(target) - 1);
	if (n >= 0)
		target[n] = '\0';
	else
		snprintf(target, sizeof(target), "%s", src);
	c->unlinkat(AT_FDCWD, tmp, 0);
	if (!c->symlinkat(target, AT_FDCWD, tmp) &&
	    real_renameat2(AT_FDCWD, tmp, AT_FDCWD, path, 0))
		c->unlinkat(AT_FDCWD, tmp, 0);
}

/* Whether /dev/@name stands for DIR/dev/@name (mirror() made it, or the forwarder). */
static bool mirrors(const char *name)
{
	char a[PATH_MAX], b[PATH_MAX], path[PATH_MAX], src[PATH_MAX];
	ssize_t n, m;

	snprintf(path, sizeof(path), "/dev/%s", name);
	ldmd_path(name, src, sizeof(src));
	n = readlink(path, a, sizeof(a) - 1);
	if (n < 0)
		return false;
	a[n] = '\0';
	if (!strcmp(a, src))
		return true;
	m = readlink(src, b, sizeof(b) - 1);
	return m == n && !memcmp(a, b, (size_t)n);
}

static bool exists(const char *path)
{
	struct stat st;

	return !ldm_preload_libc()->lstat(path, &st);
}

/* mkdirat(), or with @target symlinkat(), as the C library makes it. */
static int make(const char *target, int dirfd, const char *path, mode_t mode)
{
	const struct ldm_preload_libc *c = ldm_preload_libc();

	return target ? c->symlinkat(target, dirfd, path) : c->mkdirat(dirfd, path, mode);
}

/*
 * A directory (@target NULL) or a link at @path: in DIR/dev if it is a
 * new name at the top of /dev, mirrored in /dev; else, or where DIR/dev
 * refuses, as asked.
 */
static int make_at_top(const char *target, int dirfd, const char *path, mode_t mode)
{
	const char *name = top_name(dirfd, path);
	char src[PATH_MAX];
	int saved = errno;

	if (!name || exists(path))
		return make(target, dirfd, path, mode);
	ldmd_path(name, src, sizeof(src));
	if (make(target, AT_FDCWD, src, mode)) {
		if (refused(errno)) {
			errno = saved;
			return make(target, dirfd, path, mode);
		}
		if (errno == EEXIST)
			mirror(name); /* another namespace made it */
		return -1;
	}
	mirror(name);
	return 0;
}

int mkdirat(int dirfd, const char *path, mode_t mode)
{
	return make_at_top(NULL, dirfd, path, mode);
}

int mkdir(const char *path, mode_t mode)
{
	return make_at_top(NULL, AT_FDCWD, path, mode);
}

int symlinkat(const char *target, int dirfd, const char *path)
{
	return make_at_top(target, dirfd, path, 0);
}

int symlink(const char *target, const char *path)
{
	return make_at_top(target, AT_FDCWD, path, 0);
}

int renameat2(int olddirfd, const char *old, int newdirfd, const char *new, unsigned int flags)
{
	const struct ldm_preload_libc *c = ldm_preload_libc();
	const char *from = top_name(olddirfd, old), *to = top_name(newdirfd, new);
	char src[PATH_MAX], dst[PATH_MAX];

	if (!from || !to || !mirrors(from) || (exists(new) && !mirrors(to)))
		return real_renameat2(olddirfd, old, newdirfd, new, flags);
	ldmd_path(from, src, sizeof(src));
	ldmd_path(to, dst, sizeof(dst));
	if (real_renameat2(AT_FDCWD, src, AT_FDCWD, dst, flags))
		return -1;
	mirror(to);
	c->unlinkat(AT_FDCWD, old, 0);
	return 0;
}

int renameat(int olddirfd, const char *old, int newdirfd, const char *new)
{
	return renameat2(olddirfd, old, newdirfd, new, 0);
}

int rename(const char *old, const char *new)
{
	return renameat2(AT_FDCWD, old, AT_FDCWD, new, 0);
}

int unlinkat(int dirfd, const char *path, int flags)
{
	const struct ldm_preload_libc *c = ldm_preload_libc();
	const char *name = top_name(dirfd, path);
	char src[PATH_MAX];

	if (!name || !mirrors(name))
		return c->unlinkat(dirfd, path, flags);
	ldmd_path(name, src, sizeof(src));
	if (c->unlinkat(AT_FDCWD, src, flags & AT_REMOVEDIR))
		return -1;
	c->unlinkat(AT_FDCWD, path, 0); /* the namespace's link to it */
	return 0;
}

int unlink(const char *path)
{
	return unlinkat(AT_FDCWD, path, 0);
}

int rmdir(const char *path)
{
	return unlinkat(AT_FDCWD, path, AT_REMOVEDIR);
}
