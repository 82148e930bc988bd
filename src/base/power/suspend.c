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
 * dpm_suspend_one - suspend @dev as the system suspends it: under
 * @dev->sem, so that its driver is not bound or unbound meanwhile
 * @dev: the device, which the caller holds a reference on
 * @state: the state to enter
 *
 * Called with dpm_sem held; it is dropped while the driver is called (a
 * driver's probe or remove, under @dev->sem, may add or remove devices),
 * so @dev may leave its list meanwhile: the caller looks.
 * Return: the bus's answer.
 */
int dpm_suspend_one(struct device *dev, u32 state)
{
	int error;

	up(&dpm_sem);
	down(&dev->sem);
	error = suspend_device(dev, state);
	up(&dev->sem);
	down(&dpm_sem);
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
		struct device *dev = get_device(to_device(dpm_active.prev));

		error = dpm_suspend_one(dev, state);
		if (list_empty(&dev->power.entry)) {
			error = 0; /* removed meanwhile */
		} else if (!error) {
			list_move(&dev->power.entry, &dpm_off);
		} else if (error == -EAGAIN) {
			list_move(&dev->power.entry, &dpm_off_irq);
			error = 0;
		} else {
			printk(KERN_ERR "Could not suspend device %s: error %d\n",
			       kobject_name(&dev->kobj), error);
		}
		put_device(dev);
		if (error) {
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
	LIST_HEAD(done);
	struct device *dev;
	int error = 0;

	down(&dpm_sem);
	/* Last first; each moved aside while dpm_sem is dropped for it. */
	while (!error && !list_empty(&dpm_off_irq)) {
		dev = get_device(to_device(dpm_off_irq.prev));
		list_move(&dev->power.entry, &done);
		error = dpm_suspend_one(dev, state);
		put_device(dev);
	}
	while (!list_empty(&done))
		list_move_tail(done.next, &dpm_off_irq);
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
