/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/smp_lock.h> - the big kernel lock of <linux/smp_lock.h>: one
 * recursive lock for the whole runtime. Unlike 2.6.9's, it is not dropped
 * while its holder sleeps: a driver that sleeps holding it holds up every
 * other taker meanwhile.
 */
#ifndef _LDM_SMP_LOCK_H
#define _LDM_SMP_LOCK_H

#include <ldm/config.h>
#include <ldm/sched.h>
#include <ldm/spinlock.h>

#pragma GCC visibility push(default)

void lock_kernel(void);
void unlock_kernel(void);
int kernel_locked(void);

#pragma GCC visibility pop

#endif /* _LDM_SMP_LOCK_H */
