// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bus.c - PCI functions coming and going (drivers/pci/bus.c and remove.c
 * of 2.6.9): pci_bus_add_device() registers a function its bus found, as
 * a device model will, and drivers bind to it; pci_remove_bus_device()
 * takes it away. The list of every function, for the searches.
 */
#include <pthread.h>
#include <stdio.h>
#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/pci.h>

#include "boot.h"
#include "pci.h"

LIST_HEAD(pci_devices);
EXPORT_SYMBOL(pci_devices);
pthread_rwlock_t pci_devices_lock = PTHREAD_RWLOCK_INITIALIZER;

/* /proc/bus/pci's, from the layer above (set at boot, before any function) */
static int (*proc_attach)(struct pci_dev *dev);
static void (*proc_detach)(struct pci_dev *dev);

/**
 * pci_set_proc_ops - lend the bus the calls that make and remove the files
 *	of /proc/bus/pci/BB (drivers/pci/proc.c, a layer above)
 * @attach: pci_proc_attach_device(), or NULL
 * @detach: pci_proc_detach_device(), or NULL
 */
void pci_set_proc_ops(int (*attach)(struct pci_dev *dev), void (*detach)(struct pci_dev *dev))
{
	proc_attach = attach;
	proc_detach = detach;
}

/**
 * pci_bus_add_device - register a function on the "pci" bus
 * @dev: the function, its bus, devfn, ids and resources filled in, and its
 *	dev.release set by whoever allocated it
 *
 * Names it "0000:BB:SS.F" and lists it for the searches; a driver whose
 * table matches binds to it.
 * Return: 0, or device_add()'s error (the caller then puts @dev->dev).
 */
int pci_bus_add_device(struct pci_dev *dev)
{
	int error;

	snprintf(dev->dev.bus_id, sizeof(dev->dev.bus_id), "0000:%02x:%02x.%u",
		 dev->bus ? dev->bus->number : 0, PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn));
	dev->slot_name = dev->dev.bus_id;
	dev->dev.bus = &pci_bus_type;
	if (!dev->dma_mask)
		dev->dma_mask = 0xffffffffULL;
	dev->dev.dma_mask = &dev->dma_mask;
	dev->dev.coherent_dma_mask = 0xffffffffULL;
	if (!dev->cfg_size)
		dev->cfg_size = 256;
	/*
	 * Its reference count is live before the searches can find it: a
	 * pci_get_device() in between would take a reference that the
	 * count's initialisation then forgot.
	 */
	device_initialize(&dev->dev);
	pthread_rwlock_wrlock(&pci_devices_lock);
	list_add_tail(&dev->global_list, &pci_devices);
	pthread_rwlock_unlock(&pci_devices_lock);
	error = device_add(&dev->dev);
	if (error) {
		pthread_rwlock_wrlock(&pci_devices_lock);
		list_del_init(&dev->global_list);
		pthread_rwlock_unlock(&pci_devices_lock);
		return error;
	}
	error = pci_sysfs_add(dev);
	if (error)
		printk(KERN_WARNING "PCI: %s: no config file: %d\n", pci_name(dev), error);
	error = proc_attach ? proc_attach(dev) : 0;
	if (error)
		printk(KERN_WARNING "PCI: %s: no /proc/bus/pci file: %d\n", pci_name(dev), error);
	return 0;
}
EXPORT_SYMBOL_GPL(pci_bus_add_device);

/**
 * pci_remove_bus_device - take a function off the bus
 * @dev: what pci_bus_add_device() registered
 *
 * Its driver is unbound; the last reference releases it.
 */
void pci_remove_bus_device(struct pci_dev *dev)
{
	pthread_rwlock_wrlock(&pci_devices_lock);
	list_del_init(&dev->global_list);
	pthread_rwlock_unlock(&pci_devices_lock);
	if (proc_detach)
		proc_detach(dev);
	pci_sysfs_remove(dev);
	device_unregister(&dev->dev);
}
EXPORT_SYMBOL_GPL(pci_remove_bus_device);

/**
 * pci_dev_get - take a reference on a function
 * @dev: the function, or NULL
 *
 * Return: @dev.
 */
struct pci_dev *pci_dev_get(struct pci_dev *dev)
{
	if (dev)
		get_device(&dev->dev);
	return dev;
}
EXPORT_SYMBOL(pci_dev_get);

/**
 * pci_dev_put - drop a reference pci_dev_get() or a pci_get_ search took
 * @dev: the function, or NULL
 */
void pci_dev_put(struct pci_dev *dev)
{
	if (dev)
		put_device(&dev->dev);
}
EXPORT_SYMBOL(pci_dev_put);
