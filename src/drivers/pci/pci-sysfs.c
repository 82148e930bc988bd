// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * pci-sysfs.c - the files of /sys/bus/pci/devices/0000:BB:SS.F
 * (drivers/pci/pci-sysfs.c of 2.6.9): vendor, device, subsystem_vendor,
 * subsystem_device, class, irq, resource, and config, the binary
 * attribute through which lspci reads configuration space; modalias as
 * modern Linux adds it.
 */
#include <stdio.h>
#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/kernel.h>
#include <ldm/pci.h>
#include <ldm/sysfs.h>

#include "pci.h"

#define PCI_SHOW(field, fmt) \
	static ssize_t field##_show(struct device *dev, char *buf) \
	{ \
		return sprintf(buf, fmt "\n", to_pci_dev(dev)->field); \
	}

PCI_SHOW(vendor, "0x%04x")
PCI_SHOW(device, "0x%04x")
PCI_SHOW(subsystem_vendor, "0x%04x")
PCI_SHOW(subsystem_device, "0x%04x")
PCI_SHOW(class, "0x%06x")
PCI_SHOW(irq, "%u")

/* Each of the first seven resources: start, end, flags, as 2.6.9 prints them. */
static ssize_t resource_show(struct device *dev, char *buf)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	char *p = buf;
	int i;

	for (i = 0; i <= PCI_ROM_RESOURCE; i++) {
		struct resource *r = &pdev->resource[i];

		p += sprintf(p, "0x%016lx 0x%016lx 0x%016lx\n", r->start, r->end, r->flags);
	}
	return p - buf;
}

static ssize_t modalias_show(struct device *dev, char *buf)
{
	struct pci_dev *p = to_pci_dev(dev);

	return sprintf(buf, "pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X\n", p->vendor, p->device,
		       p->subsystem_vendor, p->subsystem_device, (p->class >> 16) & 0xff,
		       (p->class >> 8) & 0xff, p->class & 0xff);
}

#define PCI_ATTR(_f) \
	{ \
		.attr = { .name = #_f, .mode = 0444 }, .show = _f##_show \
	}

struct device_attribute pci_dev_attrs[] = {
	PCI_ATTR(vendor),	    PCI_ATTR(device),	PCI_ATTR(subsystem_vendor),
	PCI_ATTR(subsystem_device), PCI_ATTR(class),	PCI_ATTR(irq),
	PCI_ATTR(resource),	    PCI_ATTR(modalias), __ATTR_NULL,
};

/* config: configuration space, as bytes, through the bus's accessors. */
static ssize_t config_read(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	struct pci_dev *dev = to_pci_dev(container_of(kobj, struct device, kobj));
	size_t i;
	u8 val;

	if (off < 0 || off >= dev->cfg_size)
		return 0;
	if (count > (size_t)(dev->cfg_size - off))
		count = (size_t)(dev->cfg_size - off);
	for (i = 0; i < count; i++) {
		if (pci_read_config_byte(dev, (int)(off + (loff_t)i), &val))
			return -EIO;
		buf[i] = (char)val;
	}
	return (ssize_t)count;
}

static ssize_t config_write(struct kobject *kobj, char *buf, loff_t off, size_t count)
{
	struct pci_dev *dev = to_pci_dev(container_of(kobj, struct device, kobj));
	size_t i;

	if (off < 0 || off >= dev->cfg_size)
		return off == dev->cfg_size ? 0 : -EINVAL;
	if (count > (size_t)(dev->cfg_size - off))
		count = (size_t)(dev->cfg_size - off);
	for (i = 0; i < count; i++)
		if (pci_write_config_byte(dev, (int)(off + (loff_t)i), (u8)buf[i]))
			return -EIO;
	return (ssize_t)count;
}

static struct bin_attribute config_attr = {
	.attr = { .name = "config", .mode = 0644 },
	.size = 256,
	.read = config_read,
	.write = config_write,
};

/**
 * pci_sysfs_add - add the config file of a registered function
 * @dev: the function
 *
 * Return: 0, or sysfs_create_bin_file()'s error.
 */
int pci_sysfs_add(struct pci_dev *dev)
{
	return sysfs_create_bin_file(&dev->dev.kobj, &config_attr);
}

/**
 * pci_sysfs_remove - take it away before the function goes
 * @dev: the function
 */
void pci_sysfs_remove(struct pci_dev *dev)
{
	sysfs_remove_bin_file(&dev->dev.kobj, &config_attr);
}
