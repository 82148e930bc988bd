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
};

const struct ldm_preload_libc *ldm_preload_libc(void);
const char *ldm_preload_root(void);
bool ldm_preload_is_node(int fd);
int ldm_preload_forward(int fd, unsigned long request, void *arg);
int ldm_preload_set_async(int fd, int on);

#endif /* _LDM_PRELOAD_H */
