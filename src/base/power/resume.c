// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * resume.c - resuming devices (drivers/base/power/resume.c of 2.6.9):
 * system devices first, then parents before children.
 */
#include <ldm/export.h>
#include <ldm/sysdev.h>

#include "power.h"

/* Ask @dev's bus to resume it. */
int resume_device(struct device *dev)
{
	if (dev->bus && dev->bus->resume)
		return dev->bus->resume(dev);
	return 0;
}

/* Resume what device_suspend() suspended, in list order; under dpm_sem. */
void dpm_resume(void)
{
	while (!list_empty(&dpm_off)) {
		struct list_head *entry = dpm_off.next;
		struct device *dev = to_device(entry);

		list_del_init(entry);
		if (!dev->power.prev_state)
			resume_device(dev);
		dpm_active_add(dev);
	}
}

/**
 * device_resume - resume every device device_suspend() suspended,
 * parents before children
 */
void device_resume(void)
{
	down(&dpm_sem);
	dpm_resume();
	up(&dpm_sem);
}
EXPORT_SYMBOL_GPL(device_resume);

/* Power up what device_power_down() powered down; under dpm_sem. */
void dpm_power_up(void)
{
	while (!list_empty(&dpm_off_irq)) {
		struct list_head *entry = dpm_off_irq.next;

		list_del_init(entry);
		resume_device(to_device(entry));
		dpm_active_add(to_device(entry));
	}
}

/**
 * device_power_up - power up the system devices, then what
 * device_power_down() powered down
 */
void device_power_up(void)
{
	sysdev_resume();
	down(&dpm_sem);
	dpm_power_up();
	up(&dpm_sem);
}
EXPORT_SYMBOL_GPL(device_power_up);
