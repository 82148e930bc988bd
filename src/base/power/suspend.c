// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * suspend.c - suspending devices (drivers/base/power/suspend.c of 2.6.9):
 * children before parents, system devices last.
 */
#include <ldm/export.h>
#include <ldm/sysdev.h>

#include "power.h"

/* Ask @dev's bus to suspend it, unless it is suspended already. */
int suspend_device(struct device *dev, u32 state)
{
	int error = 0;

	dev_dbg(dev, "suspending\n");
	dev->power.prev_state = dev->power.power_state;
	if (dev->bus && dev->bus->suspend && !dev->power.power_state)
		error = dev->bus->suspend(dev, state);
	return error;
}

/**
 * device_suspend - suspend every device, children before parents
 * @state: the state to enter (PM_SUSPEND_*)
 *
 * A bus that answers -EAGAIN defers the device to device_power_down().
 * Any other error stops the walk: the devices already suspended are resumed
 * and the failing one is named in the log.
 * Return: 0, or the error of the device that refused.
 */
int device_suspend(u32 state)
{
	int error = 0;

	down(&dpm_sem);
	while (!list_empty(&dpm_active)) {
		struct device *dev = to_device(dpm_active.prev);

		error = suspend_device(dev, state);
		if (!error) {
			list_move(&dev->power.entry, &dpm_off);
		} else if (error == -EAGAIN) {
			list_move(&dev->power.entry, &dpm_off_irq);
			error = 0;
		} else {
			printk(KERN_ERR "Could not suspend device %s: error %d\n",
			       kobject_name(&dev->kobj), error);
			dpm_resume();
			break;
		}
	}
	up(&dpm_sem);
	return error;
}
EXPORT_SYMBOL_GPL(device_suspend);

/**
 * device_power_down - suspend what device_suspend() deferred, then the
 * system devices
 * @state: the state to enter
 *
 * Return: 0, or the first error, after powering back up what was down.
 */
int device_power_down(u32 state)
{
	struct device *dev;
	int error = 0;

	down(&dpm_sem);
	list_for_each_entry_reverse(dev, &dpm_off_irq, power.entry) {
		error = suspend_device(dev, state);
		if (error)
			break;
	}
	up(&dpm_sem);
	if (!error)
		error = sysdev_suspend(state);
	if (error) {
		printk(KERN_ERR "Could not power down devices: error %d\n", error);
		down(&dpm_sem);
		dpm_power_up();
		up(&dpm_sem);
	}
	return error;
}
EXPORT_SYMBOL_GPL(device_power_down);
