// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * access.c - configuration space (drivers/pci/access.c of 2.6.9): each
 * read and write goes to the pci_ops of the function's bus, which a device
 * model provides. A function with no bus, or a bus with no ops, reads all
 * ones and answers PCIBIOS_DEVICE_NOT_FOUND, as a slot with no card does.
 */
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/pci.h>

static int bus_read(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	int ret;

	if (where & (size - 1)) {
		*val = ~0U;
		return PCIBIOS_BAD_REGISTER_NUMBER;
	}
	if (!bus || !bus->ops || !bus->ops->read) {
		*val = ~0U;
		return PCIBIOS_DEVICE_NOT_FOUND;
	}
	ret = bus->ops->read(bus, devfn, where, size, val);
	if (ret)
		*val = ~0U;
	return ret;
}

static int bus_write(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val)
{
	if (where & (size - 1))
		return PCIBIOS_BAD_REGISTER_NUMBER;
	if (!bus || !bus->ops || !bus->ops->write)
		return PCIBIOS_DEVICE_NOT_FOUND;
	return bus->ops->write(bus, devfn, where, size, val);
}

#define PCI_BUS_OPS(size, type, len) \
	int pci_bus_read_config_##size(struct pci_bus *bus, unsigned int devfn, int where, \
				       type *value) \
	{ \
		u32 data; \
		int ret = bus_read(bus, devfn, where, len, &data); \
		*value = (type)data; \
		return ret; \
	} \
	EXPORT_SYMBOL(pci_bus_read_config_##size); \
	int pci_bus_write_config_##size(struct pci_bus *bus, unsigned int devfn, int where, \
					type value) \
	{ \
		return bus_write(bus, devfn, where, len, value); \
	} \
	EXPORT_SYMBOL(pci_bus_write_config_##size); \
	int pci_read_config_##size(struct pci_dev *dev, int where, type *value) \
	{ \
		return pci_bus_read_config_##size(dev->bus, dev->devfn, where, value); \
	} \
	EXPORT_SYMBOL(pci_read_config_##size); \
	int pci_write_config_##size(struct pci_dev *dev, int where, type value) \
	{ \
		return pci_bus_write_config_##size(dev->bus, dev->devfn, where, value); \
	} \
	EXPORT_SYMBOL(pci_write_config_##size)

/* pci_{bus_,}{read,write}_config_byte(), _word(), _dword(). */
PCI_BUS_OPS(byte, u8, 1);
PCI_BUS_OPS(word, u16, 2);
PCI_BUS_OPS(dword, u32, 4);
