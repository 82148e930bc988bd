// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * proc.c - the text of /proc/interrupts (show_interrupts() of
 * arch/i386/kernel/irq.c in 2.6.9): one line per line with handlers, its
 * count and the handlers' names, then the count of unhandled interrupts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <ldm/interrupt.h>

#include "internals.h"
#include "iospace.h"

/**
 * ldm_interrupts_text - what /proc/interrupts shows
 *
 * Return: the text, to free(), or NULL with no memory.
 */
char *ldm_interrupts_text(void)
{
	unsigned long unhandled = 0;
	struct irqaction *action;
	char *text = NULL;
	size_t size = 0;
	unsigned int irq;
	FILE *f = open_memstream(&text, &size);

	if (!f)
		return NULL;
	fprintf(f, "           CPU0       \n");
	pthread_mutex_lock(&irq_lock);
	for (irq = 0; irq < NR_IRQS; irq++) {
		unhandled += irq_desc[irq].unhandled;
		action = irq_desc[irq].action;
		if (!action)
			continue;
		fprintf(f, "%3u: %10lu %14s  %s", irq, irq_desc[irq].count, "ldm", action->name);
		for (action = action->next; action; action = action->next)
			fprintf(f, ", %s", action->name);
		fputc('\n', f);
	}
	pthread_mutex_unlock(&irq_lock);
	fprintf(f, "ERR: %10lu\n", unhandled);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}
