/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/suspend.h> - the freezer hooks of <linux/suspend.h> in 2.6.9: a
 * kernel thread that finds PF_FREEZE in current->flags calls
 * refrigerator(PF_FREEZE) and sleeps there until the system resumes.
 */
#ifndef _LDM_SUSPEND_H
#define _LDM_SUSPEND_H

#include <ldm/pm.h>
#include <ldm/sched.h>

#pragma GCC visibility push(default)

void refrigerator(unsigned long flag);
int freeze_processes(void);
void thaw_processes(void);

#pragma GCC visibility pop

#endif /* _LDM_SUSPEND_H */
