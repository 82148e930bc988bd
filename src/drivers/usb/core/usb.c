// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * usb.c - the USB core's bus (drivers/usb/core/usb.c of 2.6.9): the
 * driver model's "usb" bus, with a struct usb_device for each device,
 * bound to the generic driver "usb", and below it a struct usb_interface
 * for each interface of its active configuration, which the USB drivers
 * bind to by their id tables.
 *
 * No host controller exists in ldm yet, so nothing enumerates a device:
 * a driver registers and finds nothing. usb_alloc_dev() is what a host
 * controller's enumeration starts from (docs/kernel-services.md).
 */
#include <stdio.h>
#include <string.h>
#include <ldm/device.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>
#include <ldm/slab.h>
#include <ldm/usb.h>

#include "boot.h"

/*
 * The driver every struct usb_device is bound to before it is added, so
 * that no USB driver, which drives interfaces, is ever matched with one.
 */
static int generic_probe(struct device *dev)
{
	(void)dev;
	return 0;
}

static int generic_remove(struct device *dev)
{
	(void)dev;
	return 0;
}

static struct device_driver usb_generic_driver = {
	.name = "usb",
	.bus = &usb_bus_type,
	.probe = generic_probe,
	.remove = generic_remove,
};

static void usb_release_dev(struct device *dev);

/*
 * A struct usb_device, not an interface: usb_alloc_dev() made it (its
 * driver is the generic one only while it is bound, not in its last events).
 */
static bool is_usb_device(struct device *dev)
{
	return dev->release == usb_release_dev;
}

/* Whether @id matches the device of @intf and @intf's current setting. */
static bool usb_id_matches(const struct usb_device_id *id, struct usb_interface *intf)
{
	struct usb_device *dev = interface_to_usbdev(intf);
	const struct usb_device_descriptor *d = &dev->descriptor;
	const struct usb_interface_descriptor *i = &intf->cur_altsetting->desc;
	unsigned int f = id->match_flags;

	if ((f & USB_DEVICE_ID_MATCH_VENDOR) && id->idVendor != d->idVendor)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_PRODUCT) && id->idProduct != d->idProduct)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_DEV_LO) && id->bcdDevice_lo > d->bcdDevice)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_DEV_HI) && id->bcdDevice_hi < d->bcdDevice)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_DEV_CLASS) && id->bDeviceClass != d->bDeviceClass)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_DEV_SUBCLASS) && id->bDeviceSubClass != d->bDeviceSubClass)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_DEV_PROTOCOL) && id->bDeviceProtocol != d->bDeviceProtocol)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_INT_CLASS) && id->bInterfaceClass != i->bInterfaceClass)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_INT_SUBCLASS) &&
	    id->bInterfaceSubClass != i->bInterfaceSubClass)
		return false;
	if ((f & USB_DEVICE_ID_MATCH_INT_PROTOCOL) &&
	    id->bInterfaceProtocol != i->bInterfaceProtocol)
		return false;
	return true;
}

/**
 * usb_match_id - the first entry of an id table that matches an interface
 * @interface: the interface, of a device on a bus
 * @id: the table, ended by an entry whose idVendor, bDeviceClass,
 *	bInterfaceClass and driver_info are all 0 (as 2.6.9 reads it)
 *
 * Return: the entry, or NULL.
 */
const struct usb_device_id *usb_match_id(struct usb_interface *interface,
					 const struct usb_device_id *id)
{
	if (!interface || !id)
		return NULL;
	for (; id->idVendor || id->bDeviceClass || id->bInterfaceClass || id->driver_info; id++)
		if (usb_id_matches(id, interface))
			return id;
	return NULL;
}
EXPORT_SYMBOL(usb_match_id);

static int usb_device_match(struct device *dev, struct device_driver *drv)
{
	if (drv == &usb_generic_driver || is_usb_device(dev))
		return 0;
	return usb_match_id(to_usb_interface(dev), to_usb_driver(drv)->id_table) != NULL;
}

/*
 * 2.6.9's variables, PRODUCT, TYPE and INTERFACE, and MODALIAS as modern
 * Linux writes it for an interface: what a module's usb: alias matches.
 */
