/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/system.h> for an unchanged 2.6.9 driver: the barriers, and the irq-saving
 * forms of the locks (<ldm/spinlock.h>).
 */
#ifndef _LDM_COMPAT_ASM_SYSTEM_H
#define _LDM_COMPAT_ASM_SYSTEM_H

#include <ldm/spinlock.h>

#define barrier() __asm__ __volatile__("" : : : "memory")
#define mb()	  __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define rmb()	  __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define wmb()	  __atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb()  mb()
#define smp_rmb() rmb()
#define smp_wmb() wmb()

#endif /* _LDM_COMPAT_ASM_SYSTEM_H */
