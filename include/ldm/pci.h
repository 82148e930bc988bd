/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/pci.h> - the PCI bus as <linux/pci.h> of 2.6.9 gives it to drivers:
 * struct pci_dev and struct pci_driver on the driver model's "pci" bus,
 * id tables, config-space accessors, resources, enabling and bus
 * mastering, the device searches, and the pci_ DMA calls.
 *
 * The bus has no device until something adds one (pci_bus_add_device(),
 * for a device model): a driver registers, finds nothing, and its module
 * loads, as on a 2.6.9 kernel booted on a machine without its hardware.
 */
#ifndef _LDM_PCI_H
#define _LDM_PCI_H

#include <ldm/device.h>
#include <ldm/dma-mapping.h>
#include <ldm/errno.h>
#include <ldm/interrupt.h>
#include <ldm/io.h>
#include <ldm/ioport.h>
#include <ldm/list.h>
#include <ldm/mod_devicetable.h>
#include <ldm/slab.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

/* The header of configuration space (the PCI Local Bus specification). */
#define PCI_VENDOR_ID		      0x00 /* 16 bits */
#define PCI_DEVICE_ID		      0x02 /* 16 bits */
#define PCI_COMMAND		      0x04 /* 16 bits */
#define PCI_COMMAND_IO		      0x1  /* respond to I/O space */
#define PCI_COMMAND_MEMORY	      0x2  /* respond to memory space */
#define PCI_COMMAND_MASTER	      0x4  /* bus mastering */
#define PCI_COMMAND_SPECIAL	      0x8
#define PCI_COMMAND_INVALIDATE	      0x10
#define PCI_COMMAND_VGA_PALETTE	      0x20
#define PCI_COMMAND_PARITY	      0x40
#define PCI_COMMAND_WAIT	      0x80
#define PCI_COMMAND_SERR	      0x100
#define PCI_COMMAND_FAST_BACK	      0x200
#define PCI_COMMAND_INTX_DISABLE      0x400
#define PCI_STATUS		      0x06 /* 16 bits */
#define PCI_STATUS_CAP_LIST	      0x10
#define PCI_CLASS_REVISION	      0x08 /* class << 8 | revision */
#define PCI_REVISION_ID		      0x08
#define PCI_CLASS_PROG		      0x09
#define PCI_CLASS_DEVICE	      0x0a
#define PCI_CACHE_LINE_SIZE	      0x0c
#define PCI_LATENCY_TIMER	      0x0d
#define PCI_HEADER_TYPE		      0x0e
#define PCI_HEADER_TYPE_NORMAL	      0
#define PCI_HEADER_TYPE_BRIDGE	      1
#define PCI_HEADER_TYPE_CARDBUS	      2
#define PCI_BIST		      0x0f
#define PCI_BASE_ADDRESS_0	      0x10
#define PCI_BASE_ADDRESS_1	      0x14
#define PCI_BASE_ADDRESS_2	      0x18
#define PCI_BASE_ADDRESS_3	      0x1c
#define PCI_BASE_ADDRESS_4	      0x20
#define PCI_BASE_ADDRESS_5	      0x24
#define PCI_BASE_ADDRESS_SPACE	      0x01
#define PCI_BASE_ADDRESS_SPACE_IO     0x01
#define PCI_BASE_ADDRESS_SPACE_MEMORY 0x00
#define PCI_BASE_ADDRESS_MEM_MASK     (~0x0fUL)
#define PCI_BASE_ADDRESS_IO_MASK      (~0x03UL)
#define PCI_CARDBUS_CIS		      0x28
#define PCI_SUBSYSTEM_VENDOR_ID	      0x2c
#define PCI_SUBSYSTEM_ID	      0x2e
#define PCI_ROM_ADDRESS		      0x30
#define PCI_ROM_ADDRESS_ENABLE	      0x01
#define PCI_CAPABILITY_LIST	      0x34
#define PCI_INTERRUPT_LINE	      0x3c
#define PCI_INTERRUPT_PIN	      0x3d
#define PCI_MIN_GNT		      0x3e
#define PCI_MAX_LAT		      0x3f

/* Capability ids. */
#define PCI_CAP_ID_PM	0x01
#define PCI_CAP_ID_AGP	0x02
#define PCI_CAP_ID_VPD	0x03
#define PCI_CAP_ID_MSI	0x05
#define PCI_CAP_ID_PCIX 0x07
#define PCI_CAP_ID_EXP	0x10