static int usb_hotplug(struct device *dev, char **envp, int num_envp, char *buffer, int buffer_size)
{
	struct usb_interface *intf;
	struct usb_device *udev;
	const struct usb_interface_descriptor *id;
	int i = 0, len = 0;

	if (is_usb_device(dev))
		return 0;
	intf = to_usb_interface(dev);
	udev = interface_to_usbdev(intf);
	id = &intf->cur_altsetting->desc;
	if (add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "PRODUCT=%x/%x/%x",
				udev->descriptor.idVendor, udev->descriptor.idProduct,
				udev->descriptor.bcdDevice) ||
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "TYPE=%d/%d/%d",
				udev->descriptor.bDeviceClass, udev->descriptor.bDeviceSubClass,
				udev->descriptor.bDeviceProtocol) ||
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size, &len, "INTERFACE=%d/%d/%d",
				id->bInterfaceClass, id->bInterfaceSubClass,
				id->bInterfaceProtocol) ||
	    add_hotplug_env_var(
		    envp, num_envp, &i, buffer, buffer_size, &len,
		    "MODALIAS=usb:v%04Xp%04Xd%04Xdc%02Xdsc%02Xdp%02Xic%02Xisc%02Xip%02X",
		    udev->descriptor.idVendor, udev->descriptor.idProduct,
		    udev->descriptor.bcdDevice, udev->descriptor.bDeviceClass,
		    udev->descriptor.bDeviceSubClass, udev->descriptor.bDeviceProtocol,
		    id->bInterfaceClass, id->bInterfaceSubClass, id->bInterfaceProtocol))
		return -ENOMEM;
	return 0;
}

static int usb_generic_suspend(struct device *dev, u32 state)
{
	struct usb_driver *drv;

	if (is_usb_device(dev) || !dev->driver)
		return 0;
	drv = to_usb_driver(dev->driver);
	return drv->suspend ? drv->suspend(to_usb_interface(dev), state) : 0;
}

static int usb_generic_resume(struct device *dev)
{
	struct usb_driver *drv;

	if (is_usb_device(dev) || !dev->driver)
		return 0;
	drv = to_usb_driver(dev->driver);
	return drv->resume ? drv->resume(to_usb_interface(dev)) : 0;
}

struct bus_type usb_bus_type = {
	.name = "usb",
	.match = usb_device_match,
	.hotplug = usb_hotplug,
	.suspend = usb_generic_suspend,
	.resume = usb_generic_resume,
};
EXPORT_SYMBOL_GPL(usb_bus_type);

static int usb_probe_interface(struct device *dev)
{
	struct usb_interface *intf = to_usb_interface(dev);
	struct usb_driver *driver = to_usb_driver(dev->driver);
	const struct usb_device_id *id;
	int error;

	if (!driver->probe)
		return -ENODEV;
	id = usb_match_id(intf, driver->id_table);
	if (!id)
		return -ENODEV;
	error = driver->probe(intf, id);
	if (error)
		usb_set_intfdata(intf, NULL);
	return error;
}

static int usb_unbind_interface(struct device *dev)
{
	struct usb_interface *intf = to_usb_interface(dev);
	struct usb_driver *driver = to_usb_driver(dev->driver);

	if (driver->disconnect)
		driver->disconnect(intf);
	usb_set_intfdata(intf, NULL);
	return 0;
}

/**
 * usb_register - register a USB driver
 * @new_driver: the driver, with its name, id table, probe and disconnect
 *
 * It binds to every interface its table matches, now and when one is
 * added.
 * Return: 0, or the driver core's error.
 */
int usb_register(struct usb_driver *new_driver)
{
	int error;

	if (!new_driver || !new_driver->name)
		return -EINVAL;
	new_driver->driver.name = (char *)new_driver->name;
	new_driver->driver.bus = &usb_bus_type;
	new_driver->driver.probe = usb_probe_interface;
	new_driver->driver.remove = usb_unbind_interface;
	new_driver->driver.owner = new_driver->owner;
	error = driver_register(&new_driver->driver);
	if (error)
		printk(KERN_ERR "usbcore: error %d registering driver %s\n", error,
		       new_driver->name);
	else
		printk(KERN_INFO "usbcore: registered new driver %s\n", new_driver->name);
	return error;
}
EXPORT_SYMBOL(usb_register);

/**
 * usb_deregister - unregister a USB driver, disconnecting it from every
 * interface it drives first
 * @driver: the driver
 */
void usb_deregister(struct usb_driver *driver)
{
	printk(KERN_INFO "usbcore: deregistering driver %s\n", driver->name);
	driver_unregister(&driver->driver);
}
EXPORT_SYMBOL(usb_deregister);

/**
 * usb_disabled - whether USB was turned off on the command line
 *
 * Return: 0: ldm has no "nousb".
 */
