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

/*
 * Resume @dev, held by the caller, as dpm_suspend_one() suspends it: under
 * @dev->sem, with dpm_sem (which the caller has) dropped meanwhile.
 */
static void dpm_resume_one(struct device *dev)
{
	up(&dpm_sem);
	down(&dev->sem);
	resume_device(dev);
	up(&dev->sem);
	down(&dpm_sem);
}

/*
 * Move the devices of @from, resumed, to dpm_active in list order (those
 * with @check_prev and a state of their own from before are left so); each
 * waits on a list of this walk while it resumes, and is left off if it is
 * removed meanwhile. Under dpm_sem.
 */
static void dpm_resume_list(struct list_head *from, bool check_prev)
{
	LIST_HEAD(resuming);

	while (!list_empty(from)) {
		struct device *dev = get_device(to_device(from->next));

		list_move_tail(&dev->power.entry, &resuming);
		if (!check_prev || !dev->power.prev_state)
			dpm_resume_one(dev);
		if (!list_empty(&dev->power.entry)) {
			list_del(&dev->power.entry);
			dpm_active_add(dev);
		}
		put_device(dev);
	}
}

/* Resume what device_suspend() suspended, in list order; under dpm_sem. */
void dpm_resume(void)
{
	dpm_resume_list(&dpm_off, true);
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
	dpm_resume_list(&dpm_off_irq, false);
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
