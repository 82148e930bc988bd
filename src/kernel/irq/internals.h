/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * internals.h - the interrupt lines' descriptors, shared by the files of
 * kernel/irq/ (as kernel/irq/internals.h of 2.6.9). Private to libldm.
 */
#ifndef _LDM_IRQ_INTERNALS_H
#define _LDM_IRQ_INTERNALS_H

#include <pthread.h>
#include <ldm/interrupt.h>

#define IRQ_INPROGRESS 1 /* handlers are running */
#define IRQ_PENDING    2 /* raised while disabled: delivered at enable_irq() */

/**
 * struct irq_desc - one interrupt line
 * @action: its handlers, in the order requested
 * @depth: disable_irq() calls not yet undone by enable_irq()
 * @status: IRQ_PENDING
 * @running: deliveries running its handlers now
 * @count: times raised
 * @unhandled: deliveries no handler claimed (or with no handler at all)
 */
struct irq_desc {
	struct irqaction *action;
	unsigned int depth;
	unsigned int status;
	unsigned int running;
	unsigned long count;
	unsigned long unhandled;
};

extern struct irq_desc irq_desc[NR_IRQS];
/* Guards every descriptor; irq_idle is broadcast when a line's running goes to 0. */
extern pthread_mutex_t irq_lock;
extern pthread_cond_t irq_idle;

/* Run @irq's handlers in the calling thread; called and returns with irq_lock held. */
int handle_irq_event(unsigned int irq);

/* Wait until no delivery of @irq runs; under irq_lock. */
void irq_wait_idle(unsigned int irq);

/* The calling thread enters and leaves a tasklet (kernel/softirq.c): in_softirq(). */
void ldm_softirq_enter(void);
void ldm_softirq_exit(void);

#endif /* _LDM_IRQ_INTERNALS_H */
