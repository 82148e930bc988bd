// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * driver.c - PnP drivers on the driver model's "pnp" bus (drivers/pnp/
 * driver.c and core.c of 2.6.9): matching by EISA id, probe and remove,
 * and the devices a PnP protocol (a device model, here) adds.
 */
#include <pthread.h>
#include <stdio.h>
#include <strings.h>
#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/pnp.h>

#include "boot.h"

LIST_HEAD(pnp_global);
EXPORT_SYMBOL(pnp_global);
static pthread_mutex_t pnp_lock = PTHREAD_MUTEX_INITIALIZER;
static int pnp_next_number;

/* Whether @ids has an entry for one of @dev's ids; the entry. */
static const struct pnp_device_id *match_device(const struct pnp_driver *drv,
						const struct pnp_dev *dev)
{
	const struct pnp_device_id *ids;
	const struct pnp_id *id;

	for (ids = drv->id_table; ids && ids->id[0]; ids++)
		for (id = dev->id; id; id = id->next)
			if (!strncasecmp(ids->id, id->id, PNP_ID_LEN))
				return ids;
	return NULL;
}

static int pnp_bus_match(struct device *dev, struct device_driver *drv)
{
	return match_device(to_pnp_driver(drv), to_pnp_dev(dev)) != NULL;
}

static int pnp_device_probe(struct device *dev)
{
	struct pnp_driver *drv = to_pnp_driver(dev->driver);
	struct pnp_dev *pdev = to_pnp_dev(dev);
	const struct pnp_device_id *id = match_device(drv, pdev);
	int error;

	if (!id || !drv->probe)
		return -ENODEV;
	pdev->driver = drv;
	error = drv->probe(pdev, id);
	if (error)
		pdev->driver = NULL;
	return error;
}

static int pnp_device_remove(struct device *dev)
{
	struct pnp_dev *pdev = to_pnp_dev(dev);

	if (pdev->driver && pdev->driver->remove)
		pdev->driver->remove(pdev);
	pdev->driver = NULL;
	return 0;
}

struct bus_type pnp_bus_type = {
	.name = "pnp",
	.match = pnp_bus_match,
};
EXPORT_SYMBOL(pnp_bus_type);

/**
 * pnp_register_driver - register a PnP driver
 * @drv: the driver, with its name and id table
 *
 * Return: as 2.6.9, the number of devices it bound to now (0 with none
 * on the bus), or the driver core's negative error.
 */
int pnp_register_driver(struct pnp_driver *drv)
{
	struct pnp_dev *dev;
	int count = 0, error;

	drv->driver.name = drv->name;
	drv->driver.bus = &pnp_bus_type;
	drv->driver.probe = pnp_device_probe;
	drv->driver.remove = pnp_device_remove;
	error = driver_register(&drv->driver);
	if (error)
		return error;
	pthread_mutex_lock(&pnp_lock);
	list_for_each_entry(dev, &pnp_global, global_list)
		if (dev->driver == drv)
			count++;
	pthread_mutex_unlock(&pnp_lock);
	return count;
}
EXPORT_SYMBOL(pnp_register_driver);

/**
 * pnp_unregister_driver - unregister a PnP driver, unbinding it first
 * @drv: the driver
 */
void pnp_unregister_driver(struct pnp_driver *drv)
{
	driver_unregister(&drv->driver);
}
EXPORT_SYMBOL(pnp_unregister_driver);

/**
 * pnp_add_device - register a PnP device (what a protocol does)
 * @dev: the device, its ids, name and resources filled in, dev.release set
 *
 * Return: 0, or device_register()'s error.
 */
int pnp_add_device(struct pnp_dev *dev)
{
	int error;

	pthread_mutex_lock(&pnp_lock);
	dev->number = (unsigned char)pnp_next_number++;
	list_add_tail(&dev->global_list, &pnp_global);
	pthread_mutex_unlock(&pnp_lock);
	snprintf(dev->dev.bus_id, sizeof(dev->dev.bus_id), "00:%02x", dev->number);
	dev->dev.bus = &pnp_bus_type;
	error = device_register(&dev->dev);
	if (error) {
		pthread_mutex_lock(&pnp_lock);
		list_del_init(&dev->global_list);
		pthread_mutex_unlock(&pnp_lock);
	}
	return error;
}
EXPORT_SYMBOL_GPL(pnp_add_device);

/**
 * pnp_remove_device - take a PnP device away
 * @dev: what pnp_add_device() registered
 */
void pnp_remove_device(struct pnp_dev *dev)
{
	pthread_mutex_lock(&pnp_lock);
	list_del_init(&dev->global_list);
	pthread_mutex_unlock(&pnp_lock);
	device_unregister(&dev->dev);
}
EXPORT_SYMBOL_GPL(pnp_remove_device);

/**
 * pnp_activate_dev - turn a device's resources on (they are fixed here)
 * @dev: the device
 *
 * Return: 0.
 */
int pnp_activate_dev(struct pnp_dev *dev)
{
	dev->active = 1;
	return 0;
}
EXPORT_SYMBOL(pnp_activate_dev);

/**
 * pnp_disable_dev - turn a device's resources off
 * @dev: the device
 *
 * Return: 0.
 */
int pnp_disable_dev(struct pnp_dev *dev)
{
	dev->active = 0;
	return 0;
}
EXPORT_SYMBOL(pnp_disable_dev);

/**
 * pnp_init - the "pnp" bus
 *
 * Return: 0, or bus_register()'s error.
 */
int pnp_init(void)
{
	return bus_register(&pnp_bus_type);
}

/**
 * pnp_exit - take the "pnp" bus away
 */
void pnp_exit(void)
{
	bus_unregister(&pnp_bus_type);
}
