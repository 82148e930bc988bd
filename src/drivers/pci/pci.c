// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * pci.c - what a PCI driver does with its function (drivers/pci/pci.c of
 * 2.6.9): enabling its decoding and bus mastering through the command
 * register, claiming its BARs' regions, DMA masks, power states and
 * capabilities.
 */
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/ioport.h>
#include <ldm/kernel.h>
#include <ldm/pci.h>

/* Set @bits in the command register. */
static void command_set(struct pci_dev *dev, u16 bits)
{
	u16 cmd;

	if (pci_read_config_word(dev, PCI_COMMAND, &cmd))
		return;
	if ((cmd & bits) != bits)
		pci_write_config_word(dev, PCI_COMMAND, cmd | bits);
}

/**
 * pci_enable_device_bars - turn on the decoding of some BARs
 * @dev: the function
 * @mask: the BARs, bit n for BAR n
 *
 * Return: 0.
 */
int pci_enable_device_bars(struct pci_dev *dev, int mask)
{
	u16 bits = 0;
	int i;

	for (i = 0; i < PCI_NUM_RESOURCES; i++) {
		if (!(mask & (1 << i)))
			continue;
		if (dev->resource[i].flags & IORESOURCE_IO)
			bits |= PCI_COMMAND_IO;
		if (dev->resource[i].flags & IORESOURCE_MEM)
			bits |= PCI_COMMAND_MEMORY;
	}
	if (bits)
		command_set(dev, bits);
	dev->is_enabled = 1;
	return 0;
}
EXPORT_SYMBOL(pci_enable_device_bars);

/**
 * pci_enable_device - turn on a function's I/O and memory decoding
 * @dev: the function
 *
 * Return: 0.
 */
int pci_enable_device(struct pci_dev *dev)
{
	int err = pci_enable_device_bars(dev, (1 << PCI_NUM_RESOURCES) - 1);

	if (!err)
		dev->current_state = PCI_D0;
	return err;
}
EXPORT_SYMBOL(pci_enable_device);

/**
 * pci_disable_device - turn a function's bus mastering off
 * @dev: the function
 */
void pci_disable_device(struct pci_dev *dev)
{
	u16 cmd;

	if (!pci_read_config_word(dev, PCI_COMMAND, &cmd) && (cmd & PCI_COMMAND_MASTER))
		pci_write_config_word(dev, PCI_COMMAND, cmd & ~PCI_COMMAND_MASTER);
	dev->is_enabled = 0;
	dev->is_busmaster = 0;
}
EXPORT_SYMBOL(pci_disable_device);

/**
 * pci_set_master - let a function master the bus (do DMA)
 * @dev: the function
 */
void pci_set_master(struct pci_dev *dev)
{
	command_set(dev, PCI_COMMAND_MASTER);
	dev->is_busmaster = 1;
}
EXPORT_SYMBOL(pci_set_master);

/**
 * pci_set_mwi - turn on memory-write-and-invalidate
 * @dev: the function
 *
 * Return: 0.
 */
int pci_set_mwi(struct pci_dev *dev)
{
	command_set(dev, PCI_COMMAND_INVALIDATE);
	return 0;
}
EXPORT_SYMBOL(pci_set_mwi);

/**
 * pci_clear_mwi - turn memory-write-and-invalidate off
 * @dev: the function
 */
void pci_clear_mwi(struct pci_dev *dev)
{
	u16 cmd;

	if (!pci_read_config_word(dev, PCI_COMMAND, &cmd) && (cmd & PCI_COMMAND_INVALIDATE))
		pci_write_config_word(dev, PCI_COMMAND, cmd & ~PCI_COMMAND_INVALIDATE);
}
EXPORT_SYMBOL(pci_clear_mwi);

/**
 * pci_find_capability - where a capability lies in config space
 * @dev: the function
 * @cap: the capability id (PCI_CAP_ID_PM, ...)
 *
 * Return: its offset, or 0 if the function has none such.
 */
int pci_find_capability(struct pci_dev *dev, int cap)
{
	u16 status;
	u8 pos, id;
	int ttl = 48;

	if (pci_read_config_word(dev, PCI_STATUS, &status) || !(status & PCI_STATUS_CAP_LIST))
		return 0;
	if (pci_read_config_byte(dev, PCI_CAPABILITY_LIST, &pos))
		return 0;
	while (ttl-- && pos >= 0x40) {
		pos &= ~3;
		if (pci_read_config_byte(dev, pos, &id) || id == 0xff)
			break;
		if (id == cap)
			return pos;
		if (pci_read_config_byte(dev, pos + 1, &pos))
			break;
	}
	return 0;
}
EXPORT_SYMBOL(pci_find_capability);

/**
 * pci_set_dma_mask - say which bus addresses a function reaches
 * @dev: the function
 * @mask: the mask
 *
 * Return: 0: every buffer here is reachable.
 */
int pci_set_dma_mask(struct pci_dev *dev, u64 mask)
{
	dev->dma_mask = mask;
	return 0;
}
EXPORT_SYMBOL(pci_set_dma_mask);

/**
 * pci_dac_set_dma_mask - the same, for dual-address cycles
 * @dev: the function
 * @mask: the mask
 *
 * Return: 0.
 */
