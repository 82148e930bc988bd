/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/err.h> - error codes carried in pointers, as <linux/err.h>.
 *
 * The last page of the address space is never a valid object, so a pointer
 * in [-MAX_ERRNO, -1] carries a negative errno instead.
 */
#ifndef _LDM_ERR_H
#define _LDM_ERR_H

#include <errno.h>
#include <stdbool.h>
#include <ldm/compiler.h>

#define MAX_ERRNO 4095

#define IS_ERR_VALUE(x) unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return unlikely(!ptr) || IS_ERR_VALUE((unsigned long)ptr);
}

static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

#endif /* _LDM_ERR_H */
