// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * manage.c - drivers' handlers of interrupt lines (kernel/irq/manage.c of
 * 2.6.9): request_irq() and free_irq(), SA_SHIRQ sharing, and the
 * disable/enable depth of a line.
 */
#include <stdint.h>
#include <string.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/interrupt.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "boot.h"
#include "internals.h"
#include "unload.h"

static bool in_range(const void *p, const void *start, size_t size)
{
	return (uintptr_t)p - (uintptr_t)start < size;
}

/**
 * request_irq - add a handler to an interrupt line
 * @irq: the line, below NR_IRQS
 * @handler: called, in interrupt context, each time the line is raised
 * @irqflags: SA_SHIRQ to share the line with other SA_SHIRQ handlers;
 *	SA_INTERRUPT and SA_SAMPLE_RANDOM are taken and ignored
 * @devname: the name /proc/interrupts shows (not copied, as in 2.6.9)
 * @dev_id: given to @handler, and what free_irq() is called with; a
 *	shared line needs one
 *
 * Return: 0; -EINVAL for a line past NR_IRQS, no @handler, or SA_SHIRQ
 * with no @dev_id; -EBUSY if the line has a handler and either does not
 * share; -ENOMEM.
 */
int request_irq(unsigned int irq, irqreturn_t (*handler)(int, void *, struct pt_regs *),
		unsigned long irqflags, const char *devname, void *dev_id)
{
	struct irqaction *action, **p;
	struct irq_desc *desc;

	if (irq >= NR_IRQS || !handler || ((irqflags & SA_SHIRQ) && !dev_id))
		return -EINVAL;
	action = kzalloc(sizeof(*action), GFP_KERNEL);
	if (!action)
		return -ENOMEM;
	action->handler = handler;
	action->flags = irqflags;
	action->name = devname;
	action->dev_id = dev_id;

	desc = &irq_desc[irq];
	pthread_mutex_lock(&irq_lock);
	irq_wait_idle(irq);
	p = &desc->action;
	if (*p && !((*p)->flags & irqflags & SA_SHIRQ)) {
		pthread_mutex_unlock(&irq_lock);
		kfree(action);
		return -EBUSY;
	}
	while (*p)
		p = &(*p)->next;
	*p = action;
	pthread_mutex_unlock(&irq_lock);
	return 0;
}
EXPORT_SYMBOL(request_irq);

/**
 * free_irq - remove a handler request_irq() added
 * @irq: the line
 * @dev_id: the @dev_id it was requested with
 *
 * Waits for the line's running handlers to return first, so the handler
 * never runs after this. A handler that is not there is warned about.
 */
void free_irq(unsigned int irq, void *dev_id)
{
	struct irqaction *action = NULL, **p;

	if (irq >= NR_IRQS)
		return;
	pthread_mutex_lock(&irq_lock);
	irq_wait_idle(irq);
	for (p = &irq_desc[irq].action; *p; p = &(*p)->next) {
		if ((*p)->dev_id == dev_id) {
			action = *p;
			*p = action->next;
			break;
		}
	}
	if (!irq_desc[irq].action) {
		irq_desc[irq].depth = 0;
		irq_desc[irq].status &= ~IRQ_PENDING;
	}
	pthread_mutex_unlock(&irq_lock);
	if (!action) {
		printk(KERN_ERR "Trying to free free IRQ%u\n", irq);
		return;
	}
	kfree(action);
}
EXPORT_SYMBOL(free_irq);

/**
 * can_request_irq - whether request_irq() could add a handler now
 * @irq: the line
 * @irqflags: the flags it would be requested with
 *
 * Return: 1 if the line is free, or shared and @irqflags share; else 0.
 */
int can_request_irq(unsigned int irq, unsigned long irqflags)
{
	int ok;

	if (irq >= NR_IRQS)
		return 0;
	pthread_mutex_lock(&irq_lock);
	ok = !irq_desc[irq].action || (irq_desc[irq].action->flags & irqflags & SA_SHIRQ);
	pthread_mutex_unlock(&irq_lock);
	return ok;
}
EXPORT_SYMBOL(can_request_irq);

/**
 * synchronize_irq - wait for the line's handlers running now to return
 * @irq: the line
 *
 * Never call it from the line's own handler.
 */
