// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * platform.c - the platform bus (drivers/base/platform.c of 2.6.9): devices
 * that sit directly on the system, matched to drivers by name; in the
 * modern tree each with a modalias file and MODALIAS in its events.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/of_device.h>
#include <ldm/slab.h>

#include "base.h"
#include "sysfs_compat.h"

/* The parent of every platform device: /devices/platform. */
struct device platform_bus = {
	.bus_id = "platform",
};
EXPORT_SYMBOL_GPL(platform_bus);

/**
 * platform_get_resource - the @num-th resource of a type of a device
 * @dev: the platform device
 * @type: IORESOURCE_MEM, IORESOURCE_IO, IORESOURCE_IRQ or IORESOURCE_DMA
 * @num: which one of that type, from 0
 *
 * Return: the resource, or NULL.
 */
struct resource *platform_get_resource(struct platform_device *dev, unsigned int type,
				       unsigned int num)
{
	u32 i;

	for (i = 0; i < dev->num_resources; i++) {
		struct resource *r = &dev->resource[i];

		if ((r->flags &
		     (IORESOURCE_IO | IORESOURCE_MEM | IORESOURCE_IRQ | IORESOURCE_DMA)) == type)
			if (num-- == 0)
				return r;
	}
	return NULL;
}
EXPORT_SYMBOL_GPL(platform_get_resource);

/**
 * platform_get_irq - the @num-th interrupt of a device
 * @dev: the platform device
 * @num: which one, from 0
 *
 * Return: the interrupt number, or 0 if there is none (as 2.6.9).
 */
int platform_get_irq(struct platform_device *dev, unsigned int num)
{
	struct resource *r = platform_get_resource(dev, IORESOURCE_IRQ, num);

	return r ? (int)r->start : 0;
}
EXPORT_SYMBOL_GPL(platform_get_irq);

/**
 * platform_add_devices - register several platform devices, all or none
 * @devs: the devices
 * @num: how many
 */
int platform_add_devices(struct platform_device **devs, int num)
{
	int i, ret = 0;

	for (i = 0; i < num; i++) {
		ret = platform_device_register(devs[i]);
		if (ret) {
			while (--i >= 0)
				platform_device_unregister(devs[i]);
			break;
		}
	}
	return ret;
}

/* The tree a resource belongs in, or NULL for IRQ and DMA. */
static struct resource *resource_root(struct resource *r)
{
	if (r->flags & IORESOURCE_MEM)
		return &iomem_resource;
	if (r->flags & IORESOURCE_IO)
		return &ioport_resource;
	return NULL;
}

static void release_resources(struct platform_device *pdev, u32 n)
{
	while (n-- > 0)
		if (resource_root(&pdev->resource[n]))
			release_resource(&pdev->resource[n]);
}

/**
 * platform_device_add - add an initialized platform device (modern Linux
 * split this out of platform_device_register())
 * @pdev: the device, with name, id and resources set
 *
 * The device is named "<name><id>", or "<name>" when id is -1, and placed
 * under /devices/platform unless it has a parent. Its memory and I/O
 * resources are claimed in the resource trees first.
 * Return: 0; -EBUSY if a resource overlaps one already claimed; or the
 * error of device_add(), with the resources given back.
 */
int platform_device_add(struct platform_device *pdev)
{
	u32 i;
	int ret;

	if (!pdev || !pdev->name)
		return -EINVAL;
	if (!pdev->dev.parent)
		pdev->dev.parent = &platform_bus;
	pdev->dev.bus = &platform_bus_type;
	if (pdev->id != (u32)-1)
		snprintf(pdev->dev.bus_id, BUS_ID_SIZE, "%s%u", pdev->name, pdev->id);
	else
		snprintf(pdev->dev.bus_id, BUS_ID_SIZE, "%s", pdev->name);

	for (i = 0; i < pdev->num_resources; i++) {
		struct resource *p, *r = &pdev->resource[i];

		r->name = pdev->dev.bus_id;
		p = resource_root(r);
		if (p && request_resource(p, r)) {
			printk(KERN_ERR "%s: failed to claim resource %u\n", pdev->dev.bus_id, i);
			release_resources(pdev, i);
			return -EBUSY;
		}
	}
	pr_debug("Registering platform device '%s'. Parent at %s\n", pdev->dev.bus_id,
		 pdev->dev.parent->bus_id);
	ret = device_add(&pdev->dev);
	if (ret)
		release_resources(pdev, pdev->num_resources);
	return ret;
}
EXPORT_SYMBOL_GPL(platform_device_add);

