// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * handle.c - delivering an interrupt (kernel/irq/handle.c of 2.6.9): a line
 * raised by a model or a test runs its handlers in the raising thread, in
 * interrupt context; a line raised while disabled is delivered when it is
 * enabled again, and one nobody handles is counted as unhandled.
 *
 * Each thread is a processor with its own interrupt flag: a line raised by
 * a thread that has interrupts disabled (local_irq_save(),
 * spin_lock_irqsave()), or that is running a handler, is held pending on
 * that thread and delivered when it enables them again (or its handler
 * returns), as a processor takes a pending interrupt at sti.
 */
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/interrupt.h>
#include <ldm/kernel.h>
#include <libldm/hw.h>

#include "internals.h"

struct irq_desc irq_desc[NR_IRQS];
pthread_mutex_t irq_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t irq_idle = PTHREAD_COND_INITIALIZER;

/* How deep the calling thread is in handlers (hard) and in tasklets (soft). */
static __thread unsigned int hardirq_depth;
static __thread unsigned int softirq_depth;

/* The calling thread's interrupt flag: 0x200 (EFLAGS' IF) when enabled. */
static __thread bool irqs_off;

/* Lines raised by the calling thread while it held interrupts off. */
static __thread unsigned long held_lines[(NR_IRQS + BITS_PER_LONG - 1) / BITS_PER_LONG];
static __thread bool lines_held;

static void deliver_held(void);

/**
 * ldm_irq_flags_save - the calling thread's interrupt flag
 *
 * Return: 0x200 if interrupts are enabled for it, else 0 (what
 * local_save_flags() stores).
 */
unsigned long ldm_irq_flags_save(void)
{
	return irqs_off ? 0 : 0x200;
}
EXPORT_SYMBOL(ldm_irq_flags_save);

/**
 * ldm_irq_flags_restore - set the calling thread's interrupt flag
 * @flags: what local_save_flags() stored; 0 disables
 */
void ldm_irq_flags_restore(unsigned long flags)
{
	irqs_off = !(flags & 0x200);
	if (!irqs_off && lines_held && !hardirq_depth)
		deliver_held();
}
EXPORT_SYMBOL(ldm_irq_flags_restore);

/* probe_irq_on() is on, and the lines raised since. */
static bool probing;
static unsigned long probed_lines;

/**
 * ldm_in_irq - whether the calling thread runs an interrupt handler
 *
 * Return: nonzero in a handler (what in_irq() gives).
 */
int ldm_in_irq(void)
{
	return hardirq_depth != 0;
}
EXPORT_SYMBOL(ldm_in_irq);

/**
 * ldm_in_softirq - whether the calling thread runs a tasklet
 *
 * Return: nonzero in a tasklet (what in_softirq() gives).
 */
int ldm_in_softirq(void)
{
	return softirq_depth != 0;
}
EXPORT_SYMBOL(ldm_in_softirq);

/**
 * ldm_softirq_enter - the calling thread starts running a tasklet
 */
void ldm_softirq_enter(void)
{
	softirq_depth++;
}

/**
 * ldm_softirq_exit - ... and is done with it
 */
void ldm_softirq_exit(void)
{
	softirq_depth--;
}

/**
 * handle_irq_event - run a line's handlers
 * @irq: the line, enabled, with handlers
 *
 * Called with irq_lock held; drops it while the handlers run (request_irq()
 * and free_irq() wait for them before changing the list).
 * Return: IRQ_HANDLED if a handler claimed the interrupt, else IRQ_NONE.
 */
int handle_irq_event(unsigned int irq)
{
	struct irq_desc *desc = &irq_desc[irq];
	struct irqaction *action = desc->action;
	int ret = IRQ_NONE;

	desc->running++;
	pthread_mutex_unlock(&irq_lock);
	hardirq_depth++;
	for (; action; action = action->next)
		ret |= action->handler((int)irq, action->dev_id, NULL);
	hardirq_depth--;
	pthread_mutex_lock(&irq_lock);
	if (ret != IRQ_HANDLED)
		desc->unhandled++;
	if (!--desc->running)
		pthread_cond_broadcast(&irq_idle);
	return ret == IRQ_HANDLED ? IRQ_HANDLED : IRQ_NONE;
}

/**
 * irq_wait_idle - wait for the deliveries of a line that run now
 * @irq: the line
 *
 * Under irq_lock.
 */
void irq_wait_idle(unsigned int irq)
{
	while (irq_desc[irq].running)
		pthread_cond_wait(&irq_idle, &irq_lock);
}

