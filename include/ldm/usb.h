/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/usb.h> - the USB core as <linux/usb.h> of 2.6.9 gives it to
 * drivers: struct usb_device and struct usb_interface on the driver
 * model's "usb" bus, struct usb_driver and its id table, URBs and the
 * pipes they are sent on, and the synchronous messages.
 *
 * No host controller exists in ldm yet, so no device is ever enumerated:
 * a driver registers, finds nothing, and its module loads, as on a 2.6.9
 * kernel booted without its device plugged in. A transfer asked of a
 * device whose bus has no host controller operations fails with -ENODEV
 * (docs/kernel-services.md).
 */
#ifndef _LDM_USB_H
#define _LDM_USB_H

#include <ldm/completion.h>
#include <ldm/delay.h>
#include <ldm/device.h>
#include <ldm/dma-mapping.h>
#include <ldm/errno.h>
#include <ldm/fs.h>
#include <ldm/interrupt.h>
#include <ldm/kref.h>
#include <ldm/list.h>
#include <ldm/mod_devicetable.h>
#include <ldm/sched.h>
#include <ldm/semaphore.h>
#include <ldm/spinlock.h>
#include <ldm/usb_ch9.h>

#pragma GCC visibility push(default)

#define USB_MAJOR 180

struct usb_bus;
struct usb_device;
struct usb_driver;
struct urb;

/**
 * struct usb_host_endpoint - an endpoint's descriptor, parsed
 * @desc: the descriptor
 * @extra: the class's or vendor's descriptors that followed it
 * @extralen: their length
 */
struct usb_host_endpoint {
	struct usb_endpoint_descriptor desc;
	unsigned char *extra;
	int extralen;
};

/**
 * struct usb_host_interface - one setting of an interface, parsed
 * @desc: the interface descriptor
 * @endpoint: its desc.bNumEndpoints endpoints
 * @extra: the descriptors that followed it
 * @extralen: their length
 */
struct usb_host_interface {
	struct usb_interface_descriptor desc;
	struct usb_host_endpoint *endpoint;
	unsigned char *extra;
	int extralen;
};

/**
 * struct usb_interface - what a USB driver binds to
 * @altsetting: the interface's settings, in no particular order
 * @cur_altsetting: the one in use
 * @num_altsetting: how many @altsetting has
 * @minor: the minor usb_register_dev() gave it, or -1
 * @dev: its device on the "usb" bus; its parent is the usb_device's
 * @class_dev: the class device of usb_register_dev(), or NULL
 */
struct usb_interface {
	struct usb_host_interface *altsetting;
	struct usb_host_interface *cur_altsetting;
	unsigned num_altsetting;
	int minor;
	struct device dev;
	struct class_device *class_dev;
};
#define to_usb_interface(d)	  container_of(d, struct usb_interface, dev)
#define interface_to_usbdev(intf) container_of((intf)->dev.parent, struct usb_device, dev)

static inline void *usb_get_intfdata(struct usb_interface *intf)
{
	return dev_get_drvdata(&intf->dev);
}

static inline void usb_set_intfdata(struct usb_interface *intf, void *data)
{
	dev_set_drvdata(&intf->dev, data);
}

struct usb_interface *usb_get_intf(struct usb_interface *intf);
void usb_put_intf(struct usb_interface *intf);

#define USB_MAXINTERFACES 32

/**
 * struct usb_interface_cache - every setting of one interface of a
 * configuration, kept while the configuration is not the active one
 * @num_altsetting: how many settings follow
 * @ref: its reference count
 * @altsetting: the settings
 */
struct usb_interface_cache {
	unsigned num_altsetting;
	struct kref ref;
	struct usb_host_interface altsetting[];
};
#define ref_to_usb_interface_cache(r) container_of(r, struct usb_interface_cache, ref)

/**
 * struct usb_host_config - one configuration of a device, parsed
 * @desc: the configuration descriptor
 * @interface: its interfaces while it is the active one
 * @intf_cache: every setting of each interface
 * @extra: the descriptors that followed it
 * @extralen: their length
 */
