// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * main.c - the power-management lists of devices
 * (drivers/base/power/main.c of 2.6.9).
 */
#include <ldm/export.h>

#include "power.h"

LIST_HEAD(dpm_active);
LIST_HEAD(dpm_off);
LIST_HEAD(dpm_off_irq);
DECLARE_MUTEX(dpm_sem);

static void device_pm_hold(struct device *dev)
{
	if (dev)
		atomic_inc(&dev->power.pm_users);
}

static void device_pm_release(struct device *dev)
{
	if (dev)
		atomic_dec(&dev->power.pm_users);
}

/**
 * device_pm_set_parent - set the device power management must treat as
 * @dev's parent
 * @dev: the device
 * @parent: its power parent
 */
void device_pm_set_parent(struct device *dev, struct device *parent)
{
	struct device *old_parent = dev->power.pm_parent;

	device_pm_release(old_parent);
	dev->power.pm_parent = parent;
	device_pm_hold(parent);
}
EXPORT_SYMBOL_GPL(device_pm_set_parent);

static unsigned long dpm_next_seq;

/**
 * dpm_active_add - put a device back on dpm_active, in the order of
 * device_pm_add(), so that a cycle that resumed devices out of that order
 * (deferred ones first) leaves the next cycle's order intact; under dpm_sem
 * @dev: the device
 */
void dpm_active_add(struct device *dev)
{
	struct list_head *pos;

	/* Devices mostly come back in order: look from the end. */
	list_for_each_prev(pos, &dpm_active)
		if (to_device(pos)->power.ldm_seq < dev->power.ldm_seq)
			break;
	list_add(&dev->power.entry, pos);
}

/* Add @dev at the end of dpm_active, with its power/ files. */
int device_pm_add(struct device *dev)
{
	int error;

	pr_debug("PM: Adding info for %s:%s\n", dev->bus ? dev->bus->name : "No Bus",
		 kobject_name(&dev->kobj));
	atomic_set(&dev->power.pm_users, 0);
	error = dpm_sysfs_add(dev);
	if (error)
		return error;
	down(&dpm_sem);
	dev->power.ldm_seq = ++dpm_next_seq;
	list_add_tail(&dev->power.entry, &dpm_active);
	device_pm_set_parent(dev, dev->parent);
	up(&dpm_sem);
	return 0;
}

void device_pm_remove(struct device *dev)
{
	pr_debug("PM: Removing info for %s:%s\n", dev->bus ? dev->bus->name : "No Bus",
		 kobject_name(&dev->kobj));
	dpm_sysfs_remove(dev);
	down(&dpm_sem);
	device_pm_release(dev->power.pm_parent);
	dev->power.pm_parent = NULL;
	list_del_init(&dev->power.entry);
	up(&dpm_sem);
}
