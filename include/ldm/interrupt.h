/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/interrupt.h> - interrupt lines and their handlers, tasklets and the
 * context tests, as <linux/interrupt.h> (with <asm/irq.h> and the SA_
 * flags of <asm/signal.h>) of 2.6.9.
 *
 * A line is raised by a device model or a test (ldm_hw_irq_raise() of
 * <libldm/hw.h>); its handlers run in the raising thread, where in_irq()
 * and in_interrupt() are true. Tasklets run in a thread of their own,
 * where in_softirq() and in_interrupt() are true.
 */
#ifndef _LDM_INTERRUPT_H
#define _LDM_INTERRUPT_H

#include <signal.h>
#include <ldm/atomic.h>
#include <ldm/bitops.h>
#include <ldm/config.h>
#include <ldm/irqflags.h>
#include <ldm/kernel.h>

#pragma GCC visibility push(default)

typedef int irqreturn_t;
#define IRQ_NONE      (0)
#define IRQ_HANDLED   (1)
#define IRQ_RETVAL(x) ((x) != 0)

/* Lines, as i386 with an I/O APIC numbers them. */
#define NR_IRQS 224

/* request_irq()'s flags, as <asm-i386/signal.h>. */
#ifndef SA_INTERRUPT
#define SA_INTERRUPT 0x20000000 /* ignored, as in 2.6.9 */
#endif
#define SA_SHIRQ	 0x04000000 /* the line may be shared */
#define SA_SAMPLE_RANDOM 0x10000000 /* ignored: the entropy pool is the host's */
#define SA_PROBEIRQ	 0x08000000

/* The registers at the interrupt: none here, handlers get NULL. */
struct pt_regs;

/**
 * struct irqaction - one handler of a line
 * @handler: the handler
 * @flags: the SA_ flags it was requested with
 * @mask: unused
 * @name: as /proc/interrupts shows it
 * @dev_id: the cookie given to @handler and free_irq()
 * @next: the next handler of a shared line
 * @irq: unused
 * @dir: unused
 */
struct irqaction {
	irqreturn_t (*handler)(int, void *, struct pt_regs *);
	unsigned long flags;
	unsigned long mask;
	const char *name;
	void *dev_id;
	struct irqaction *next;
	int irq;
	void *dir;
};

int request_irq(unsigned int irq, irqreturn_t (*handler)(int, void *, struct pt_regs *),
		unsigned long irqflags, const char *devname, void *dev_id);
void free_irq(unsigned int irq, void *dev_id);
int can_request_irq(unsigned int irq, unsigned long irqflags);
void disable_irq(unsigned int irq);
void disable_irq_nosync(unsigned int irq);
void enable_irq(unsigned int irq);
void synchronize_irq(unsigned int irq);
unsigned long probe_irq_on(void);
int probe_irq_off(unsigned long val);
unsigned int probe_irq_mask(unsigned long val);

static inline int irq_canonicalize(int irq)
{
	return irq == 2 ? 9 : irq;
}

/* 2.6.9's uniprocessor names of the interrupt flag calls. */
#define cli()		 local_irq_disable()
#define sti()		 local_irq_enable()
#define save_flags(x)	 local_save_flags(x)
#define restore_flags(x) local_irq_restore(x)
#define save_and_cli(x)	 local_irq_save(x)

int ldm_in_irq(void);
int ldm_in_softirq(void);
#define in_irq()       ldm_in_irq()
#define in_softirq()   ldm_in_softirq()
#define in_interrupt() (ldm_in_irq() || ldm_in_softirq())
#define in_atomic()    in_interrupt()

/*
 * Bottom halves: tasklets run in their own thread, so holding one off
 * takes a lock they take (spin_lock_bh()); these only mark the section.
 */
#define local_bh_disable() \
	do { \
	} while (0)
#define local_bh_enable() \
	do { \
	} while (0)

/**
 * struct tasklet_struct - deferred work that runs once per schedule
 * @next: in the queue (the runtime's)
 * @state: TASKLET_STATE_SCHED while queued, TASKLET_STATE_RUN while running
 * @count: tasklet_disable() calls not undone: it runs only at 0
 * @func: what runs
 * @data: given to @func
 */
struct tasklet_struct {
	struct tasklet_struct *next;
	unsigned long state;
	atomic_t count;
	void (*func)(unsigned long);
	unsigned long data;
};

enum {
	TASKLET_STATE_SCHED, /* queued to run */
	TASKLET_STATE_RUN    /* running */
};

#define DECLARE_TASKLET(name, func, data) \
	struct tasklet_struct name = { NULL, 0, ATOMIC_INIT(0), func, data }
#define DECLARE_TASKLET_DISABLED(name, func, data) \
	struct tasklet_struct name = { NULL, 0, ATOMIC_INIT(1), func, data }

void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data);
void tasklet_schedule(struct tasklet_struct *t);
void tasklet_hi_schedule(struct tasklet_struct *t);
void tasklet_kill(struct tasklet_struct *t);
void tasklet_disable_nosync(struct tasklet_struct *t);
void tasklet_disable(struct tasklet_struct *t);
void tasklet_enable(struct tasklet_struct *t);
#define tasklet_hi_enable(t) tasklet_enable(t)

#pragma GCC visibility pop

#endif /* _LDM_INTERRUPT_H */
