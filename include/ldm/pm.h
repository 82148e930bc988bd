/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/pm.h> - power management of devices, as <linux/pm.h> of 2.6.9.
 */
#ifndef _LDM_PM_H
#define _LDM_PM_H

#include <ldm/atomic.h>
#include <ldm/list.h>
#include <ldm/reboot.h> /* pm_power_off, as 2.6.9 declares it here */
#include <ldm/types.h>

#pragma GCC visibility push(default)

enum {
	PM_SUSPEND_ON = 0,
	PM_SUSPEND_STANDBY = 1,
	PM_SUSPEND_MEM = 3,
	PM_SUSPEND_DISK = 4,
	PM_SUSPEND_MAX = 5,
};

struct device;

struct dev_pm_info {
	u32 power_state;
	u32 prev_state;
	u8 *saved_state;
	atomic_t pm_users;
	struct device *pm_parent;
	struct list_head entry;
	/* ldm addition: the order of device_pm_add(), kept on dpm_active */
	unsigned long ldm_seq;
};

void device_pm_set_parent(struct device *dev, struct device *parent);

/*
 * 2.6.9's legacy power management (pm_register() and the pm_dev callbacks,
 * for drivers older than the driver model): never called here. Register
 * gives NULL, as 2.6.9 without CONFIG_PM, and the rest do nothing; the
 * driver model's suspend and resume are what run.
 */
typedef int pm_request_t;
typedef int pm_dev_t;
struct pm_dev;
typedef int (*pm_callback)(struct pm_dev *dev, pm_request_t rqst, void *data);

enum {
	PM_SUSPEND,
	PM_RESUME,
	PM_SAVE_STATE,
	PM_SET_WAKEUP,
	PM_GET_RESOURCES,
	PM_SET_RESOURCES,
	PM_EJECT,
	PM_LOCK,
};

enum {
	PM_UNKNOWN_DEV = 0,
	PM_SYS_DEV,
	PM_PCI_DEV,
	PM_USB_DEV,
	PM_SCSI_DEV,
	PM_ISA_DEV,
	PM_MTD_DEV,
};

/* The id of a PM_SYS_DEV: its PnP id (PNP0303...), as 2.6.9 numbers them. */
enum {
	PM_SYS_UNKNOWN = 0x00000000,
	PM_SYS_KBC = 0x41d00303,
	PM_SYS_COM = 0x41d00500,
	PM_SYS_IRDA = 0x41d00510,
	PM_SYS_FDC = 0x41d00700,
	PM_SYS_VGA = 0x41d00900,
	PM_SYS_PCMCIA = 0x41d00e00,
};

struct pm_dev {
	pm_dev_t type;
	unsigned long id;
	pm_callback callback;
	void *data;
	unsigned long flags;
	unsigned long state;
	unsigned long prev_state;
	struct list_head entry;
};

static inline struct pm_dev *pm_register(pm_dev_t type, unsigned long id, pm_callback callback)
{
	(void)type;
	(void)id;
	(void)callback;
	return NULL;
}

static inline void pm_unregister(struct pm_dev *dev)
{
	(void)dev;
}

static inline void pm_unregister_all(pm_callback callback)
{
	(void)callback;
}

static inline int pm_send_all(pm_request_t rqst, void *data)
{
	(void)rqst;
	(void)data;
	return 0;
}

static inline void pm_access(struct pm_dev *dev)
{
	(void)dev;
}

static inline void pm_dev_idle(struct pm_dev *dev)
{
	(void)dev;
}
int device_suspend(u32 state);
int device_power_down(u32 state);
void device_power_up(void);
void device_resume(void);

#pragma GCC visibility pop

#endif /* _LDM_PM_H */
