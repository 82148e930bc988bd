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

/*
 * The processor's interrupt flag: interrupt handlers run in threads here
 * (<linux/interrupt.h>), so there is no flag to clear; as with
 * spin_lock_irqsave(), the flags word is checked for its type and set to
 * 0. A driver that counted on local_irq_disable() alone to keep its own
 * handler out needs the spinlock its handler takes.
 */
#define local_irq_save(flags)	 __ldm_irqsave(flags)
#define local_irq_restore(flags) __ldm_irqrestore(flags)
#define local_save_flags(flags)	 __ldm_irqsave(flags)
#define local_irq_disable()	 ((void)0)
#define local_irq_enable()	 ((void)0)
#define irqs_disabled()		 0

#endif /* _LDM_COMPAT_ASM_SYSTEM_H */