int pci_dac_set_dma_mask(struct pci_dev *dev, u64 mask)
{
	(void)dev;
	(void)mask;
	return 0;
}
EXPORT_SYMBOL(pci_dac_set_dma_mask);

/**
 * pci_set_consistent_dma_mask - the mask for coherent buffers
 * @dev: the function
 * @mask: the mask
 *
 * Return: 0.
 */
int pci_set_consistent_dma_mask(struct pci_dev *dev, u64 mask)
{
	dev->dev.coherent_dma_mask = mask;
	return 0;
}
EXPORT_SYMBOL(pci_set_consistent_dma_mask);

/**
 * pci_set_power_state - note a function's power state
 * @dev: the function
 * @state: PCI_D0 ... PCI_D3hot
 *
 * Return: 0, or -EINVAL for a state past D3.
 */
int pci_set_power_state(struct pci_dev *dev, int state)
{
	if (state < 0 || state > 3)
		return -EINVAL;
	dev->current_state = (u32)state;
	return 0;
}
EXPORT_SYMBOL(pci_set_power_state);

/**
 * pci_save_state - keep the first 64 bytes of config space
 * @dev: the function
 * @buffer: where, or NULL for the function's own saved_config_space
 *
 * Return: 0.
 */
int pci_save_state(struct pci_dev *dev, u32 *buffer)
{
	u32 *to = buffer ? buffer : dev->saved_config_space;
	int i;

	for (i = 0; i < 16; i++)
		pci_read_config_dword(dev, i * 4, &to[i]);
	return 0;
}
EXPORT_SYMBOL(pci_save_state);

/**
 * pci_restore_state - write back what pci_save_state() kept
 * @dev: the function
 * @buffer: where it was kept, or NULL
 *
 * Return: 0.
 */
int pci_restore_state(struct pci_dev *dev, u32 *buffer)
{
	const u32 *from = buffer ? buffer : dev->saved_config_space;
	int i;

	for (i = 0; i < 16; i++)
		pci_write_config_dword(dev, i * 4, from[i]);
	return 0;
}
EXPORT_SYMBOL(pci_restore_state);

/**
 * pci_enable_wake - arm a function to wake the system (nothing to arm here)
 * @dev: the function
 * @state: the state it would wake from
 * @enable: on or off
 *
 * Return: 0.
 */
int pci_enable_wake(struct pci_dev *dev, u32 state, int enable)
{
	(void)dev;
	(void)state;
	(void)enable;
	return 0;
}
EXPORT_SYMBOL(pci_enable_wake);

/**
 * pci_request_region - claim one BAR's range in /proc/ioports or /proc/iomem
 * @dev: the function
 * @bar: the BAR
 * @res_name: the claimant's name
 *
 * Return: 0 (also for an empty BAR), or -EBUSY.
 */
int pci_request_region(struct pci_dev *dev, int bar, char *res_name)
{
	unsigned long start = pci_resource_start(dev, bar);
	unsigned long len = pci_resource_len(dev, bar);
	unsigned long flags = pci_resource_flags(dev, bar);

	if (!len)
		return 0;
	if (flags & IORESOURCE_IO) {
		if (!request_region(start, len, res_name))
			goto busy;
	} else if (flags & IORESOURCE_MEM) {
		if (!request_mem_region(start, len, res_name))
			goto busy;
	}
	return 0;
busy:
	printk(KERN_WARNING "PCI: Unable to reserve %s region #%d:%lx@%lx for device %s\n",
	       flags & IORESOURCE_IO ? "I/O" : "mem", bar + 1, len, start, pci_name(dev));
	return -EBUSY;
}
EXPORT_SYMBOL(pci_request_region);

/**
 * pci_release_region - give one BAR's range back
 * @dev: the function
 * @bar: the BAR
 */
void pci_release_region(struct pci_dev *dev, int bar)
{
	unsigned long len = pci_resource_len(dev, bar);

	if (!len)
		return;
	if (pci_resource_flags(dev, bar) & IORESOURCE_IO)
		release_region(pci_resource_start(dev, bar), len);
	else if (pci_resource_flags(dev, bar) & IORESOURCE_MEM)
		release_mem_region(pci_resource_start(dev, bar), len);
}
EXPORT_SYMBOL(pci_release_region);

/**
 * pci_request_regions - claim the ranges of all six BARs
 * @dev: the function
 * @res_name: the claimant's name
 *
 * Return: 0, or -EBUSY with none claimed.
 */
int pci_request_regions(struct pci_dev *dev, char *res_name)
{
	int i;

	for (i = 0; i < 6; i++) {
		if (pci_request_region(dev, i, res_name)) {
			while (--i >= 0)
				pci_release_region(dev, i);
			return -EBUSY;
		}
	}
	return 0;
}
EXPORT_SYMBOL(pci_request_regions);

/**
 * pci_release_regions - give back what pci_request_regions() claimed
 * @dev: the function
 */
void pci_release_regions(struct pci_dev *dev)
{
	int i;

	for (i = 0; i < 6; i++)
		pci_release_region(dev, i);
}
EXPORT_SYMBOL(pci_release_regions);
