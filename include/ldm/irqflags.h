/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/irqflags.h> - the processor's interrupt flag as 2.6.9's
 * <asm-i386/system.h> gives it to drivers: local_irq_disable() and
 * local_irq_enable(), local_irq_save() and local_irq_restore(),
 * local_save_flags(), irqs_disabled(). Each thread is a processor here,
 * with its own flag, and a line the thread raises while its flag is off
 * is delivered when it turns the flag on again (docs/hardware.md).
 */
#ifndef _LDM_IRQFLAGS_H
#define _LDM_IRQFLAGS_H

#include <ldm/typecheck.h>

#pragma GCC visibility push(default)

unsigned long ldm_irq_flags_save(void);
void ldm_irq_flags_restore(unsigned long flags);

/* The saved flag: nonzero when interrupts were enabled, as the IF bit of EFLAGS. */
#define local_save_flags(x) \
	do { \
		(void)typecheck(unsigned long, x); \
		(x) = ldm_irq_flags_save(); \
	} while (0)
#define local_irq_restore(x) \
	do { \
		(void)typecheck(unsigned long, x); \
		ldm_irq_flags_restore(x); \
	} while (0)
#define local_irq_save(x) \
	do { \
		local_save_flags(x); \
		ldm_irq_flags_restore(0); \
	} while (0)
#define local_irq_disable() ldm_irq_flags_restore(0)
#define local_irq_enable()  ldm_irq_flags_restore(0x200)
#define irqs_disabled()	    (ldm_irq_flags_save() == 0)
#define safe_halt()	    local_irq_enable()

#pragma GCC visibility pop

#endif /* _LDM_IRQFLAGS_H */