struct usb_host_config {
	struct usb_config_descriptor desc;
	struct usb_interface *interface[USB_MAXINTERFACES];
	struct usb_interface_cache *intf_cache[USB_MAXINTERFACES];
	unsigned char *extra;
	int extralen;
};

struct usb_endpoint_descriptor *usb_epnum_to_ep_desc(struct usb_device *dev, unsigned epnum);
int __usb_get_extra_descriptor(char *buffer, unsigned size, unsigned char type, void **ptr);
#define usb_get_extra_descriptor(ifpoint, type, ptr) \
	__usb_get_extra_descriptor((char *)(ifpoint)->extra, (ifpoint)->extralen, type, \
				   (void **)(ptr))

/**
 * struct usb_operations - what a host controller does for the USB core
 * @get_frame_number: the bus's current frame
 * @submit_urb: queue a transfer; its completion is called when it ends
 * @unlink_urb: cancel a queued transfer with @status
 * @buffer_alloc: memory the controller can reach by DMA
 * @buffer_free: give it back
 * @disable: forget an endpoint's state
 */
struct usb_operations {
	int (*get_frame_number)(struct usb_device *usb_dev);
	int (*submit_urb)(struct urb *urb, int mem_flags);
	int (*unlink_urb)(struct urb *urb, int status);
	void *(*buffer_alloc)(struct usb_bus *bus, size_t size, int mem_flags, dma_addr_t *dma);
	void (*buffer_free)(struct usb_bus *bus, size_t size, void *addr, dma_addr_t dma);
	void (*disable)(struct usb_device *udev, int bEndpointAddress);
};

struct usb_devmap {
	unsigned long devicemap[128 / (8 * sizeof(unsigned long))];
};

/**
 * struct usb_bus - one host controller's bus
 * @controller: the controller's device
 * @busnum: its number, from 1
 * @bus_name: its stable name (the controller's bus_id)
 * @devnum_next: the next address to try
 * @devmap: the addresses in use
 * @op: the controller's operations; NULL while there is none, and then
 *	every transfer fails with -ENODEV
 * @root_hub: the root hub
 * @bus_list: on the list of busses
 * @hcpriv: the controller's own
 * @release: frees the bus
 */
struct usb_bus {
	struct device *controller;
	int busnum;
	char *bus_name;
	u8 otg_port;
	unsigned is_b_host : 1;
	unsigned b_hnp_enable : 1;
	int devnum_next;
	struct usb_devmap devmap;
	struct usb_operations *op;
	struct usb_device *root_hub;
	struct list_head bus_list;
	void *hcpriv;
	int bandwidth_allocated;
	int bandwidth_int_reqs;
	int bandwidth_isoc_reqs;
	void (*release)(struct usb_bus *bus);
};

#define USB_MAXCHILDREN 16

struct usb_tt;

/**
 * struct usb_device - a device on a USB bus
 * @devnum: its address on the bus
 * @devpath: its path of ports ("1.2"), for messages
 * @state: its chapter 9 state
 * @speed: low, full or high
 * @serialize: held while its configuration changes
 * @toggle: the data toggle of each endpoint, [0] IN and [1] OUT
 * @epmaxpacketin: each IN endpoint's wMaxPacketSize
 * @epmaxpacketout: each OUT endpoint's
 * @parent: its hub, NULL for a root hub
 * @bus: the bus it is on
 * @dev: its device on the "usb" bus (bound to the generic driver "usb")
 * @descriptor: its device descriptor
 * @config: its configurations
 * @actconfig: the active one, or NULL
 * @rawdescriptors: each configuration as the device sent it
 * @maxchild: its number of ports if it is a hub
 * @children: the devices on those ports
 */
