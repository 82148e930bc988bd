// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * scx200.c - the NatSemi SCx200 and SC1100 processors' GPIO pins
 * (arch/i386/kernel/scx200.c of 2.6.9): the bridge's BAR 0 is the GPIO
 * block, whose base drivers read in scx200_gpio_base.
 *
 * 2.6.9 looked for the bridge once, when its module loaded; here a PCI
 * driver of the runtime binds to the bridge whenever a model adds it, and
 * gives the base back when it goes. Until then scx200_gpio_base is 0 and
 * scx200_gpio_present() false: the GPIO drivers find nothing, as on any
 * other PC.
 */
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/ioport.h>
#include <ldm/kernel.h>
#include <ldm/pci.h>
#include <ldm/pci_ids.h>
#include <ldm/scx200.h>
#include <ldm/scx200_gpio.h>

#include "boot.h"

unsigned scx200_gpio_base;
EXPORT_SYMBOL(scx200_gpio_base);
long scx200_gpio_shadow[2];
EXPORT_SYMBOL(scx200_gpio_shadow);
DEFINE_SPINLOCK(scx200_gpio_lock);
EXPORT_SYMBOL(scx200_gpio_lock);
/* Guards the index and data pair of the configuration registers. */
static DEFINE_SPINLOCK(scx200_gpio_config_lock);

/**
 * scx200_gpio_configure - change a pin's configuration
 * @index: the pin, 0 to 63
 * @mask: the bits of its configuration kept
 * @bits: the bits then set
 *
 * Return: its configuration before.
 */
u32 scx200_gpio_configure(int index, u32 mask, u32 bits)
{
	unsigned long flags;
	u32 config;

	spin_lock_irqsave(&scx200_gpio_config_lock, flags);
	outl((u32)index, scx200_gpio_base + 0x20);
	config = inl(scx200_gpio_base + 0x24);
	outl((config & mask) | bits, scx200_gpio_base + 0x24);
	spin_unlock_irqrestore(&scx200_gpio_config_lock, flags);
	return config;
}
EXPORT_SYMBOL(scx200_gpio_configure);

/**
 * scx200_gpio_dump - print a pin's configuration, as 2.6.9 does
 * @index: the pin
 */
void scx200_gpio_dump(unsigned index)
{
	u32 c = scx200_gpio_configure((int)index, ~0U, 0);

	printk(KERN_DEBUG "GPIO%02u: 0x%08lx%s%s%s%s%s%s%s\n", index, (unsigned long)c,
	       c & 1 ? " OE" : " TS", c & 2 ? " PP" : " OD", c & 4 ? " PUE" : " PUD",
	       c & 8 ? " LOCKED" : "", c & 16 ? " LEVEL" : " EDGE", c & 32 ? " HI" : " LO",
	       c & 64 ? " DEBOUNCE" : "");
}
EXPORT_SYMBOL(scx200_gpio_dump);

static int scx200_probe(struct pci_dev *bridge, const struct pci_device_id *id)
{
	unsigned long base = pci_resource_start(bridge, 0);
	int bank;

	(void)id;
	if (scx200_gpio_base)
		return -EBUSY;
	printk(KERN_INFO "scx200: GPIO base 0x%lx\n", base);
	if (!base || !request_region(base, SCx200_GPIO_SIZE, "NatSemi SCx200 GPIO")) {
		printk(KERN_ERR "scx200: can't allocate I/O for GPIOs\n");
		return -EBUSY;
	}
	scx200_gpio_base = (unsigned)base;
	/* What the pins are driven to now. */
	for (bank = 0; bank < 2; bank++)
		scx200_gpio_shadow[bank] = (long)inl(scx200_gpio_base + 0x10 * (unsigned)bank);
	return 0;
}

static void scx200_remove(struct pci_dev *bridge)
{
	(void)bridge;
	release_region(scx200_gpio_base, SCx200_GPIO_SIZE);
	scx200_gpio_base = 0;
}

static struct pci_device_id scx200_tbl[] = {
	{ PCI_VENDOR_ID_NS, PCI_DEVICE_ID_NS_SCx200_BRIDGE, PCI_ANY_ID, PCI_ANY_ID, 0, 0, 0 },
	{ PCI_VENDOR_ID_NS, PCI_DEVICE_ID_NS_SC1100_BRIDGE, PCI_ANY_ID, PCI_ANY_ID, 0, 0, 0 },
	{ 0 },
};

static struct pci_driver scx200_pci_driver = {
	.name = "scx200",
	.id_table = scx200_tbl,
	.probe = scx200_probe,
	.remove = scx200_remove,
};

/**
 * scx200_init - the driver of the SCx200 bridge's GPIO block
 *
 * Return: 0, or pci_register_driver()'s error.
 */
int scx200_init(void)
{
	return pci_register_driver(&scx200_pci_driver);
}

/**
 * scx200_exit - take it away
 */
void scx200_exit(void)
{
	pci_unregister_driver(&scx200_pci_driver);
}