/* Base classes and a few subclasses drivers match on. */
#define PCI_CLASS_NOT_DEFINED	       0x0000
#define PCI_BASE_CLASS_STORAGE	       0x01
#define PCI_BASE_CLASS_NETWORK	       0x02
#define PCI_BASE_CLASS_DISPLAY	       0x03
#define PCI_BASE_CLASS_MULTIMEDIA      0x04
#define PCI_BASE_CLASS_MEMORY	       0x05
#define PCI_BASE_CLASS_BRIDGE	       0x06
#define PCI_CLASS_BRIDGE_HOST	       0x0600
#define PCI_CLASS_BRIDGE_ISA	       0x0601
#define PCI_CLASS_BRIDGE_PCI	       0x0604
#define PCI_BASE_CLASS_COMMUNICATION   0x07
#define PCI_CLASS_COMMUNICATION_SERIAL 0x0700
#define PCI_BASE_CLASS_SYSTEM	       0x08
#define PCI_BASE_CLASS_INPUT	       0x09
#define PCI_BASE_CLASS_SERIAL	       0x0c
#define PCI_CLASS_SERIAL_USB	       0x0c03
#define PCI_CLASS_SERIAL_SMBUS	       0x0c05

/* Device and function numbers, packed into devfn. */
#define PCI_DEVFN(slot, func) ((((slot)&0x1f) << 3) | ((func)&0x07))
#define PCI_SLOT(devfn)	      (((devfn) >> 3) & 0x1f)
#define PCI_FUNC(devfn)	      ((devfn)&0x07)

/* What the config accessors return, as 2.6.9's pcibios. */
#define PCIBIOS_SUCCESSFUL	    0x00
#define PCIBIOS_FUNC_NOT_SUPPORTED  0x81
#define PCIBIOS_BAD_VENDOR_ID	    0x83
#define PCIBIOS_DEVICE_NOT_FOUND    0x86
#define PCIBIOS_BAD_REGISTER_NUMBER 0x87
#define PCIBIOS_SET_FAILED	    0x88
#define PCIBIOS_BUFFER_TOO_SMALL    0x89

/* Power states. */
#define PCI_D0	  0
#define PCI_D1	  1
#define PCI_D2	  2
#define PCI_D3hot 3

#define DEVICE_COUNT_COMPATIBLE 4
#define DEVICE_COUNT_RESOURCE	12
#define PCI_ROM_RESOURCE	6
#define PCI_BRIDGE_RESOURCES	7
#define PCI_NUM_RESOURCES	11
#define PCI_BUS_NUM_RESOURCES	4

struct pci_bus;

/**
 * struct pci_ops - how a bus reaches the configuration space of its devices
 * @read: read @size bytes (1, 2, 4) at @where of the device at @devfn
 * @write: write them
 *
 * Both return PCIBIOS_SUCCESSFUL or PCIBIOS_DEVICE_NOT_FOUND. A device
 * model's bus provides them.
 */
struct pci_ops {
	int (*read)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val);
	int (*write)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val);
};

/**
 * struct pci_bus - a PCI bus: its number and its config-space accessors
 * @node: (unused here)
 * @parent: the bus its bridge sits on, NULL for a root bus
 * @children: (unused here)
 * @devices: its devices
 * @self: its bridge, NULL for a root bus
 * @resource: the windows routed to it
 * @ops: its config-space accessors
 * @sysdata: the model's
 * @number: its number
 * @primary: the number of the bus of its bridge
 * @secondary: its own number, as its bridge says
 * @subordinate: the highest number behind it
 * @name: its name
 */
struct pci_bus {
	struct list_head node;
	struct pci_bus *parent;
	struct list_head children;
	struct list_head devices;
	struct pci_dev *self;
	struct resource *resource[PCI_BUS_NUM_RESOURCES];
	struct pci_ops *ops;
	void *sysdata;
	unsigned char number, primary, secondary, subordinate;
	char name[48];
};

struct pci_driver;

/**
 * struct pci_dev - a PCI function, as 2.6.9 describes it to its driver
 *
 * The members are 2.6.9's; @dev is the driver model's device on the
 * "pci" bus, named "0000:BB:SS.F".
 */
struct pci_dev {
	struct list_head global_list;
	struct list_head bus_list;
	struct pci_bus *bus;
	struct pci_bus *subordinate;
	void *sysdata;
	void *procent;
	unsigned int devfn;
	unsigned short vendor;
	unsigned short device;
	unsigned short subsystem_vendor;
	unsigned short subsystem_device;
	unsigned int class;
	u8 hdr_type;
	u8 rom_base_reg;
	struct pci_driver *driver;
	u64 dma_mask;
	u32 current_state;
	struct device dev;
	unsigned short vendor_compatible[DEVICE_COUNT_COMPATIBLE];
	unsigned short device_compatible[DEVICE_COUNT_COMPATIBLE];
	int cfg_size;
	unsigned int irq;
	struct resource resource[DEVICE_COUNT_RESOURCE];
	char *slot_name;
	unsigned int transparent : 1;
	unsigned int multifunction : 1;
	unsigned int is_enabled : 1;
	unsigned int is_busmaster : 1;
	u32 saved_config_space[16];
	char pretty_name[96];
};

