// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stat.c - a node of ldmd's DIR/dev is a character device to a program
 * `ldm exec` runs, as a node of a machine's /dev is: stat, lstat, fstat,
 * fstatat and statx give it S_IFCHR and its device number (st_rdev).
 *
 * FUSE makes no character devices without CUSE, and one it made would
 * open the machine's device of that number: so the nodes are regular
 * files of the mount (docs/ldmd-dev.md), and libudev, which takes a node
 * by its number (sd_device_new_from_devname(): `udevadm info
 * /dev/input/event0`, udevd's handling of OWNER and MODE), found none. A
 * node's inode number is its device number + 2, the runtime's (a 20-bit
 * minor), so nothing is asked of ldmd. Only the answer for a regular file
 * of the mount's device ($LDM_ROOT/dev) below the ids of directories is
 * changed; every other file is left alone. Built without
 * _FILE_OFFSET_BITS: each is wrapped under its own name.
 */
#undef _FILE_OFFSET_BITS
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "preload.h"

#define NODE_INO_END ((unsigned long long)1 << 61) /* clients' entries and directories */

/* @mode, @ino, @dev of a file: its mode and number as a node, if it is one. */
static bool node_of(unsigned long long dev, unsigned long long ino, mode_t *mode, dev_t *rdev)
{
	dev_t node = ldm_preload_node_dev();
	unsigned long long n;

	if (!node || dev != node || !S_ISREG(*mode) || ino < 2 || ino >= NODE_INO_END)
		return false;
	n = ino - 2;
	*mode = S_IFCHR | (*mode & 07777);
	*rdev = makedev((unsigned int)(n >> 20), (unsigned int)(n & 0xfffff));
	return true;
}

#define AS_NODE(st) node_of((st)->st_dev, (st)->st_ino, &(st)->st_mode, &(st)->st_rdev)

#define WRAP_STAT(name, type, params, args) \
	int name params \
	{ \
		int ret = ldm_preload_libc()->name args; \
		if (!ret) \
			AS_NODE(st); \
		return ret; \
	}

WRAP_STAT(stat, struct stat, (const char *path, struct stat *st), (path, st))
WRAP_STAT(lstat, struct stat, (const char *path, struct stat *st), (path, st))
WRAP_STAT(fstat, struct stat, (int fd, struct stat *st), (fd, st))
WRAP_STAT(fstatat, struct stat, (int dirfd, const char *path, struct stat *st, int flags),
	  (dirfd, path, st, flags))
WRAP_STAT(stat64, struct stat64, (const char *path, struct stat64 *st), (path, st))
WRAP_STAT(lstat64, struct stat64, (const char *path, struct stat64 *st), (path, st))
WRAP_STAT(fstat64, struct stat64, (int fd, struct stat64 *st), (fd, st))
WRAP_STAT(fstatat64, struct stat64, (int dirfd, const char *path, struct stat64 *st, int flags),
	  (dirfd, path, st, flags))

int statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *stx)
{
	int ret = ldm_preload_libc()->statx(dirfd, path, flags, mask, stx);
	mode_t mode;
	dev_t rdev;

	if (ret || !(stx->stx_mask & STATX_TYPE) || !(stx->stx_mask & STATX_INO))
		return ret;
	mode = stx->stx_mode;
	if (node_of(makedev(stx->stx_dev_major, stx->stx_dev_minor), stx->stx_ino, &mode, &rdev)) {
		stx->stx_mode = (__u16)mode;
		stx->stx_rdev_major = major(rdev);
		stx->stx_rdev_minor = minor(rdev);
	}
	return ret;
}