struct usb_device {
	int devnum;
	char devpath[16];
	enum usb_device_state state;
	enum usb_device_speed speed;
	struct usb_tt *tt;
	int ttport;
	struct semaphore serialize;
	unsigned int toggle[2];
	int epmaxpacketin[16];
	int epmaxpacketout[16];
	struct usb_device *parent;
	struct usb_bus *bus;
	struct device dev;
	struct usb_device_descriptor descriptor;
	struct usb_host_config *config;
	struct usb_host_config *actconfig;
	char **rawdescriptors;
	int have_langid;
	int string_langid;
	void *hcpriv;
	struct list_head filelist;
	int maxchild;
	struct usb_device *children[USB_MAXCHILDREN];
};
#define to_usb_device(d) container_of(d, struct usb_device, dev)

struct usb_device *usb_alloc_dev(struct usb_device *parent, struct usb_bus *bus, unsigned port);
struct usb_device *usb_get_dev(struct usb_device *dev);
void usb_put_dev(struct usb_device *dev);
int usb_reset_device(struct usb_device *dev);
int __usb_reset_device(struct usb_device *dev);
struct usb_device *usb_find_device(u16 vendor_id, u16 product_id);
int usb_get_current_frame_number(struct usb_device *usb_dev);

int usb_driver_claim_interface(struct usb_driver *driver, struct usb_interface *iface, void *priv);
static inline int usb_interface_claimed(struct usb_interface *iface)
{
	return iface->dev.driver != NULL;
}
void usb_driver_release_interface(struct usb_driver *driver, struct usb_interface *iface);
const struct usb_device_id *usb_match_id(struct usb_interface *interface,
					 const struct usb_device_id *id);
struct usb_interface *usb_find_interface(struct usb_driver *drv, int minor);
struct usb_interface *usb_ifnum_to_if(struct usb_device *dev, unsigned ifnum);
struct usb_host_interface *usb_altnum_to_altsetting(struct usb_interface *intf,
						    unsigned int altnum);

static inline int usb_make_path(struct usb_device *dev, char *buf, size_t size)
{
	int n = snprintf(buf, size, "usb-%s-%s", dev->bus->bus_name, dev->devpath);

	return n >= (int)size ? -1 : n;
}

#define USB_DEVICE_ID_MATCH_DEVICE    (USB_DEVICE_ID_MATCH_VENDOR | USB_DEVICE_ID_MATCH_PRODUCT)
#define USB_DEVICE_ID_MATCH_DEV_RANGE (USB_DEVICE_ID_MATCH_DEV_LO | USB_DEVICE_ID_MATCH_DEV_HI)
#define USB_DEVICE_ID_MATCH_DEVICE_AND_VERSION \
	(USB_DEVICE_ID_MATCH_DEVICE | USB_DEVICE_ID_MATCH_DEV_RANGE)
#define USB_DEVICE_ID_MATCH_DEV_INFO \
	(USB_DEVICE_ID_MATCH_DEV_CLASS | USB_DEVICE_ID_MATCH_DEV_SUBCLASS | \
	 USB_DEVICE_ID_MATCH_DEV_PROTOCOL)
#define USB_DEVICE_ID_MATCH_INT_INFO \
	(USB_DEVICE_ID_MATCH_INT_CLASS | USB_DEVICE_ID_MATCH_INT_SUBCLASS | \
	 USB_DEVICE_ID_MATCH_INT_PROTOCOL)

/* Initializers of a struct usb_device_id entry */
#define USB_DEVICE(vend, prod) \
	.match_flags = USB_DEVICE_ID_MATCH_DEVICE, .idVendor = (vend), .idProduct = (prod)
#define USB_DEVICE_VER(vend, prod, lo, hi) \
	.match_flags = USB_DEVICE_ID_MATCH_DEVICE_AND_VERSION, .idVendor = (vend), \
	.idProduct = (prod), .bcdDevice_lo = (lo), .bcdDevice_hi = (hi)
#define USB_DEVICE_INFO(cl, sc, pr) \
	.match_flags = USB_DEVICE_ID_MATCH_DEV_INFO, .bDeviceClass = (cl), \
	.bDeviceSubClass = (sc), .bDeviceProtocol = (pr)
#define USB_INTERFACE_INFO(cl, sc, pr) \
	.match_flags = USB_DEVICE_ID_MATCH_INT_INFO, .bInterfaceClass = (cl), \
	.bInterfaceSubClass = (sc), .bInterfaceProtocol = (pr)