#define pci_dev_g(n)	    list_entry(n, struct pci_dev, global_list)
#define pci_dev_b(n)	    list_entry(n, struct pci_dev, bus_list)
#define to_pci_dev(n)	    container_of(n, struct pci_dev, dev)
#define for_each_pci_dev(d) while ((d = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, d)) != NULL)

struct pci_dynids {
	int use_driver_data;
};

/**
 * struct pci_driver - a driver of PCI functions
 * @node: (unused here)
 * @name: its name, as /sys/bus/pci/drivers shows it
 * @id_table: the functions it drives; probe is called only with a match
 * @probe: bind to a function that matched @id
 * @remove: unbind
 * @suspend: the function is suspended
 * @resume: ... and resumed
 * @enable_wake: (not called here)
 * @driver: the driver model's driver
 * @dynids: (no dynamic ids here)
 */
struct pci_driver {
	struct list_head node;
	char *name;
	const struct pci_device_id *id_table;
	int (*probe)(struct pci_dev *dev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *dev);
	int (*suspend)(struct pci_dev *dev, u32 state);
	int (*resume)(struct pci_dev *dev);
	int (*enable_wake)(struct pci_dev *dev, u32 state, int enable);
	struct device_driver driver;
	struct pci_dynids dynids;
};

#define to_pci_driver(drv) container_of(drv, struct pci_driver, driver)

/* An id_table entry for one vendor and device, any subsystem. */
#define PCI_DEVICE(vend, dev) \
	.vendor = (vend), .device = (dev), .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID
/* An id_table entry for a class under a mask. */
#define PCI_DEVICE_CLASS(dev_class, dev_class_mask) \
	.class = (dev_class), .class_mask = (dev_class_mask), .vendor = PCI_ANY_ID, \
	.device = PCI_ANY_ID, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID

extern struct bus_type pci_bus_type;
extern struct list_head pci_devices;

int pci_register_driver(struct pci_driver *drv);
void pci_unregister_driver(struct pci_driver *drv);
const struct pci_device_id *pci_match_device(const struct pci_device_id *ids,
					     const struct pci_dev *dev);
struct pci_driver *pci_dev_driver(const struct pci_dev *dev);

/**
 * pci_module_init - register a PCI driver from a module's init
 * @drv: the driver
 *
 * As 2.6.9 with hotplug: the module loads whether or not a device is
 * there, so that one added later binds.
 * Return: 0, or the error of registration.
 */
static inline int pci_module_init(struct pci_driver *drv)
{
	int rc = pci_register_driver(drv);

	return rc < 0 ? rc : 0;
}

/* Adding and removing functions: what a device model (or a test) does. */
int pci_bus_add_device(struct pci_dev *dev);
void pci_remove_bus_device(struct pci_dev *dev);

struct pci_dev *pci_dev_get(struct pci_dev *dev);
void pci_dev_put(struct pci_dev *dev);
struct pci_dev *pci_find_device(unsigned int vendor, unsigned int device,
				const struct pci_dev *from);
struct pci_dev *pci_find_subsys(unsigned int vendor, unsigned int device, unsigned int ss_vendor,
				unsigned int ss_device, const struct pci_dev *from);
struct pci_dev *pci_find_class(unsigned int class, const struct pci_dev *from);
struct pci_dev *pci_find_slot(unsigned int bus, unsigned int devfn);
struct pci_dev *pci_get_device(unsigned int vendor, unsigned int device, struct pci_dev *from);
struct pci_dev *pci_get_subsys(unsigned int vendor, unsigned int device, unsigned int ss_vendor,
			       unsigned int ss_device, struct pci_dev *from);
struct pci_dev *pci_get_class(unsigned int class, struct pci_dev *from);
struct pci_dev *pci_get_slot(struct pci_bus *bus, unsigned int devfn);
int pci_dev_present(const struct pci_device_id *ids);

int pci_bus_read_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 *val);
int pci_bus_read_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 *val);
int pci_bus_read_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 *val);
int pci_bus_write_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 val);
int pci_bus_write_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 val);
int pci_bus_write_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 val);

int pci_read_config_byte(struct pci_dev *dev, int where, u8 *val);
int pci_read_config_word(struct pci_dev *dev, int where, u16 *val);
int pci_read_config_dword(struct pci_dev *dev, int where, u32 *val);
int pci_write_config_byte(struct pci_dev *dev, int where, u8 val);
int pci_write_config_word(struct pci_dev *dev, int where, u16 val);
int pci_write_config_dword(struct pci_dev *dev, int where, u32 val);

