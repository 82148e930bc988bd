/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/hardirq.h> for an unchanged 2.6.9 driver: in_irq(), in_softirq(),
 * in_interrupt() and in_atomic(), in <ldm/interrupt.h> (a handler's thread
 * is in an interrupt while it runs one: docs/kernel-services.md).
 */
#ifndef _LDM_COMPAT_ASM_HARDIRQ_H
#define _LDM_COMPAT_ASM_HARDIRQ_H

#include <ldm/interrupt.h>

#endif /* _LDM_COMPAT_ASM_HARDIRQ_H */
