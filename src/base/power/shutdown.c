// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * shutdown.c - shutting devices down (drivers/base/power/shutdown.c of
 * 2.6.9), at ldm_exit(), and when a device leaves its driver.
 */
#include <ldm/sysdev.h>

#include "../base.h"
#include "power.h"

#define DEVICE_PM_OFF 3

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
 *
 * Walks the devices kset, as 2.6.9 does, not dpm_active: a suspend cycle
 * reorders dpm_active (deferred devices come back first) and takes the
 * suspended devices off it, while the kset keeps every device in the order
 * added, parents before children.
 */
void device_shutdown(void)
{
	struct device *dev;

	down_read(&devices_subsys.rwsem);
	list_for_each_entry_reverse(dev, &devices_subsys.kset.list, kobj.entry) {
		pr_debug("shutting down %s\n", dev->bus_id);
		if (dev->driver && dev->driver->shutdown)
			dev->driver->shutdown(dev);
	}
	up_read(&devices_subsys.rwsem);
	sysdev_shutdown();
}