int usb_disabled(void)
{
	return 0;
}
EXPORT_SYMBOL(usb_disabled);

static void usb_release_dev(struct device *dev)
{
	kfree(to_usb_device(dev));
}

/**
 * usb_alloc_dev - a new struct usb_device, for a host controller's
 * enumeration
 * @parent: its hub, or NULL for a root hub
 * @bus: the bus it is on
 * @port: its port on @parent (0-based), unused for a root hub
 *
 * The device is initialized, not added: its caller reads its descriptors
 * and then adds it with device_add(&dev->dev). Its name is
 * "BUSNUM-DEVPATH" ("usbBUSNUM" for a root hub), as 2.6.9's.
 * Return: the device, with one reference (usb_put_dev()), or NULL.
 */
struct usb_device *usb_alloc_dev(struct usb_device *parent, struct usb_bus *bus, unsigned port)
{
	struct usb_device *dev;

	if (!bus)
		return NULL;
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return NULL;
	device_initialize(&dev->dev);
	dev->dev.bus = &usb_bus_type;
	dev->dev.driver = &usb_generic_driver;
	dev->dev.release = usb_release_dev;
	dev->dev.dma_mask = bus->controller ? bus->controller->dma_mask : NULL;
	dev->state = USB_STATE_ATTACHED;
	dev->bus = bus;
	dev->parent = parent;
	init_MUTEX(&dev->serialize);
	INIT_LIST_HEAD(&dev->filelist);
	if (!parent) {
		strcpy(dev->devpath, "0");
		snprintf(dev->dev.bus_id, sizeof(dev->dev.bus_id), "usb%d", bus->busnum);
	} else {
		if (!strcmp(parent->devpath, "0"))
			snprintf(dev->devpath, sizeof(dev->devpath), "%u", port + 1);
		else
			snprintf(dev->devpath, sizeof(dev->devpath), "%.8s.%u", parent->devpath,
				 (port + 1) & 0xff);
		dev->dev.parent = &parent->dev;
		snprintf(dev->dev.bus_id, sizeof(dev->dev.bus_id), "%d-%s", bus->busnum,
			 dev->devpath);
	}
	if (!parent && bus->controller)
		dev->dev.parent = bus->controller;
	return dev;
}
EXPORT_SYMBOL(usb_alloc_dev);

/**
 * usb_get_dev - take a reference to a USB device
 * @dev: the device, or NULL
 *
 * Return: @dev.
 */
struct usb_device *usb_get_dev(struct usb_device *dev)
{
	if (dev)
		get_device(&dev->dev);
	return dev;
}
EXPORT_SYMBOL(usb_get_dev);

/**
 * usb_put_dev - drop a reference usb_get_dev() or usb_alloc_dev() took
 * @dev: the device, or NULL
 */
void usb_put_dev(struct usb_device *dev)
{
	if (dev)
		put_device(&dev->dev);
}
EXPORT_SYMBOL(usb_put_dev);

/**
 * usb_get_intf - take a reference to an interface
 * @intf: the interface, or NULL
 *
 * Return: @intf.
 */
struct usb_interface *usb_get_intf(struct usb_interface *intf)
{
	if (intf)
		get_device(&intf->dev);
	return intf;
}
EXPORT_SYMBOL_GPL(usb_get_intf);

/**
 * usb_put_intf - drop a reference usb_get_intf() took
 * @intf: the interface, or NULL
 */
void usb_put_intf(struct usb_interface *intf)
{
	if (intf)
		put_device(&intf->dev);
}
EXPORT_SYMBOL_GPL(usb_put_intf);

/**
 * usb_driver_claim_interface - bind a driver to another interface of the
 * device it drives (the data interface of a CDC device, say)
 * @driver: the driver
 * @iface: the interface
 * @priv: its interface data
 *
 * Return: 0, or -EBUSY if a driver already has it.
 */
int usb_driver_claim_interface(struct usb_driver *driver, struct usb_interface *iface, void *priv)
{
	if (!driver || !iface)
		return -EINVAL;
	if (iface->dev.driver)
		return -EBUSY;
	iface->dev.driver = &driver->driver;
	usb_set_intfdata(iface, priv);
	if (!list_empty(&iface->dev.bus_list))
		device_bind_driver(&iface->dev);
	return 0;
}
EXPORT_SYMBOL(usb_driver_claim_interface);

/**
 * usb_driver_release_interface - give back an interface
 * usb_driver_claim_interface() took
 * @driver: the driver that holds it
 * @iface: the interface
 *
 * The interface is unbound as at rmmod: the driver's disconnect is called.
 */
