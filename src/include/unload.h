/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * unload.h - what the layers below the loader let go of a module's memory
 * before the loader unmaps it: objects a module left behind, reported as
 * its leaks and never touched again.
 */
#ifndef _LDM_UNLOAD_H
#define _LDM_UNLOAD_H

#include <stddef.h>

/* kernel/timer.c: pending timers in [start, start + size), or running code there */
unsigned int timers_forget_range(const void *start, size_t size, const char *owner);

/* kernel/irq/manage.c: interrupt handlers whose function or dev_id lies there */
unsigned int irq_forget_range(const void *start, size_t size, const char *owner);

/* kernel/softirq.c: tasklets queued there, or with their function there */
unsigned int tasklets_forget_range(const void *start, size_t size, const char *owner);

/* lib/kobject.c: live kobjects in [start, start + size) */
unsigned int kobject_forget_range(const void *start, size_t size, const char *owner);

#endif /* _LDM_UNLOAD_H */
