/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/notifier.h> - notifier chains, as <linux/notifier.h> of 2.6.9: a
 * list of callbacks ordered by priority, called in turn with an event
 * until one answers with NOTIFY_STOP_MASK set. The runtime's chain is the
 * reboot notifiers (<ldm/reboot.h>).
 */
#ifndef _LDM_NOTIFIER_H
#define _LDM_NOTIFIER_H

#include <ldm/errno.h>

#pragma GCC visibility push(default)

/**
 * struct notifier_block - one callback on a chain
 * @notifier_call: called with the event and its data; returns NOTIFY_*
 * @next: the next on the chain (the chain's own)
 * @priority: higher is called first
 */
struct notifier_block {
	int (*notifier_call)(struct notifier_block *self, unsigned long event, void *data);
	struct notifier_block *next;
	int priority;
};

int notifier_chain_register(struct notifier_block **list, struct notifier_block *n);
int notifier_chain_unregister(struct notifier_block **nl, struct notifier_block *n);
int notifier_call_chain(struct notifier_block **n, unsigned long val, void *v);

#define NOTIFY_DONE	 0x0000 /* don't care */
#define NOTIFY_OK	 0x0001 /* suits me */
#define NOTIFY_STOP_MASK 0x8000 /* don't call further */
#define NOTIFY_BAD	 (NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP	 (NOTIFY_OK | NOTIFY_STOP_MASK)

/* The events of the reboot chain. */
#define SYS_DOWN      0x0001 /* notify of system down */
#define SYS_RESTART   SYS_DOWN
#define SYS_HALT      0x0002 /* notify of system halt */
#define SYS_POWER_OFF 0x0003 /* notify of system power off */

#pragma GCC visibility pop

#endif /* _LDM_NOTIFIER_H */