/**
 * struct usb_driver - a driver of USB interfaces
 * @owner: its module
 * @name: its name, unique among USB drivers
 * @probe: called for an interface its @id_table matches; 0 to bind
 * @disconnect: the interface goes away, or the driver is unregistered
 * @ioctl: usbfs's ioctl to the driver (unused here: ldm has no usbfs)
 * @suspend: the interface suspends
 * @resume: it resumes
 * @id_table: the interfaces it drives, ended by an empty entry
 * @driver: its driver on the "usb" bus
 */
struct usb_driver {
	struct module *owner;
	const char *name;
	int (*probe)(struct usb_interface *intf, const struct usb_device_id *id);
	void (*disconnect)(struct usb_interface *intf);
	int (*ioctl)(struct usb_interface *intf, unsigned int code, void *buf);
	int (*suspend)(struct usb_interface *intf, u32 state);
	int (*resume)(struct usb_interface *intf);
	const struct usb_device_id *id_table;
	struct device_driver driver;
};
#define to_usb_driver(d) container_of(d, struct usb_driver, driver)

extern struct bus_type usb_bus_type;

/**
 * struct usb_class_driver - a character device a USB driver offers
 * @name: the node's name, a printf format taking the minor ("lp%d")
 * @fops: its file operations
 * @mode: the node's mode
 * @minor_base: the first minor of the driver's range of USB_MAJOR
 */
struct usb_class_driver {
	char *name;
	struct file_operations *fops;
	mode_t mode;
	int minor_base;
};

int usb_register(struct usb_driver *driver);
void usb_deregister(struct usb_driver *driver);
int usb_register_dev(struct usb_interface *intf, struct usb_class_driver *class_driver);
void usb_deregister_dev(struct usb_interface *intf, struct usb_class_driver *class_driver);
int usb_disabled(void);

/* urb->transfer_flags */
#define URB_SHORT_NOT_OK	0x0001
#define URB_ISO_ASAP		0x0002
#define URB_NO_TRANSFER_DMA_MAP 0x0004
#define URB_NO_SETUP_DMA_MAP	0x0008
#define URB_ASYNC_UNLINK	0x0010
#define URB_NO_FSBR		0x0020
#define URB_ZERO_PACKET		0x0040
#define URB_NO_INTERRUPT	0x0080

struct usb_iso_packet_descriptor {
	unsigned int offset;
	unsigned int length;
	unsigned int actual_length;
	unsigned int status;
};

struct pt_regs;
typedef void (*usb_complete_t)(struct urb *, struct pt_regs *);

/**
 * struct urb - a USB request block: one transfer
 * @kref: its reference count (usb_get_urb(), usb_free_urb())
 * @lock: guards its state while queued
 * @hcpriv: the host controller's
 * @urb_list: the controller's queue
 * @use_count: how many submissions are in flight
 * @reject: set while usb_kill_urb() waits: submissions fail
 * @dev: the device (in)
 * @pipe: endpoint, direction and type (in; usb_sndbulkpipe()...)
 * @status: the result (out)
 * @transfer_flags: URB_* (in)
 * @transfer_buffer: the data (in)
 * @transfer_dma: its DMA address with URB_NO_TRANSFER_DMA_MAP (in)
 * @transfer_buffer_length: its size (in)
 * @actual_length: how much moved (out)
 * @setup_packet: the SETUP packet of a control transfer (in)
 * @setup_dma: its DMA address with URB_NO_SETUP_DMA_MAP (in)
 * @start_frame: the first frame of an isochronous transfer
 * @number_of_packets: the isochronous packets (in)
 * @interval: the polling interval of interrupt and isochronous transfers
 * @error_count: the isochronous packets that failed (out)
 * @context: for @complete (in)
 * @complete: called when the transfer ends (in)
 * @iso_frame_desc: the isochronous packets
 */