/**
 * platform_device_register - initialize and add a platform device
 * @pdev: the device
 *
 * Return: as platform_device_add(). On error the device holds the
 * reference of device_initialize(), dropped with put_device().
 */
int platform_device_register(struct platform_device *pdev)
{
	if (!pdev)
		return -EINVAL;
	device_initialize(&pdev->dev);
	return platform_device_add(pdev);
}
EXPORT_SYMBOL_GPL(platform_device_register);

/**
 * platform_device_unregister - remove a platform device and give its
 * resources back, once the driver's remove() has run (modern Linux's order;
 * 2.6.9 gave them back first)
 * @pdev: the device
 */
void platform_device_unregister(struct platform_device *pdev)
{
	if (!pdev)
		return;
	/* The driver's remove() may still use its ranges: give them back after. */
	device_del(&pdev->dev);
	release_resources(pdev, pdev->num_resources);
	put_device(&pdev->dev);
}
EXPORT_SYMBOL_GPL(platform_device_unregister);

struct platform_object {
	struct platform_device pdev;
	struct resource resources[];
};

static void platform_device_release_simple(struct device *dev)
{
	struct platform_device *pdev = to_platform_device(dev);

	kfree(container_of(pdev, struct platform_object, pdev));
}

/**
 * platform_device_register_simple - allocate and add a platform device
 * @name: its name (not copied: it must outlive the device)
 * @id: its id, or -1
 * @res: resources, copied
 * @num: how many
 *
 * Return: the device, or an ERR_PTR; the device frees itself when
 * unregistered.
 */
struct platform_device *platform_device_register_simple(char *name, unsigned int id,
							struct resource *res, unsigned int num)
{
	struct platform_object *pobj;
	int retval;

	pobj = kzalloc(sizeof(*pobj) + sizeof(struct resource) * num, GFP_KERNEL);
	if (!pobj)
		return ERR_PTR(-ENOMEM);
	pobj->pdev.name = name;
	pobj->pdev.id = id;
	pobj->pdev.dev.release = platform_device_release_simple;
	if (num) {
		memcpy(pobj->resources, res, sizeof(struct resource) * num);
		pobj->pdev.resource = pobj->resources;
		pobj->pdev.num_resources = num;
	}
	device_initialize(&pobj->pdev.dev);
	retval = platform_device_add(&pobj->pdev);
	if (retval) {
		put_device(&pobj->pdev.dev); /* release frees it */
		return ERR_PTR(retval);
	}
	return &pobj->pdev;
}
EXPORT_SYMBOL_GPL(platform_device_register_simple);

/* The entry of @id naming @pdev, or NULL. */
static const struct platform_device_id *platform_match_id(const struct platform_device_id *id,
							  struct platform_device *pdev)
{
	for (; id->name[0]; id++)
		if (!strncmp(pdev->name, id->name, PLATFORM_NAME_SIZE))
			return id;
	return NULL;
}

/*
 * A device made from a board's node matches a driver whose of_match_table
 * has its compatible (modern Linux); a driver with an id_table matches the
 * devices it names (modern Linux), one without any device of its name
 * (2.6.9).
 */
static int platform_match(struct device *dev, struct device_driver *drv)
{
	struct platform_device *pdev = to_platform_device(dev);

	if (of_match_device(drv->of_match_table, dev))
		return 1;
	if (drv->id_table) {
		pdev->id_entry = platform_match_id(drv->id_table, pdev);
		return pdev->id_entry != NULL;
	}
	return strncmp(pdev->name, drv->name, BUS_ID_SIZE) == 0;
}

