/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/cache.h> - cache line sizes and alignment marks of 2.6.9's
 * <linux/cache.h> and <asm/cache.h>: a line of 64 bytes, the host's.
 */
#ifndef _LDM_CACHE_H
#define _LDM_CACHE_H

#define L1_CACHE_SHIFT	  6
#define L1_CACHE_BYTES	  (1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES	  L1_CACHE_BYTES
#define L1_CACHE_ALIGN(x) (((x) + (L1_CACHE_BYTES - 1)) & ~(L1_CACHE_BYTES - 1))

#define ____cacheline_aligned		__attribute__((__aligned__(SMP_CACHE_BYTES)))
#define ____cacheline_aligned_in_smp	____cacheline_aligned
#define __cacheline_aligned		____cacheline_aligned
#define __cacheline_aligned_in_smp	____cacheline_aligned
#define ____cacheline_maxaligned_in_smp ____cacheline_aligned

#endif /* _LDM_CACHE_H */