void synchronize_irq(unsigned int irq)
{
	if (irq >= NR_IRQS)
		return;
	pthread_mutex_lock(&irq_lock);
	irq_wait_idle(irq);
	pthread_mutex_unlock(&irq_lock);
}
EXPORT_SYMBOL(synchronize_irq);

/**
 * disable_irq_nosync - hold a line's interrupts back, without waiting
 * @irq: the line
 *
 * Calls nest: the line comes back at the matching enable_irq(). An
 * interrupt raised meanwhile is delivered then.
 */
void disable_irq_nosync(unsigned int irq)
{
	if (irq >= NR_IRQS)
		return;
	pthread_mutex_lock(&irq_lock);
	irq_desc[irq].depth++;
	pthread_mutex_unlock(&irq_lock);
}
EXPORT_SYMBOL(disable_irq_nosync);

/**
 * disable_irq - hold a line's interrupts back, and wait for its handlers
 * @irq: the line
 *
 * As disable_irq_nosync(), then synchronize_irq().
 */
void disable_irq(unsigned int irq)
{
	disable_irq_nosync(irq);
	synchronize_irq(irq);
}
EXPORT_SYMBOL(disable_irq);

/**
 * enable_irq - undo one disable_irq()
 * @irq: the line
 *
 * At depth 0, an interrupt raised while the line was disabled is
 * delivered now, in the calling thread. Unbalanced calls are warned about.
 */
void enable_irq(unsigned int irq)
{
	struct irq_desc *desc;

	if (irq >= NR_IRQS)
		return;
	desc = &irq_desc[irq];
	pthread_mutex_lock(&irq_lock);
	if (!desc->depth) {
		pthread_mutex_unlock(&irq_lock);
		printk(KERN_WARNING "Unbalanced enable for IRQ %u\n", irq);
		dump_stack();
		return;
	}
	if (!--desc->depth && (desc->status & IRQ_PENDING)) {
		desc->status &= ~IRQ_PENDING;
		if (desc->action)
			handle_irq_event(irq);
	}
	pthread_mutex_unlock(&irq_lock);
}
EXPORT_SYMBOL(enable_irq);

/**
 * irq_forget_range - free the handlers a module left requested
 * @start: the module's memory, about to be unmapped
 * @size: its size
 * @owner: the module's name, for the warnings
 *
 * A handler whose function or dev_id lies in the module would be called in
 * unmapped memory at the next interrupt: each is named, as a leak of
 * @owner, and freed, after the line's running handlers return.
 * Return: how many were freed.
 */
unsigned int irq_forget_range(const void *start, size_t size, const char *owner)
{
	struct irqaction **p, *action;
	unsigned int irq, n = 0;

	pthread_mutex_lock(&irq_lock);
	for (irq = 0; irq < NR_IRQS; irq++) {
		if (!irq_desc[irq].action)
			continue;
		irq_wait_idle(irq);
		for (p = &irq_desc[irq].action; (action = *p);) {
			if (!in_range((const void *)(uintptr_t)action->handler, start, size) &&
			    !in_range(action->dev_id, start, size)) {
				p = &action->next;
				continue;
			}
			*p = action->next;
			printk(KERN_ERR "%s: module unloaded with a handler of IRQ %u requested: "
					"freed\n",
			       owner, irq);
			kfree(action);
			n++;
		}
	}
	pthread_mutex_unlock(&irq_lock);
	return n;
}

/**
 * irq_exit_all - forget every line: handlers left requested are reported
 *
 * At ldm_exit(), after the modules are gone: a handler still there was
 * never freed by the driver that requested it.
 */
void irq_exit_all(void)
{
	struct irqaction *action, *next;
	unsigned int irq;

	pthread_mutex_lock(&irq_lock);
	for (irq = 0; irq < NR_IRQS; irq++) {
		for (action = irq_desc[irq].action; action; action = next) {
			next = action->next;
			fprintf(stderr, "ldm: IRQ %u: handler of %s never freed\n", irq,
				action->name ? action->name : "?");
			kfree(action);
		}
		memset(&irq_desc[irq], 0, sizeof(irq_desc[irq]));
	}
	pthread_mutex_unlock(&irq_lock);
}
