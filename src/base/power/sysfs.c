// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sysfs.c - the power/state file of every device
 * (drivers/base/power/sysfs.c of 2.6.9): reading gives the device's power
 * state, writing a state suspends it (0 resumes it).
 */
#include <stdio.h>
#include <stdlib.h>

#include "power.h"
#include "sysfs_lazy.h"

static ssize_t state_show(struct device *dev, char *buf)
{
	u32 state;

	/* Under dpm_sem: a store or a suspend may be changing it. */
	down(&dpm_sem);
	state = dev->power.power_state;
	up(&dpm_sem);
	return sprintf(buf, "%u\n", state);
}

static ssize_t state_store(struct device *dev, const char *buf, size_t n)
{
	unsigned long state;
	char *rest;
	int error = 0;

	state = strtoul(buf, &rest, 10);
	if (rest == buf || (*rest && *rest != '\n') || state > PM_SUSPEND_MAX)
		return -EINVAL;
	/*
	 * The bus lock keeps the driver from being unbound under the bus's
	 * suspend(), which reads dev->driver. (System suspend, as in 2.6.9,
	 * assumes nobody binds or unbinds meanwhile: the kernel froze every
	 * process first.)
	 */
	if (dev->bus)
		down_read(&dev->bus->subsys.rwsem);
	if (state)
		error = dpm_runtime_suspend(dev, (u32)state);
	else
		dpm_runtime_resume(dev);
	if (dev->bus)
		up_read(&dev->bus->subsys.rwsem);
	return error ? error : (ssize_t)n;
}

static DEVICE_ATTR(state, 0644, state_show, state_store);

static struct attribute *power_attrs[] = {
	&dev_attr_state.attr,
	NULL,
};

static struct attribute_group pm_attr_group = {
	.name = "power",
	.attrs = power_attrs,
};

int dpm_sysfs_add(struct device *dev)
{
	/* Every device has it: served from here, nodes only once looked up. */
	return sysfs_lazy_group(&dev->kobj, &pm_attr_group);
}

void dpm_sysfs_remove(struct device *dev)
{
	sysfs_remove_group(&dev->kobj, &pm_attr_group);
}
