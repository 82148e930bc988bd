// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * shutdown.c - shutting devices down (drivers/base/power/shutdown.c of
 * 2.6.9), at ldm_exit(), and when a device leaves its driver.
 */
#include <ldm/sysdev.h>

#include "../base.h"
#include "power.h"

#define DEVICE_PM_OFF	3

/* What a device is put into when its driver lets go of it. */
int device_detach_shutdown(struct device *dev)
{
	if (!dev->detach_state)
		return 0;
	if (dev->detach_state == DEVICE_PM_OFF) {
		if (dev->driver && dev->driver->shutdown)
			dev->driver->shutdown(dev);
		return 0;
	}
	return dpm_runtime_suspend(dev, dev->detach_state);
}

/**
 * device_shutdown - call every bound driver's shutdown(), children first,
 * then shut the system devices down
 */
void device_shutdown(void)
{
	struct device *dev;

	down(&dpm_sem);
	list_for_each_entry_reverse(dev, &dpm_active, power.entry) {
		pr_debug("shutting down %s\n", dev->bus_id);
		if (dev->driver && dev->driver->shutdown)
			dev->driver->shutdown(dev);
	}
	up(&dpm_sem);
	sysdev_shutdown();
}
