/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/irq.h> for an unchanged 2.6.9 driver: NR_IRQS, disable_irq() and
 * enable_irq(), in <ldm/interrupt.h>.
 */
#ifndef _LDM_COMPAT_ASM_IRQ_H
#define _LDM_COMPAT_ASM_IRQ_H

#include <ldm/interrupt.h>

#endif /* _LDM_COMPAT_ASM_IRQ_H */
