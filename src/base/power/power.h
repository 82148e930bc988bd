/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * power.h - what the power-management files of the driver core share
 * (drivers/base/power/power.h).
 *
 * dpm_active holds every added device in the order added, so parents come
 * before children (devices coming back from a suspend are put back in that
 * order, by the sequence number device_pm_add() gave them); suspend walks it from the end (children first) and moves
 * devices to dpm_off (or dpm_off_irq, when a bus asks with -EAGAIN to be
 * suspended with interrupts off); resume walks dpm_off from the front
 * (parents first). dpm_sem guards the three lists; the walks drop it while
 * they call a driver, which they do under the device's sem, as binding and
 * unbinding do.
 */
#ifndef _LDM_BASE_POWER_H
#define _LDM_BASE_POWER_H

#include <ldm/device.h>

#define to_device(pos) container_of(pos, struct device, power.entry)

extern struct list_head dpm_active;
extern struct list_head dpm_off;
extern struct list_head dpm_off_irq;
extern struct semaphore dpm_sem;

int device_pm_add(struct device *dev);
void dpm_active_add(struct device *dev);
void device_pm_remove(struct device *dev);

int dpm_sysfs_add(struct device *dev);
void dpm_sysfs_remove(struct device *dev);

int suspend_device(struct device *dev, u32 state);
int dpm_suspend_one(struct device *dev, u32 state);
int resume_device(struct device *dev);
void dpm_resume(void);
void dpm_power_up(void);

int dpm_runtime_suspend(struct device *dev, u32 state);
void dpm_runtime_resume(struct device *dev);

int device_detach_shutdown(struct device *dev);

#endif /* _LDM_BASE_POWER_H */
