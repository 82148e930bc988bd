/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/irq.h> for an unchanged 2.6.9 driver: what drivers take from it,
 * NR_IRQS and the calls on a line (disable_irq(), enable_irq(),
 * synchronize_irq()), in <ldm/interrupt.h>. The interrupt controllers'
 * descriptors (irq_desc, hw_interrupt_type) are the kernel's own and not
 * part of ldm.
 */
#ifndef _LDM_COMPAT_LINUX_IRQ_H
#define _LDM_COMPAT_LINUX_IRQ_H

#include <asm/irq.h>
#include <ldm/interrupt.h>

#endif /* _LDM_COMPAT_LINUX_IRQ_H */
