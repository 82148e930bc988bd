/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/pnp.h> - Plug and Play devices as <linux/pnp.h> of 2.6.9 gives
 * them to drivers: struct pnp_dev and struct pnp_driver on the driver
 * model's "pnp" bus, matched by EISA id, with their port, memory, IRQ and
 * DMA resources. The bus has no device until a device model adds one
 * (pnp_add_device()).
 */
#ifndef _LDM_PNP_H
#define _LDM_PNP_H

#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/ioport.h>
#include <ldm/list.h>
#include <ldm/mod_devicetable.h>

#pragma GCC visibility push(default)

#define PNP_MAX_PORT 8
#define PNP_MAX_MEM  4
#define PNP_MAX_IRQ  2
#define PNP_MAX_DMA  2
#define PNP_NAME_LEN 50

struct pnp_resource_table {
	struct resource port_resource[PNP_MAX_PORT];
	struct resource mem_resource[PNP_MAX_MEM];
	struct resource dma_resource[PNP_MAX_DMA];
	struct resource irq_resource[PNP_MAX_IRQ];
};

#define pnp_valid(res) \
	(((res).flags & (IORESOURCE_UNSET | IORESOURCE_DISABLED)) == 0 && (res).flags)
#define pnp_port_start(dev, bar) ((dev)->res.port_resource[(bar)].start)
#define pnp_port_end(dev, bar)	 ((dev)->res.port_resource[(bar)].end)
#define pnp_port_flags(dev, bar) ((dev)->res.port_resource[(bar)].flags)
#define pnp_port_valid(dev, bar) pnp_valid((dev)->res.port_resource[(bar)])
#define pnp_port_len(dev, bar)	 (pnp_port_end(dev, bar) - pnp_port_start(dev, bar) + 1)
#define pnp_mem_start(dev, bar)	 ((dev)->res.mem_resource[(bar)].start)
#define pnp_mem_end(dev, bar)	 ((dev)->res.mem_resource[(bar)].end)
#define pnp_mem_flags(dev, bar)	 ((dev)->res.mem_resource[(bar)].flags)
#define pnp_mem_valid(dev, bar)	 pnp_valid((dev)->res.mem_resource[(bar)])
#define pnp_mem_len(dev, bar)	 (pnp_mem_end(dev, bar) - pnp_mem_start(dev, bar) + 1)
#define pnp_irq(dev, bar)	 ((dev)->res.irq_resource[(bar)].start)
#define pnp_irq_flags(dev, bar)	 ((dev)->res.irq_resource[(bar)].flags)
#define pnp_irq_valid(dev, bar)	 pnp_valid((dev)->res.irq_resource[(bar)])
#define pnp_dma(dev, bar)	 ((dev)->res.dma_resource[(bar)].start)
#define pnp_dma_flags(dev, bar)	 ((dev)->res.dma_resource[(bar)].flags)
#define pnp_dma_valid(dev, bar)	 pnp_valid((dev)->res.dma_resource[(bar)])

/**
 * struct pnp_id - one EISA id of a device ("PNP0501"), in a list
 */
struct pnp_id {
	char id[PNP_ID_LEN];
	struct pnp_id *next;
};

struct pnp_driver;

/**
 * struct pnp_dev - a PnP device, as 2.6.9 describes it to its driver
 * @dev: the driver model's device on the "pnp" bus
 * @number: its number on the bus
 * @global_list: in pnp_global
 * @driver: the driver bound to it
 * @id: its EISA ids
 * @active: its resources are on
 * @res: its resources
 * @name: a name for people
 */
struct pnp_dev {
	struct device dev;
	unsigned char number;
	int status;
	struct list_head global_list;
	struct list_head protocol_list;
	struct list_head card_list;
	struct list_head rdev_list;
	void *protocol;
	void *card;
	struct pnp_driver *driver;
	void *card_link;
	struct pnp_id *id;
	int active;
	int capabilities;
	void *independent;
	void *dependent;
	struct pnp_resource_table res;
	char name[PNP_NAME_LEN];
	unsigned short regs;
	int flags;
	void *procent;
};

#define to_pnp_dev(n)	  container_of(n, struct pnp_dev, dev)
#define pnp_dev_name(dev) (dev)->name

/**
 * struct pnp_driver - a driver of PnP devices
 * @name: its name
 * @id_table: the ids it drives, ended by an empty id
 * @flags: PNP_DRIVER_RES_ flags (kept, not acted on)
 * @probe: bind to a device that matched @dev_id
 * @remove: unbind
 * @driver: the driver model's driver
 */
struct pnp_driver {
	char *name;
	const struct pnp_device_id *id_table;
	unsigned int flags;
	int (*probe)(struct pnp_dev *dev, const struct pnp_device_id *dev_id);
	void (*remove)(struct pnp_dev *dev);
	struct device_driver driver;
};

#define to_pnp_driver(drv) container_of(drv, struct pnp_driver, driver)

#define PNP_DRIVER_RES_DO_NOT_CHANGE 0x0001
#define PNP_DRIVER_RES_DISABLE	     0x0003

extern struct bus_type pnp_bus_type;
extern struct list_head pnp_global;

#define pnp_for_each_dev(dev) list_for_each_entry(dev, &pnp_global, global_list)

int pnp_register_driver(struct pnp_driver *drv);
void pnp_unregister_driver(struct pnp_driver *drv);
int pnp_add_device(struct pnp_dev *dev);
void pnp_remove_device(struct pnp_dev *dev);
int pnp_activate_dev(struct pnp_dev *dev);
int pnp_disable_dev(struct pnp_dev *dev);

static inline void *pnp_get_drvdata(struct pnp_dev *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void pnp_set_drvdata(struct pnp_dev *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

#pragma GCC visibility pop

#endif /* _LDM_PNP_H */
