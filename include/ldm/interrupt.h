/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/interrupt.h> - what <linux/interrupt.h> of 2.6.9 tells a driver
 * about its context: code runs in threads here, never in an interrupt, so
 * in_interrupt() and its kin are 0; irqreturn_t for handlers.
 */
#ifndef _LDM_INTERRUPT_H
#define _LDM_INTERRUPT_H

#include <ldm/bitops.h>
#include <ldm/config.h>
#include <ldm/kernel.h>

typedef int irqreturn_t;
#define IRQ_NONE      (0)
#define IRQ_HANDLED   (1)
#define IRQ_RETVAL(x) ((x) != 0)

#define in_interrupt() 0
#define in_irq()       0
#define in_softirq()   0
#define in_atomic()    0

#endif /* _LDM_INTERRUPT_H */