void usb_driver_release_interface(struct usb_driver *driver, struct usb_interface *iface)
{
	if (!iface || !driver || iface->dev.driver != &driver->driver)
		return;
	if (!list_empty(&iface->dev.bus_list))
		device_release_driver(&iface->dev);
	iface->dev.driver = NULL;
	usb_set_intfdata(iface, NULL);
}
EXPORT_SYMBOL(usb_driver_release_interface);

/**
 * usb_ifnum_to_if - the interface of a number in a device's active
 * configuration
 * @dev: the device
 * @ifnum: the interface's bInterfaceNumber
 *
 * Return: it, or NULL.
 */
struct usb_interface *usb_ifnum_to_if(struct usb_device *dev, unsigned ifnum)
{
	struct usb_host_config *config = dev ? dev->actconfig : NULL;
	int i;

	if (!config)
		return NULL;
	for (i = 0; i < config->desc.bNumInterfaces && i < USB_MAXINTERFACES; i++)
		if (config->interface[i] &&
		    config->interface[i]->altsetting[0].desc.bInterfaceNumber == ifnum)
			return config->interface[i];
	return NULL;
}
EXPORT_SYMBOL(usb_ifnum_to_if);

/**
 * usb_epnum_to_ep_desc - an endpoint of a device's active configuration
 * @dev: the device
 * @epnum: the endpoint's bEndpointAddress, its direction bit included
 *
 * Looks in each interface's current setting.
 * Return: its descriptor, or NULL.
 */
struct usb_endpoint_descriptor *usb_epnum_to_ep_desc(struct usb_device *dev, unsigned epnum)
{
	struct usb_host_config *config = dev ? dev->actconfig : NULL;
	struct usb_host_interface *alt;
	int i, k;

	if (!config)
		return NULL;
	for (i = 0; i < config->desc.bNumInterfaces && i < USB_MAXINTERFACES; i++) {
		if (!config->interface[i])
			continue;
		alt = config->interface[i]->cur_altsetting;
		for (k = 0; alt && k < alt->desc.bNumEndpoints; k++)
			if (alt->endpoint[k].desc.bEndpointAddress == epnum)
				return &alt->endpoint[k].desc;
	}
	return NULL;
}
EXPORT_SYMBOL(usb_epnum_to_ep_desc);

/**
 * usb_altnum_to_altsetting - an interface's setting of a number
 * @intf: the interface
 * @altnum: the setting's bAlternateSetting
 *
 * Return: it, or NULL.
 */
struct usb_host_interface *usb_altnum_to_altsetting(struct usb_interface *intf, unsigned int altnum)
{
	unsigned int i;

	for (i = 0; intf && i < intf->num_altsetting; i++)
		if (intf->altsetting[i].desc.bAlternateSetting == altnum)
			return &intf->altsetting[i];
	return NULL;
}
EXPORT_SYMBOL(usb_altnum_to_altsetting);

struct find_interface {
	struct usb_driver *drv;
	int minor;
	struct usb_interface *found;
};

static int find_interface_fn(struct device *dev, void *data)
{
	struct find_interface *f = data;
	struct usb_interface *intf;

	if (is_usb_device(dev) || dev->driver != &f->drv->driver)
		return 0;
	intf = to_usb_interface(dev);
	if (intf->minor == -1 || intf->minor != f->minor)
		return 0;
	f->found = intf;
	return 1;
}

/**
 * usb_find_interface - the interface of a driver that holds a minor of
 * USB_MAJOR (what a driver's open() looks up)
 * @drv: the driver
 * @minor: the minor usb_register_dev() gave
 *
 * Return: the interface, or NULL.
 */
struct usb_interface *usb_find_interface(struct usb_driver *drv, int minor)
{
	struct find_interface f = { .drv = drv, .minor = minor };

	if (!drv)
		return NULL;
	bus_for_each_dev(&usb_bus_type, NULL, &f, find_interface_fn);
	return f.found;
}
EXPORT_SYMBOL(usb_find_interface);

struct find_device {
	u16 vendor, product;
	struct usb_device *found;
};

static int find_device_fn(struct device *dev, void *data)
{
	struct find_device *f = data;
	struct usb_device *udev;

	if (!is_usb_device(dev))
		return 0;
	udev = to_usb_device(dev);
	if (udev->descriptor.idVendor != f->vendor || udev->descriptor.idProduct != f->product)
		return 0;
	f->found = usb_get_dev(udev);
	return 1;
}