struct urb {
	struct kref kref;
	spinlock_t lock;
	void *hcpriv;
	struct list_head urb_list;
	int bandwidth;
	atomic_t use_count;
	u8 reject;
	struct usb_device *dev;
	unsigned int pipe;
	int status;
	unsigned int transfer_flags;
	void *transfer_buffer;
	dma_addr_t transfer_dma;
	int transfer_buffer_length;
	int actual_length;
	unsigned char *setup_packet;
	dma_addr_t setup_dma;
	int start_frame;
	int number_of_packets;
	int interval;
	int error_count;
	void *context;
	usb_complete_t complete;
	struct usb_iso_packet_descriptor iso_frame_desc[];
};

static inline void usb_fill_bulk_urb(struct urb *urb, struct usb_device *dev, unsigned int pipe,
				     void *transfer_buffer, int buffer_length,
				     usb_complete_t complete_fn, void *context)
{
	spin_lock_init(&urb->lock);
	urb->dev = dev;
	urb->pipe = pipe;
	urb->transfer_buffer = transfer_buffer;
	urb->transfer_buffer_length = buffer_length;
	urb->complete = complete_fn;
	urb->context = context;
}

/* A bulk URB's fields, and the setup packet. */
static inline void usb_fill_control_urb(struct urb *urb, struct usb_device *dev, unsigned int pipe,
					unsigned char *setup_packet, void *transfer_buffer,
					int buffer_length, usb_complete_t complete_fn,
					void *context)
{
	usb_fill_bulk_urb(urb, dev, pipe, transfer_buffer, buffer_length, complete_fn, context);
	urb->setup_packet = setup_packet;
}

/* A bulk URB's fields; a high-speed device's @interval is a power of two of microframes. */
static inline void usb_fill_int_urb(struct urb *urb, struct usb_device *dev, unsigned int pipe,
				    void *transfer_buffer, int buffer_length,
				    usb_complete_t complete_fn, void *context, int interval)
{
	usb_fill_bulk_urb(urb, dev, pipe, transfer_buffer, buffer_length, complete_fn, context);
	urb->interval = dev->speed == USB_SPEED_HIGH ? 1 << (interval - 1) : interval;
	urb->start_frame = -1;
}

void usb_init_urb(struct urb *urb);
struct urb *usb_alloc_urb(int iso_packets, int mem_flags);
void usb_free_urb(struct urb *urb);
#define usb_put_urb usb_free_urb
struct urb *usb_get_urb(struct urb *urb);
int usb_submit_urb(struct urb *urb, int mem_flags);
void usb_giveback_urb(struct urb *urb, struct pt_regs *regs);
int usb_unlink_urb(struct urb *urb);
void usb_kill_urb(struct urb *urb);

#define HAVE_USB_BUFFERS
void *usb_buffer_alloc(struct usb_device *dev, size_t size, int mem_flags, dma_addr_t *dma);
void usb_buffer_free(struct usb_device *dev, size_t size, void *addr, dma_addr_t dma);

int usb_control_msg(struct usb_device *dev, unsigned int pipe, __u8 request, __u8 requesttype,
		    __u16 value, __u16 index, void *data, __u16 size, int timeout);
int usb_bulk_msg(struct usb_device *usb_dev, unsigned int pipe, void *data, int len,
		 int *actual_length, int timeout);

int usb_get_descriptor(struct usb_device *dev, unsigned char desctype, unsigned char descindex,
		       void *buf, int size);
int usb_get_status(struct usb_device *dev, int type, int target, void *data);
int usb_get_string(struct usb_device *dev, unsigned short langid, unsigned char index, void *buf,
		   int size);
int usb_string(struct usb_device *dev, int index, char *buf, size_t size);
int usb_clear_halt(struct usb_device *dev, int pipe);
int usb_reset_configuration(struct usb_device *dev);
int usb_set_interface(struct usb_device *dev, int ifnum, int alternate);

/* The timeouts of the standard requests, in seconds */
#define USB_CTRL_GET_TIMEOUT 5
#define USB_CTRL_SET_TIMEOUT 5