/*
 * Without a node, platform_match matches by name only: let the bus index
 * drivers by name (those with an id_table are tried on every device, see
 * bus.c). A device with a node is tried on every driver.
 */
static const char *platform_match_name(struct device *dev)
{
	return dev->of_node ? NULL : to_platform_device(dev)->name;
}

/* "of:N...T...C..." for a device made from a node, else "platform:<name>". */
static ssize_t modalias_show(struct device *dev, char *buf)
{
	ssize_t len = of_device_modalias(dev, buf, PAGE_SIZE - 1);

	if (len == -ENODEV)
		len = snprintf(buf, PAGE_SIZE - 1, "platform:%s", to_platform_device(dev)->name);
	if (len > (ssize_t)PAGE_SIZE - 2)
		len = (ssize_t)PAGE_SIZE - 2;
	buf[len++] = '\n';
	buf[len] = '\0';
	return len;
}

/* Modern tree: the attributes every platform device has. */
static struct device_attribute platform_dev_attrs[] = {
	{ .attr = { .name = "modalias", .mode = 0444, .ldm_flags = LDM_ATTR_STABLE },
	  .show = modalias_show },
	__ATTR_NULL,
};

/* Modern tree: MODALIAS, what a module's alias must match to drive it. */
static int platform_hotplug(struct device *dev, char **envp, int num_envp, char *buffer,
			    int buffer_size)
{
	int i = 0, len = 0, error;

	if (!ldm_sysfs_modern())
		return 0;
	error = of_device_uevent_modalias(dev, envp, num_envp, &i, buffer, buffer_size, &len);
	if (error != -ENODEV)
		return error;
	return add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len,
				   "MODALIAS=platform:%s", to_platform_device(dev)->name);
}

static int platform_suspend(struct device *dev, u32 state)
{
	int ret = 0;

	if (dev->driver && dev->driver->suspend) {
		ret = dev->driver->suspend(dev, state, SUSPEND_DISABLE);
		if (ret == 0)
			ret = dev->driver->suspend(dev, state, SUSPEND_SAVE_STATE);
		if (ret == 0)
			ret = dev->driver->suspend(dev, state, SUSPEND_POWER_DOWN);
	}
	return ret;
}

static int platform_resume(struct device *dev)
{
	int ret = 0;

	if (dev->driver && dev->driver->resume) {
		ret = dev->driver->resume(dev, RESUME_POWER_ON);
		if (ret == 0)
			ret = dev->driver->resume(dev, RESUME_RESTORE_STATE);
		if (ret == 0)
			ret = dev->driver->resume(dev, RESUME_ENABLE);
	}
	return ret;
}

struct bus_type platform_bus_type = {
	.name = "platform",
	.match = platform_match,
	.match_name = platform_match_name,
	.hotplug = platform_hotplug,
	.suspend = platform_suspend,
	.resume = platform_resume,
};
EXPORT_SYMBOL_GPL(platform_bus_type);

/**
 * dma_get_required_mask - the DMA mask that covers all of memory, within
 * what the device can address
 * @dev: the device, with dma_mask set
 *
 * Userspace has no physical memory to cover: the answer is the device's own
 * mask, or 32 bits when it has none.
 */
u64 dma_get_required_mask(struct device *dev)
{
	return dev->dma_mask ? *dev->dma_mask : 0xffffffffULL;
}
EXPORT_SYMBOL_GPL(dma_get_required_mask);

/* platform_bus is static: nothing to free. */
static void platform_bus_release(struct device *dev)
{
	(void)dev;
}

int platform_bus_init(void)
{
	int error;

	platform_bus.release = platform_bus_release;
	platform_bus_type.dev_attrs = ldm_sysfs_modern() ? platform_dev_attrs : NULL;
	error = device_register(&platform_bus);
	if (error) {
		put_device(&platform_bus);
		return error;
	}
	error = bus_register(&platform_bus_type);
	if (error)
		device_unregister(&platform_bus);
	return error;
}

void platform_bus_exit(void)
{
	bus_unregister(&platform_bus_type);
	device_unregister(&platform_bus);
}
