/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/slab.h> - kmalloc and friends, as <linux/slab.h>.
 *
 * Every allocation of the runtime goes through these, so a test build can
 * make the n-th one fail (see docs/testing.md).
 */
#ifndef _LDM_SLAB_H
#define _LDM_SLAB_H

#include <stdarg.h>
#include <ldm/compiler.h>
#include <ldm/err.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

/* Allocation contexts; one address space and no reclaim, so only advisory. */
#define GFP_KERNEL 0x10u
#define GFP_ATOMIC 0x20u
#define GFP_NOFS   GFP_KERNEL
#define GFP_NOIO   GFP_KERNEL
#define __GFP_ZERO 0x8000u
/* Memory a device reaches by DMA, and a user page: here any memory is both. */
#define GFP_DMA	   0x01u
#define GFP_USER   GFP_KERNEL

/* 2.6.9's names of the same contexts, for kmem_cache_alloc() and kmalloc() */
#define SLAB_NOFS   GFP_NOFS
#define SLAB_NOIO   GFP_NOIO
#define SLAB_ATOMIC GFP_ATOMIC
#define SLAB_USER   GFP_USER
#define SLAB_KERNEL GFP_KERNEL
#define SLAB_DMA    GFP_DMA

void *kmalloc(size_t size, gfp_t flags) __attribute__((__malloc__));
void *kzalloc(size_t size, gfp_t flags) __attribute__((__malloc__));
void *kcalloc(size_t n, size_t size, gfp_t flags) __attribute__((__malloc__));
void *krealloc(void *ptr, size_t size, gfp_t flags);
void kfree(const void *ptr);
char *kstrdup(const char *s, gfp_t flags) __attribute__((__malloc__));
char *kasprintf(gfp_t flags, const char *fmt, ...) __printf(2, 3);
char *kvasprintf(gfp_t flags, const char *fmt, va_list args) __printf(2, 0);

#pragma GCC visibility pop

#endif /* _LDM_SLAB_H */