/* Pipe types: not the USB_ENDPOINT_XFER_* values */
#define PIPE_ISOCHRONOUS 0
#define PIPE_INTERRUPT	 1
#define PIPE_CONTROL	 2
#define PIPE_BULK	 3

/*
 * A pipe: bits 30-31 the type, 15-18 the endpoint, 8-14 the device's
 * address, 7 the direction (USB_DIR_IN).
 */
#define usb_pipein(pipe)       ((pipe)&USB_DIR_IN)
#define usb_pipeout(pipe)      (!usb_pipein(pipe))
#define usb_pipedevice(pipe)   (((pipe) >> 8) & 0x7f)
#define usb_pipeendpoint(pipe) (((pipe) >> 15) & 0xf)
#define usb_pipetype(pipe)     (((pipe) >> 30) & 3)
#define usb_pipeisoc(pipe)     (usb_pipetype((pipe)) == PIPE_ISOCHRONOUS)
#define usb_pipeint(pipe)      (usb_pipetype((pipe)) == PIPE_INTERRUPT)
#define usb_pipecontrol(pipe)  (usb_pipetype((pipe)) == PIPE_CONTROL)
#define usb_pipebulk(pipe)     (usb_pipetype((pipe)) == PIPE_BULK)

#define usb_maxpacket(dev, pipe, out) \
	((out) ? (dev)->epmaxpacketout[usb_pipeendpoint(pipe)] : \
		 (dev)->epmaxpacketin[usb_pipeendpoint(pipe)])

#define usb_gettoggle(dev, ep, out) (((dev)->toggle[out] >> (ep)) & 1)
#define usb_dotoggle(dev, ep, out)  ((dev)->toggle[out] ^= (1 << (ep)))
#define usb_settoggle(dev, ep, out, bit) \
	((dev)->toggle[out] = ((dev)->toggle[out] & ~(1 << (ep))) | ((bit) << (ep)))

static inline unsigned int __create_pipe(struct usb_device *dev, unsigned int endpoint)
{
	return ((unsigned int)dev->devnum << 8) | (endpoint << 15);
}

#define usb_sndctrlpipe(dev, ep) (((unsigned int)PIPE_CONTROL << 30) | __create_pipe(dev, ep))
#define usb_rcvctrlpipe(dev, ep) \
	(((unsigned int)PIPE_CONTROL << 30) | __create_pipe(dev, ep) | USB_DIR_IN)
#define usb_sndisocpipe(dev, ep) (((unsigned int)PIPE_ISOCHRONOUS << 30) | __create_pipe(dev, ep))
#define usb_rcvisocpipe(dev, ep) \
	(((unsigned int)PIPE_ISOCHRONOUS << 30) | __create_pipe(dev, ep) | USB_DIR_IN)
#define usb_sndbulkpipe(dev, ep) (((unsigned int)PIPE_BULK << 30) | __create_pipe(dev, ep))
#define usb_rcvbulkpipe(dev, ep) \
	(((unsigned int)PIPE_BULK << 30) | __create_pipe(dev, ep) | USB_DIR_IN)
#define usb_sndintpipe(dev, ep) (((unsigned int)PIPE_INTERRUPT << 30) | __create_pipe(dev, ep))
#define usb_rcvintpipe(dev, ep) \
	(((unsigned int)PIPE_INTERRUPT << 30) | __create_pipe(dev, ep) | USB_DIR_IN)

/* The USB core's messages, with the file's name, as 2.6.9's (for modules) */
#ifdef MODULE
#ifdef DEBUG
#define dbg(format, arg...) printk(KERN_DEBUG "%s: " format "\n", __FILE__, ##arg)
#else
#define dbg(format, arg...) \
	do { \
	} while (0)
#endif
#define err(format, arg...)  printk(KERN_ERR "%s: " format "\n", __FILE__, ##arg)
#define info(format, arg...) printk(KERN_INFO "%s: " format "\n", __FILE__, ##arg)
#define warn(format, arg...) printk(KERN_WARNING "%s: " format "\n", __FILE__, ##arg)
#endif /* MODULE */

#pragma GCC visibility pop

#endif /* _LDM_USB_H */
