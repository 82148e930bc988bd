// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * runtime.c - suspending and resuming one device at run time, through its
 * power/state file (drivers/base/power/runtime.c of 2.6.9).
 */
#include "power.h"

static void runtime_resume(struct device *dev)
{
	dev_dbg(dev, "resuming\n");
	if (!dev->power.power_state)
		return;
	if (!resume_device(dev))
		dev->power.power_state = 0;
}

/**
 * dpm_runtime_resume - resume one device
 * @dev: the device
 */
void dpm_runtime_resume(struct device *dev)
{
	down(&dpm_sem);
	runtime_resume(dev);
	up(&dpm_sem);
}

/**
 * dpm_runtime_suspend - put one device into a state
 * @dev: the device
 * @state: the state
 *
 * Return: 0, or the error of the bus's suspend().
 */
int dpm_runtime_suspend(struct device *dev, u32 state)
{
	int error = 0;

	down(&dpm_sem);
	if (dev->power.power_state == state)
		goto out;
	if (dev->power.power_state)
		runtime_resume(dev);
	error = suspend_device(dev, state);
	if (!error)
		dev->power.power_state = state;
out:
	up(&dpm_sem);
	return error;
}
