// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kusb_drv.c - a USB driver as 2.6.9 wrote them: an id table matching one
 * product and one interface class, a probe that takes the interface's
 * endpoint, allocates an URB, submits it, asks a control request and
 * registers a character device of USB_MAJOR; a disconnect that undoes it.
 * usb_register() from init, so the module loads with nothing plugged in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/usb.h>

static int probed, disconnected, submit_err = 1, ctrl_err = 1, minor = -1, info = -1;
module_param(probed, int, 0444);
module_param(disconnected, int, 0444);
module_param(submit_err, int, 0444);
module_param(ctrl_err, int, 0444);
module_param(minor, int, 0444);
module_param(info, int, 0444);

struct kusb {
	struct usb_device *udev;
	struct urb *irq;
	unsigned char *data;
};

static struct usb_device_id kusb_table[] = { { USB_DEVICE(0x1d6b, 0x0104), .driver_info = 5 },
					     { USB_INTERFACE_INFO(USB_CLASS_HID, 1, 1),
					       .driver_info = 6 },
					     {} };
MODULE_DEVICE_TABLE(usb, kusb_table);

static int kusb_open(struct inode *inode, struct file *file)
{
	return 0;
}

static struct file_operations kusb_fops = {
	.owner = THIS_MODULE,
	.open = kusb_open,
};

static struct usb_class_driver kusb_class = {
	.name = "usb/kusb%d",
	.fops = &kusb_fops,
	.mode = 0644,
	.minor_base = 192,
};

static void kusb_irq(struct urb *urb, struct pt_regs *regs)
{
}

static int kusb_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_device *udev = interface_to_usbdev(intf);
	struct usb_endpoint_descriptor *ep;
	struct kusb *k;
	u8 status[2];
	int err;

	if (intf->cur_altsetting->desc.bNumEndpoints < 1)
		return -ENODEV;
	ep = &intf->cur_altsetting->endpoint[0].desc;
	if ((ep->bmAttributes & USB_ENDPOINT_XFERTYPE_MASK) != USB_ENDPOINT_XFER_INT)
		return -ENODEV;
	k = kmalloc(sizeof(*k), GFP_KERNEL);
	if (!k)
		return -ENOMEM;
	memset(k, 0, sizeof(*k));
	k->udev = usb_get_dev(udev);
	k->data = kmalloc(8, SLAB_KERNEL | GFP_DMA);
	k->irq = usb_alloc_urb(0, GFP_KERNEL);
	if (!k->data || !k->irq) {
		err = -ENOMEM;
		goto err_free;
	}
	usb_fill_int_urb(k->irq, udev, usb_rcvintpipe(udev, ep->bEndpointAddress), k->data,
			 usb_maxpacket(udev, usb_rcvintpipe(udev, ep->bEndpointAddress), 0),
			 kusb_irq, k, ep->bInterval);
	submit_err = usb_submit_urb(k->irq, GFP_KERNEL);
	ctrl_err = usb_control_msg(udev, usb_rcvctrlpipe(udev, 0), USB_REQ_GET_STATUS,
				   USB_DIR_IN | USB_RECIP_DEVICE, 0, 0, status, sizeof(status), HZ);
	usb_set_intfdata(intf, k);
	err = usb_register_dev(intf, &kusb_class);
	if (err)
		goto err_free;
	minor = intf->minor;
	info = (int)id->driver_info;
	probed++;
	printk(KERN_INFO "kusb_drv: %04x:%04x interface class %d, endpoint %#x\n",
	       udev->descriptor.idVendor, udev->descriptor.idProduct,
	       intf->cur_altsetting->desc.bInterfaceClass, ep->bEndpointAddress);
	return 0;

err_free:
	usb_set_intfdata(intf, NULL);
	usb_free_urb(k->irq);
	kfree(k->data);
	usb_put_dev(k->udev);
	kfree(k);
	return err;
}

static void kusb_disconnect(struct usb_interface *intf)
{
	struct kusb *k = usb_get_intfdata(intf);

	usb_set_intfdata(intf, NULL);
	usb_deregister_dev(intf, &kusb_class);
	usb_kill_urb(k->irq);
	usb_free_urb(k->irq);
	kfree(k->data);
	usb_put_dev(k->udev);
	kfree(k);
	disconnected++;
}

static struct usb_driver kusb_driver = {
	.owner = THIS_MODULE,
	.name = "kusb_drv",
	.probe = kusb_probe,
	.disconnect = kusb_disconnect,
	.id_table = kusb_table,
};

static int __init kusb_init(void)
{
	struct urb *urb = usb_alloc_urb(2, GFP_KERNEL);

	/* An URB's references: a get, then two frees. */
	if (!urb)
		return -ENOMEM;
	usb_get_urb(urb);
	usb_free_urb(urb);
	usb_free_urb(urb);
	return usb_register(&kusb_driver);
}

static void __exit kusb_exit(void)
{
	usb_deregister(&kusb_driver);
}

module_init(kusb_init);
module_exit(kusb_exit);
MODULE_LICENSE("GPL");