/* Deliver a raised line: run its handlers, or hold it (disabled), or count it spurious. */
static int deliver(unsigned int irq, bool count)
{
	struct irq_desc *desc = &irq_desc[irq];
	int ret = 0;

	pthread_mutex_lock(&irq_lock);
	if (count) {
		desc->count++;
		if (probing)
			probed_lines |= 1UL << (irq % BITS_PER_LONG);
	}
	if (!desc->action)
		desc->unhandled++;
	else if (desc->depth)
		desc->status |= IRQ_PENDING;
	else
		ret = handle_irq_event(irq) == IRQ_HANDLED;
	pthread_mutex_unlock(&irq_lock);
	return ret;
}

/* The calling thread enables interrupts: take the lines it held off, lowest first. */
static void deliver_held(void)
{
	unsigned int i, irq;

	while (lines_held && !irqs_off && !hardirq_depth) {
		lines_held = false;
		for (i = 0; i < ARRAY_SIZE(held_lines); i++) {
			while (held_lines[i]) {
				irq = i * BITS_PER_LONG +
				      (unsigned int)__builtin_ctzl(held_lines[i]);
				held_lines[i] &= held_lines[i] - 1;
				deliver(irq, false);
			}
		}
	}
}

/**
 * ldm_hw_irq_raise - raise an interrupt line, as a device does
 * @irq: the line, below NR_IRQS (224)
 *
 * Runs the line's handlers in the calling thread, in interrupt context
 * (in_interrupt() is true there). A disabled line keeps the interrupt
 * pending until enable_irq(); a line with no handler counts it as
 * unhandled, as 2.6.9 counts a spurious interrupt. A thread that has
 * interrupts disabled, or runs a handler, holds the interrupt until it
 * enables them (or the handler returns): several raises of one line
 * meanwhile are one interrupt then, as a PIC's request register keeps them.
 * Return: 1 if a handler claimed it, 0 if none did or it is pending,
 * -EINVAL for a line past NR_IRQS.
 */
int ldm_hw_irq_raise(unsigned int irq)
{
	int ret;

	if (irq >= NR_IRQS)
		return -EINVAL;
	if (irqs_off || hardirq_depth) {
		pthread_mutex_lock(&irq_lock);
		irq_desc[irq].count++;
		if (probing)
			probed_lines |= 1UL << (irq % BITS_PER_LONG);
		pthread_mutex_unlock(&irq_lock);
		held_lines[irq / BITS_PER_LONG] |= 1UL << (irq % BITS_PER_LONG);
		lines_held = true;
		return 0;
	}
	ret = deliver(irq, true);
	if (lines_held)
		deliver_held();
	return ret;
}

/**
 * ldm_hw_irq_held - whether the calling thread holds raised lines off
 *
 * Return: true if a line it raised waits for it to enable interrupts.
 */
bool ldm_hw_irq_held(void)
{
	return lines_held;
}

/**
 * ldm_hw_irq_count - how many times a line was raised
 * @irq: the line
 *
 * Return: the count since boot (0 for a line past NR_IRQS).
 */
unsigned long ldm_hw_irq_count(unsigned int irq)
{
	unsigned long n;

	if (irq >= NR_IRQS)
		return 0;
	pthread_mutex_lock(&irq_lock);
	n = irq_desc[irq].count;
	pthread_mutex_unlock(&irq_lock);
	return n;
}

/**
 * probe_irq_on - start looking for the line a device raises
 *
 * Return: a mask of the ISA lines (below 16) nobody has requested.
 */
unsigned long probe_irq_on(void)
{
	unsigned long mask = 0;
	unsigned int i;

	pthread_mutex_lock(&irq_lock);
	for (i = 1; i < 16; i++)
		if (!irq_desc[i].action)
			mask |= 1UL << i;
	probing = true;
	probed_lines = 0;
	pthread_mutex_unlock(&irq_lock);
	return mask;
}
EXPORT_SYMBOL(probe_irq_on);

/**
 * probe_irq_off - the line raised since probe_irq_on()
 * @val: what probe_irq_on() returned
 *
 * Return: the line if exactly one of @val was raised, 0 if none, a
 * negative line number if several.
 */
int probe_irq_off(unsigned long val)
{
	unsigned long raised;
	int irq;

	pthread_mutex_lock(&irq_lock);
	raised = probed_lines & val;
	probing = false;
	pthread_mutex_unlock(&irq_lock);
	if (!raised)
		return 0;
	irq = __builtin_ctzl(raised);
	return raised & (raised - 1) ? -irq : irq;
}
EXPORT_SYMBOL(probe_irq_off);

/**
 * probe_irq_mask - the lines raised since probe_irq_on()
 * @val: what probe_irq_on() returned
 *
 * Return: the mask of the ISA lines of @val raised since.
 */
unsigned int probe_irq_mask(unsigned long val)
{
	unsigned long raised;

	pthread_mutex_lock(&irq_lock);
	raised = probed_lines & val & 0xffff;
	probing = false;
	pthread_mutex_unlock(&irq_lock);
	return (unsigned int)raised;
}
EXPORT_SYMBOL(probe_irq_mask);
