/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/compiler.h> - compiler helpers of <linux/compiler.h> and
 * <linux/stringify.h>.
 *
 * Every macro here is either absent from the C library's headers or, where
 * glibc has one of the same name (__always_inline), defined only when glibc
 * did not define it first, so the two can share a translation unit.
 */
#ifndef _LDM_COMPILER_H
#define _LDM_COMPILER_H

#include <stddef.h>

#define __stringify_1(x...) #x
#define __stringify(x...)   __stringify_1(x)

/* A compiler barrier: no access is moved across it. */
#ifndef barrier
#define barrier() __asm__ __volatile__("" : : : "memory")
#endif

/* The memory barriers of <asm/system.h>, which 2.6.9 drivers get through
 * <linux/spinlock.h> and <asm/io.h> as much as from that header. */
#define mb()	  __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define rmb()	  __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define wmb()	  __atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb()  mb()
#define smp_rmb() rmb()
#define smp_wmb() wmb()

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#define __must_check   __attribute__((__warn_unused_result__))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#define __scanf(a, b)  __attribute__((__format__(scanf, a, b)))
#define __maybe_unused __attribute__((__unused__))
#define __used	       __attribute__((__used__))
#define __packed       __attribute__((__packed__))
#define __aligned(x)   __attribute__((__aligned__(x)))
#define __weak	       __attribute__((__weak__))
#define __noreturn     __attribute__((__noreturn__))
#define __cold	       __attribute__((__cold__))

/* Address-space annotations of sparse: nothing to check in userspace. */
#define __user
#define __kernel
#define __iomem
#define __force

/* Section annotations of init code: one address space here, nothing freed. */
#define __init
#define __exit
#define __initdata
#define __exitdata
#define __devinit
#define __devexit
#define __devinitdata
#define __devexit_p(x) (x)

/* Pasting after expansion, and a name no other expansion uses (modern Linux's). */
#define ___PASTE(a, b)	    a##b
#define __PASTE(a, b)	    ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

#ifndef container_of
#define __container_of(ptr, type, member, mptr) \
	({ \
		const __typeof__(((type *)0)->member) *mptr = (ptr); \
		(type *)((char *)mptr - offsetof(type, member)); \
	})
/**
 * container_of - the structure that embeds a member
 * @ptr: pointer to the member
 * @type: type of the embedding structure
 * @member: name of the member within @type
 *
 * Its local has a name of its own in each expansion, so that
 * container_of(container_of(...)) shadows nothing (-Wshadow).
 */
#define container_of(ptr, type, member) __container_of(ptr, type, member, __UNIQUE_ID(mptr))
#endif

#endif /* _LDM_COMPILER_H */
