/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/mod_devicetable.h> - the device id tables drivers match with, as
 * <linux/mod_devicetable.h> of modern Linux. 2.6.9 had none for the
 * platform bus; ldm has the platform bus's and the device tree's
 * (docs/boards.md). A table named in MODULE_DEVICE_TABLE(platform|of, ...)
 * becomes the module's aliases (docs/modules.md), laid out as here.
 */
#ifndef _LDM_MOD_DEVICETABLE_H
#define _LDM_MOD_DEVICETABLE_H

#include <ldm/types.h>

#pragma GCC visibility push(default)

typedef unsigned long kernel_ulong_t;

#define PLATFORM_NAME_SIZE     20
#define PLATFORM_MODULE_PREFIX "platform:"

/**
 * struct platform_device_id - one entry of a platform driver's id_table
 * @name: a platform device of this name matches
 * @driver_data: what the driver keeps for this entry (platform_get_device_id())
 *
 * A table ends with an entry whose name is empty.
 */
struct platform_device_id {
	char name[PLATFORM_NAME_SIZE];
	kernel_ulong_t driver_data;
};

/**
 * struct of_device_id - one entry of a driver's of_match_table
 * @name: the node's name (without its unit address) must equal it, if set
 * @type: the node's "device_type" property must equal it, if set
 * @compatible: one of the node's "compatible" strings must equal it, if set
 * @data: what of_device_get_match_data() gives the driver for this entry
 *
 * A table ends with an entry whose three strings are empty.
 */
struct of_device_id {
	char name[32];
	char type[32];
	char compatible[128];
	const void *data;
};

/* A field of a PCI id that matches any value. */
#define PCI_ANY_ID (~0)

/**
 * struct pci_device_id - one entry of a PCI driver's id_table, as 2.6.9
 * @vendor: the vendor id, or PCI_ANY_ID
 * @device: the device id, or PCI_ANY_ID
 * @subvendor: the subsystem vendor id, or PCI_ANY_ID
 * @subdevice: the subsystem device id, or PCI_ANY_ID
 * @class: the class (base, sub, prog-if), compared under @class_mask
 * @class_mask: which bits of @class matter
 * @driver_data: what the driver keeps for this entry
 *
 * A table ends with an entry whose @vendor, @subvendor and @class_mask are 0.
 */
struct pci_device_id {
	unsigned int vendor, device;
	unsigned int subvendor, subdevice;
	unsigned int class, class_mask;
	kernel_ulong_t driver_data;
};

/**
 * struct pnp_device_id - one entry of a PnP driver's id_table, as 2.6.9
 * @id: the EISA-style id ("PNP0501"); the table ends with an empty one
 * @driver_data: what the driver keeps for this entry
 */
#define PNP_ID_LEN 8
struct pnp_device_id {
	char id[PNP_ID_LEN];
	kernel_ulong_t driver_data;
};

/**
 * struct usb_device_id - one entry of a USB driver's id_table, as 2.6.9
 * @match_flags: which of the other fields count (USB_DEVICE_ID_MATCH_*)
 * @idVendor: the vendor id
 * @idProduct: the product id
 * @bcdDevice_lo: the lowest release number matched (inclusive)
 * @bcdDevice_hi: the highest release number matched (inclusive)
 * @bDeviceClass: the device's class
 * @bDeviceSubClass: its subclass
 * @bDeviceProtocol: its protocol
 * @bInterfaceClass: the interface's class
 * @bInterfaceSubClass: its subclass
 * @bInterfaceProtocol: its protocol
 * @driver_info: what the driver keeps for this entry
 *
 * A table ends with an empty entry (2.6.9 stops at one whose idVendor,
 * bDeviceClass, bInterfaceClass and driver_info are 0).
 */
struct usb_device_id {
	__u16 match_flags;
	__u16 idVendor;
	__u16 idProduct;
	__u16 bcdDevice_lo;
	__u16 bcdDevice_hi;
	__u8 bDeviceClass;
	__u8 bDeviceSubClass;
	__u8 bDeviceProtocol;
	__u8 bInterfaceClass;
	__u8 bInterfaceSubClass;
	__u8 bInterfaceProtocol;
	kernel_ulong_t driver_info;
};

#define USB_DEVICE_ID_MATCH_VENDOR	 0x0001
#define USB_DEVICE_ID_MATCH_PRODUCT	 0x0002
#define USB_DEVICE_ID_MATCH_DEV_LO	 0x0004
#define USB_DEVICE_ID_MATCH_DEV_HI	 0x0008
#define USB_DEVICE_ID_MATCH_DEV_CLASS	 0x0010
#define USB_DEVICE_ID_MATCH_DEV_SUBCLASS 0x0020
#define USB_DEVICE_ID_MATCH_DEV_PROTOCOL 0x0040
#define USB_DEVICE_ID_MATCH_INT_CLASS	 0x0080
#define USB_DEVICE_ID_MATCH_INT_SUBCLASS 0x0100
#define USB_DEVICE_ID_MATCH_INT_PROTOCOL 0x0200

#pragma GCC visibility pop

#endif /* _LDM_MOD_DEVICETABLE_H */
