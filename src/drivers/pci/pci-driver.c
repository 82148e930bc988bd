// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * pci-driver.c - PCI drivers on the driver model's "pci" bus
 * (drivers/pci/pci-driver.c of 2.6.9): matching by id table, probe and
 * remove through the struct pci_driver, suspend and resume.
 */
#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>
#include <ldm/pci.h>

#include "boot.h"
#include "pci.h"

/* Whether @id matches @dev (PCI_ANY_ID matching anything). */
static bool pci_id_matches(const struct pci_device_id *id, const struct pci_dev *dev)
{
	return (id->vendor == (unsigned int)PCI_ANY_ID || id->vendor == dev->vendor) &&
	       (id->device == (unsigned int)PCI_ANY_ID || id->device == dev->device) &&
	       (id->subvendor == (unsigned int)PCI_ANY_ID ||
		id->subvendor == dev->subsystem_vendor) &&
	       (id->subdevice == (unsigned int)PCI_ANY_ID ||
		id->subdevice == dev->subsystem_device) &&
	       !((id->class ^ dev->class) & id->class_mask);
}

/**
 * pci_match_device - the first entry of an id table that matches a function
 * @ids: the table, ended by an entry with vendor, subvendor and class_mask 0
 * @dev: the function
 *
 * Return: the entry, or NULL.
 */
const struct pci_device_id *pci_match_device(const struct pci_device_id *ids,
					     const struct pci_dev *dev)
{
	for (; ids && (ids->vendor || ids->subvendor || ids->class_mask); ids++)
		if (pci_id_matches(ids, dev))
			return ids;
	return NULL;
}
EXPORT_SYMBOL(pci_match_device);

static int pci_bus_match(struct device *dev, struct device_driver *drv)
{
	return pci_match_device(to_pci_driver(drv)->id_table, to_pci_dev(dev)) != NULL;
}

static int pci_device_probe(struct device *dev)
{
	struct pci_driver *drv = to_pci_driver(dev->driver);
	struct pci_dev *pdev = to_pci_dev(dev);
	const struct pci_device_id *id;
	int error;

	if (!drv->probe)
		return -ENODEV;
	id = pci_match_device(drv->id_table, pdev);
	if (!id)
		return -ENODEV;
	pci_dev_get(pdev);
	pdev->driver = drv;
	error = drv->probe(pdev, id);
	if (error) {
		pdev->driver = NULL;
		pci_dev_put(pdev);
		return error;
	}
	return 0;
}

static int pci_device_remove(struct device *dev)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	struct pci_driver *drv = pdev->driver;

	if (drv) {
		if (drv->remove)
			drv->remove(pdev);
		pdev->driver = NULL;
	}
	pci_dev_put(pdev);
	return 0;
}

static int pci_device_suspend(struct device *dev, u32 state)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	struct pci_driver *drv = pdev->driver;

	if (drv && drv->suspend)
		return drv->suspend(pdev, state);
	return 0;
}

static int pci_device_resume(struct device *dev)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	struct pci_driver *drv = pdev->driver;

	if (drv && drv->resume)
		return drv->resume(pdev);
	return 0;
}

/*
 * The event variables of 2.6.9's pci_hotplug(): PCI_CLASS, PCI_ID,
 * PCI_SUBSYS_ID, PCI_SLOT_NAME; and MODALIAS as modern Linux adds it, what
 * a module's pci: alias matches (udev's autoload, ldmd --modules).
 */
static int pci_hotplug(struct device *dev, char **envp, int num_envp, char *buffer, int buffer_size)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	int i = 0, len = 0;

	if (add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "PCI_CLASS=%04X",
				pdev->class) ||
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "PCI_ID=%04X:%04X",
				pdev->vendor, pdev->device) ||
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len,
				"PCI_SUBSYS_ID=%04X:%04X", pdev->subsystem_vendor,
				pdev->subsystem_device) ||
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "PCI_SLOT_NAME=%s",
				pci_name(pdev)) ||
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len,
				"MODALIAS=pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X",
				pdev->vendor, pdev->device, pdev->subsystem_vendor,
				pdev->subsystem_device, (pdev->class >> 16) & 0xff,
				(pdev->class >> 8) & 0xff, pdev->class & 0xff))
		return -ENOMEM;
	return 0;
}

struct bus_type pci_bus_type = {
	.name = "pci",
	.match = pci_bus_match,
	.hotplug = pci_hotplug,
	.dev_attrs = pci_dev_attrs,
	.suspend = pci_device_suspend,
	.resume = pci_device_resume,
};
EXPORT_SYMBOL(pci_bus_type);

/**
 * pci_register_driver - register a PCI driver
 * @drv: the driver, with its name and id table
 *
 * It binds to every function on the bus its table matches, now and when
 * one is added.
 * Return: 0, or the driver core's error. (2.6.9 returned the number of
 * functions bound, or 1 for none; pci_module_init() turned that into 0,
 * which is what every caller here sees.)
 */
int pci_register_driver(struct pci_driver *drv)
{
	drv->driver.name = drv->name;
	drv->driver.bus = &pci_bus_type;
	drv->driver.probe = pci_device_probe;
	drv->driver.remove = pci_device_remove;
	return driver_register(&drv->driver);
}
EXPORT_SYMBOL(pci_register_driver);

/**
 * pci_unregister_driver - unregister a PCI driver, unbinding it first
 * @drv: the driver
 */
void pci_unregister_driver(struct pci_driver *drv)
{
	driver_unregister(&drv->driver);
}
EXPORT_SYMBOL(pci_unregister_driver);

/**
 * pci_dev_driver - the driver bound to a function
 * @dev: the function
 *
 * Return: it, or NULL.
 */
struct pci_driver *pci_dev_driver(const struct pci_dev *dev)
{
	return dev->driver;
}
EXPORT_SYMBOL(pci_dev_driver);

/**
 * pci_driver_init - the "pci" bus
 *
 * Return: 0, or bus_register()'s error.
 */
int pci_driver_init(void)
{
	int error = bus_register(&pci_bus_type);

	if (error)
		return error;
	error = pci_host_init();
	if (error)
		bus_unregister(&pci_bus_type);
	return error;
}

/**
 * pci_driver_exit - take the "pci" bus away
 */
void pci_driver_exit(void)
{
	pci_host_exit();
	bus_unregister(&pci_bus_type);
}
