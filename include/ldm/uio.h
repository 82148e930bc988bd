/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/uio.h> - <linux/uio.h> of 2.6.9: struct iovec (the C library's,
 * the same ABI) for user buffers, struct kvec for kernel ones, and
 * UIO_MAXIOV.
 */
#ifndef _LDM_UIO_H
#define _LDM_UIO_H

#include <stddef.h>
#include <sys/uio.h>

/**
 * struct kvec - a buffer of the kernel's own, as struct iovec is a user's
 * @iov_base: where it starts
 * @iov_len: its length
 */
struct kvec {
	void *iov_base;
	size_t iov_len;
};

#define UIO_FASTIOV 8
#define UIO_MAXIOV  1024

#endif /* _LDM_UIO_H */
