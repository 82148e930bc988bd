/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/pm.h> - power management of devices, as <linux/pm.h> of 2.6.9.
 */
#ifndef _LDM_PM_H
#define _LDM_PM_H

#include <ldm/atomic.h>
#include <ldm/list.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

enum {
	PM_SUSPEND_ON = 0,
	PM_SUSPEND_STANDBY = 1,
	PM_SUSPEND_MEM = 3,
	PM_SUSPEND_DISK = 4,
	PM_SUSPEND_MAX = 5,
};

struct device;

struct dev_pm_info {
	u32 power_state;
	u32 prev_state;
	u8 *saved_state;
	atomic_t pm_users;
	struct device *pm_parent;
	struct list_head entry;
	/* ldm addition: the order of device_pm_add(), kept on dpm_active */
	unsigned long ldm_seq;
};

void device_pm_set_parent(struct device *dev, struct device *parent);
int device_suspend(u32 state);
int device_power_down(u32 state);
void device_power_up(void);
void device_resume(void);

#pragma GCC visibility pop

#endif /* _LDM_PM_H */
