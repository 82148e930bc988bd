/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * preload.h - what the files of libldm-preload.so share: the C library's
 * functions they wrap, looked up once; the nodes of ldmd's DIR/dev; and a
 * command forwarded to their driver through ldmd.
 */
#ifndef _LDM_PRELOAD_H
#define _LDM_PRELOAD_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

/* The next definition (the C library's) of each function the library wraps. */
struct ldm_preload_libc {
	int (*ioctl)(int fd, unsigned long request, ...);
	int (*fcntl)(int fd, int cmd, ...);
	int (*fcntl64)(int fd, int cmd, ...);
	int (*open)(const char *path, int flags, ...);
	int (*open64)(const char *path, int flags, ...);
	int (*openat)(int dirfd, const char *path, int flags, ...);
	int (*openat64)(int dirfd, const char *path, int flags, ...);
	int (*__open_2)(const char *path, int flags);
	int (*__open64_2)(const char *path, int flags);
	int (*__openat_2)(int dirfd, const char *path, int flags);
	int (*__openat64_2)(int dirfd, const char *path, int flags);
	FILE *(*fopen)(const char *path, const char *how);
	FILE *(*fopen64)(const char *path, const char *how);
	int (*stat)(const char *path, struct stat *st);
	int (*lstat)(const char *path, struct stat *st);
	int (*fstat)(int fd, struct stat *st);
	int (*fstatat)(int dirfd, const char *path, struct stat *st, int flags);
	int (*stat64)(const char *path, struct stat64 *st);
	int (*lstat64)(const char *path, struct stat64 *st);
	int (*fstat64)(int fd, struct stat64 *st);
	int (*fstatat64)(int dirfd, const char *path, struct stat64 *st, int flags);
	int (*statx)(int dirfd, const char *path, int flags, unsigned int mask, struct statx *stx);
	int (*mkdirat)(int dirfd, const char *path, mode_t mode);
	int (*symlinkat)(const char *target, int dirfd, const char *path);
	int (*renameat2)(int olddirfd, const char *old, int newdirfd, const char *new,
			 unsigned int flags);
	int (*unlinkat)(int dirfd, const char *path, int flags);
};

const struct ldm_preload_libc *ldm_preload_libc(void);
const char *ldm_preload_root(void);
bool ldm_preload_is_node(int fd);
dev_t ldm_preload_node_dev(void);
int ldm_preload_forward(int fd, unsigned long request, void *arg);
int ldm_preload_set_async(int fd, int on);

#endif /* _LDM_PRELOAD_H */