int pci_enable_device(struct pci_dev *dev);
int pci_enable_device_bars(struct pci_dev *dev, int mask);
void pci_disable_device(struct pci_dev *dev);
void pci_set_master(struct pci_dev *dev);
int pci_set_mwi(struct pci_dev *dev);
void pci_clear_mwi(struct pci_dev *dev);
int pci_find_capability(struct pci_dev *dev, int cap);
int pci_set_dma_mask(struct pci_dev *dev, u64 mask);
int pci_dac_set_dma_mask(struct pci_dev *dev, u64 mask);
int pci_set_consistent_dma_mask(struct pci_dev *dev, u64 mask);
int pci_set_power_state(struct pci_dev *dev, int state);
int pci_save_state(struct pci_dev *dev, u32 *buffer);
int pci_restore_state(struct pci_dev *dev, u32 *buffer);
int pci_enable_wake(struct pci_dev *dev, u32 state, int enable);
int pci_request_regions(struct pci_dev *dev, char *res_name);
void pci_release_regions(struct pci_dev *dev);
int pci_request_region(struct pci_dev *dev, int bar, char *res_name);
void pci_release_region(struct pci_dev *dev, int bar);

#define pci_resource_start(dev, bar) ((dev)->resource[(bar)].start)
#define pci_resource_end(dev, bar)   ((dev)->resource[(bar)].end)
#define pci_resource_flags(dev, bar) ((dev)->resource[(bar)].flags)
#define pci_resource_len(dev, bar) \
	((pci_resource_start((dev), (bar)) == 0 && \
	  pci_resource_end((dev), (bar)) == pci_resource_start((dev), (bar))) ? \
		 0 : \
		 (pci_resource_end((dev), (bar)) - pci_resource_start((dev), (bar)) + 1))

static inline void *pci_get_drvdata(struct pci_dev *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void pci_set_drvdata(struct pci_dev *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

static inline char *pci_name(struct pci_dev *pdev)
{
	return pdev->dev.bus_id;
}

/* No ISA bridge is known. */
#define isa_bridge ((struct pci_dev *)NULL)

/* The pci_ DMA calls, on the device's struct device. */
static inline void *pci_alloc_consistent(struct pci_dev *hwdev, size_t size, dma_addr_t *dma_handle)
{
	return dma_alloc_coherent(hwdev ? &hwdev->dev : NULL, size, dma_handle, 0);
}

static inline void pci_free_consistent(struct pci_dev *hwdev, size_t size, void *vaddr,
				       dma_addr_t dma_handle)
{
	dma_free_coherent(hwdev ? &hwdev->dev : NULL, size, vaddr, dma_handle);
}

#define PCI_DMA_BIDIRECTIONAL 0
#define PCI_DMA_TODEVICE      1
#define PCI_DMA_FROMDEVICE    2
#define PCI_DMA_NONE	      3

#define pci_map_single(hwdev, ptr, size, direction) \
	dma_map_single(NULL, (ptr), (size), (enum dma_data_direction)(direction))
#define pci_unmap_single(hwdev, addr, size, direction) \
	dma_unmap_single(NULL, (addr), (size), (enum dma_data_direction)(direction))
#define pci_map_page(hwdev, page, offset, size, direction) \
	dma_map_page(NULL, (page), (offset), (size), (enum dma_data_direction)(direction))
#define pci_unmap_page(hwdev, addr, size, direction) \
	dma_unmap_page(NULL, (addr), (size), (enum dma_data_direction)(direction))
#define pci_map_sg(hwdev, sg, nents, direction) \
	dma_map_sg(NULL, (sg), (nents), (enum dma_data_direction)(direction))
#define pci_unmap_sg(hwdev, sg, nents, direction) \
	dma_unmap_sg(NULL, (sg), (nents), (enum dma_data_direction)(direction))
#define pci_dma_sync_single_for_cpu(hwdev, addr, size, direction)    ((void)0)
#define pci_dma_sync_single_for_device(hwdev, addr, size, direction) ((void)0)
#define pci_dma_sync_sg_for_cpu(hwdev, sg, nelems, direction)	     ((void)0)
#define pci_dma_sync_sg_for_device(hwdev, sg, nelems, direction)     ((void)0)
#define pci_dma_mapping_error(addr)				     0
#define pci_dma_supported(hwdev, mask)				     1
#define DECLARE_PCI_UNMAP_ADDR(name)				     dma_addr_t name;
#define DECLARE_PCI_UNMAP_LEN(name)				     u32 name;
#define pci_unmap_addr(ptr, name)				     ((ptr)->name)
#define pci_unmap_addr_set(ptr, name, val)			     (((ptr)->name) = (val))
#define pci_unmap_len(ptr, name)				     ((ptr)->name)
#define pci_unmap_len_set(ptr, name, val)			     (((ptr)->name) = (val))

#pragma GCC visibility pop

#endif /* _LDM_PCI_H */