/**
 * usb_find_device - a device on any bus by its ids
 * @vendor_id: its idVendor
 * @product_id: its idProduct
 *
 * Return: the device with a reference (usb_put_dev()), or NULL.
 */
struct usb_device *usb_find_device(u16 vendor_id, u16 product_id)
{
	struct find_device f = { .vendor = vendor_id, .product = product_id };

	bus_for_each_dev(&usb_bus_type, NULL, &f, find_device_fn);
	return f.found;
}
EXPORT_SYMBOL(usb_find_device);

/**
 * usb_get_current_frame_number - the current frame of a device's bus
 * @usb_dev: the device
 *
 * Return: the frame number, or -ENODEV when its bus has no host controller.
 */
int usb_get_current_frame_number(struct usb_device *usb_dev)
{
	if (!usb_dev || !usb_dev->bus || !usb_dev->bus->op || !usb_dev->bus->op->get_frame_number)
		return -ENODEV;
	return usb_dev->bus->op->get_frame_number(usb_dev);
}
EXPORT_SYMBOL(usb_get_current_frame_number);

/**
 * __usb_get_extra_descriptor - find a descriptor of a type among the
 * extra descriptors that followed an interface or endpoint
 * @buffer: the descriptors
 * @size: their length
 * @type: the bDescriptorType wanted
 * @ptr: set to it
 *
 * Return: 0, or -1 when there is none (2.6.9's value).
 */
int __usb_get_extra_descriptor(char *buffer, unsigned size, unsigned char type, void **ptr)
{
	struct usb_descriptor_header *header;

	while (size >= sizeof(*header)) {
		header = (struct usb_descriptor_header *)buffer;
		if (header->bLength < 2 || header->bLength > size)
			return -1;
		if (header->bDescriptorType == type) {
			*ptr = header;
			return 0;
		}
		buffer += header->bLength;
		size -= header->bLength;
	}
	return -1;
}
EXPORT_SYMBOL(__usb_get_extra_descriptor);

/**
 * usb_reset_device - reset a device through its hub's port
 * @dev: the device
 *
 * Return: -ENODEV: there is no hub driver or host controller to do it.
 */
int usb_reset_device(struct usb_device *dev)
{
	(void)dev;
	return -ENODEV;
}
EXPORT_SYMBOL(usb_reset_device);

/**
 * __usb_reset_device - usb_reset_device() with the device already locked
 * @dev: the device
 *
 * Return: -ENODEV, as usb_reset_device().
 */
int __usb_reset_device(struct usb_device *dev)
{
	return usb_reset_device(dev);
}
EXPORT_SYMBOL(__usb_reset_device);

/**
 * usb_buffer_alloc - memory a device's host controller reaches by DMA
 * @dev: the device
 * @size: its size
 * @mem_flags: GFP_*
 * @dma: set to its DMA address
 *
 * Return: the memory, or NULL, as in 2.6.9 when the device's bus has no
 * host controller.
 */
void *usb_buffer_alloc(struct usb_device *dev, size_t size, int mem_flags, dma_addr_t *dma)
{
	if (!dev || !dev->bus || !dev->bus->op || !dev->bus->op->buffer_alloc)
		return NULL;
	return dev->bus->op->buffer_alloc(dev->bus, size, mem_flags, dma);
}
EXPORT_SYMBOL(usb_buffer_alloc);

/**
 * usb_buffer_free - give back what usb_buffer_alloc() gave
 * @dev: the device
 * @size: its size
 * @addr: the memory, or NULL
 * @dma: its DMA address
 */
void usb_buffer_free(struct usb_device *dev, size_t size, void *addr, dma_addr_t dma)
{
	if (!addr || !dev || !dev->bus || !dev->bus->op || !dev->bus->op->buffer_free)
		return;
	dev->bus->op->buffer_free(dev->bus, size, addr, dma);
}
EXPORT_SYMBOL(usb_buffer_free);

/**
 * usb_init - the "usb" bus and its generic driver
 *
 * Return: 0, or the driver core's error.
 */
int usb_init(void)
{
	int error;

	error = bus_register(&usb_bus_type);
	if (error)
		return error;
	error = driver_register(&usb_generic_driver);
	if (error)
		bus_unregister(&usb_bus_type);
	return error;
}

/**
 * usb_exit - take the "usb" bus away
 */
void usb_exit(void)
{
	driver_unregister(&usb_generic_driver);
	bus_unregister(&usb_bus_type);
}
