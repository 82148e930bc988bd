// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-kusb.c - the USB core with the 2.6.9-style driver of
 * tests/drivers/kapi/kusb_drv.c: the driver registers on the "usb" bus
 * and finds nothing; a device and interface added as a host controller's
 * enumeration adds them bind by id table, and its transfers fail with
 * -ENODEV while the bus has no host controller operations, or reach them
 * when a (fake) one is there.
 */
#include <ldm/usb.h>

#include "../modules/modtest.h"

/* A host controller of the test's own: control requests answered, interrupt URBs held. */
static struct urb *pending;
static int submits, unlinks;

static int fake_submit(struct urb *urb, int mem_flags)
{
	struct usb_ctrlrequest *setup = (struct usb_ctrlrequest *)urb->setup_packet;
	u8 *buf = urb->transfer_buffer;

	(void)mem_flags;
	submits++;
	if (usb_pipeint(urb->pipe)) {
		pending = urb;
		return 0;
	}
	if (!usb_pipecontrol(urb->pipe) || setup->bRequest != USB_REQ_GET_STATUS)
		return -EPIPE;
	buf[0] = 1; /* self-powered */
	buf[1] = 0;
	urb->actual_length = 2;
	urb->status = 0;
	usb_giveback_urb(urb, NULL);
	return 0;
}

static int fake_unlink(struct urb *urb, int status)
{
	unlinks++;
	if (urb != pending)
		return -EINVAL;
	pending = NULL;
	urb->status = status;
	usb_giveback_urb(urb, NULL);
	return 0;
}

static struct usb_operations fake_ops = {
	.submit_urb = fake_submit,
	.unlink_urb = fake_unlink,
};

/* What a host controller's enumeration builds: one device, one interface. */
struct fake_dev {
	struct usb_bus bus;
	struct usb_device *udev;
	struct usb_host_config config;
	struct usb_interface intf;
	struct usb_host_interface alt;
	struct usb_host_endpoint ep;
};

static void intf_release(struct device *dev)
{
	(void)dev; /* part of struct fake_dev, the test's */
}

static void fake_dev_add(struct fake_dev *f, struct usb_operations *op, u16 product, u8 class)
{
	memset(f, 0, sizeof(*f));
	f->bus.busnum = 1;
	f->bus.bus_name = "ldmtest";
	f->bus.op = op;
	f->udev = usb_alloc_dev(NULL, &f->bus, 0);
	ASSERT(f->udev);
	f->udev->devnum = 2;
	f->udev->state = USB_STATE_CONFIGURED;
	f->udev->speed = USB_SPEED_FULL;
	f->udev->descriptor.idVendor = 0x1d6b;
	f->udev->descriptor.idProduct = product;
	f->udev->descriptor.bcdDevice = 0x0100;
	f->udev->epmaxpacketin[1] = 8;
	ASSERT_STREQ(f->udev->dev.bus_id, "usb1");
	ASSERT_OK(device_add(&f->udev->dev));

	f->ep.desc.bEndpointAddress = USB_DIR_IN | 1;
	f->ep.desc.bmAttributes = USB_ENDPOINT_XFER_INT;
	f->ep.desc.wMaxPacketSize = 8;
	f->ep.desc.bInterval = 10;
	f->alt.desc.bNumEndpoints = 1;
	f->alt.desc.bInterfaceClass = class;
	f->alt.desc.bInterfaceSubClass = 1;
	f->alt.desc.bInterfaceProtocol = 1;
	f->alt.endpoint = &f->ep;
	f->intf.altsetting = f->intf.cur_altsetting = &f->alt;
	f->intf.num_altsetting = 1;
	f->intf.minor = -1;
	f->config.desc.bNumInterfaces = 1;
	f->config.interface[0] = &f->intf;
	f->udev->actconfig = &f->config;
	f->intf.dev.parent = &f->udev->dev;
	f->intf.dev.bus = &usb_bus_type;
	f->intf.dev.release = intf_release;
	snprintf(f->intf.dev.bus_id, sizeof(f->intf.dev.bus_id), "1-0:1.0");
	ASSERT_OK(device_register(&f->intf.dev));
}

static void fake_dev_del(struct fake_dev *f)
{
	device_unregister(&f->intf.dev);
	device_del(&f->udev->dev);
	usb_put_dev(f->udev);
}

static char usb_modalias[128];

static void record_usb_event(const struct ldm_uevent *event, void *data)
{
	char **e;

	(void)data;
	if (strcmp(event->action, "add") || strcmp(event->subsystem, "usb"))
		return;
	for (e = event->envp; *e; e++)
		if (!strncmp(*e, "MODALIAS=", 9))
			snprintf(usb_modalias, sizeof(usb_modalias), "%s", *e + 9);
}

DEFINE_TEST(test_kusb_driver_registers_and_binds_by_id_table,
	    .description = "a 2.6.9 USB driver's module loads with nothing plugged in; an "
			   "interface added later binds by its id table, with a MODALIAS its "
			   "usb: alias matches, gets a minor of USB_MAJOR from 192, and its "
			   "transfers fail with -ENODEV on a bus without a host controller; "
			   "rmmod disconnects it")
{
	struct fake_dev f;
	char *out;

	ASSERT(node_exists("/bus/usb/drivers/usb"));
	ASSERT_OK(ko_load("kusb_drv", NULL));
	ASSERT(node_exists("/bus/usb/drivers/kusb_drv"));
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/probed"), "0\n");
	ASSERT(ldm_test_log_has("usbcore: registered new driver kusb_drv"));
	ASSERT_OK(ldm_test_run(LDM_BUILD_DIR "/tools/ldm/ldm modinfo -F alias " TEST_MODULE_DIR
					     "/kusb_drv.ko",
			       &out));
	/* One alias an entry, in the order the compiler laid .modinfo out. */
	ASSERT(strstr(out, "usb:v*p*d*dc*dsc*dp*ic03isc01ip01*\n"));
	ASSERT(strstr(out, "usb:v1D6Bp0104d*dc*dsc*dp*ic*isc*ip*\n"));
	ASSERT_EQ(strlen(out), 35U + 37U);
	free(out);

	ASSERT_OK(ldm_uevent_listen(record_usb_event, NULL));
	fake_dev_add(&f, NULL, 0x0104, USB_CLASS_VENDOR_SPEC);
	ASSERT_OK(ldm_uevent_unlisten(record_usb_event, NULL));
	ASSERT_STREQ(usb_modalias, "usb:v1D6Bp0104d0100dc00dsc00dp00icFFisc01ip01");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/probed"), "1\n");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/info"), "5\n");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/submit_err"), "-19\n");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/ctrl_err"), "-19\n");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/minor"), "192\n");
	ASSERT(ldm_test_log_has("kusb_drv: 1d6b:0104 interface class 255, endpoint 0x81"));
	ASSERT_STREQ(tree_link("/bus/usb/devices/1-0:1.0/driver"),
		     "../../../bus/usb/drivers/kusb_drv");
	ASSERT_STREQ(tree_attr("/class/usb/kusb0/dev"), "180:192\n");
	/* The device itself is the generic driver's: no USB driver is tried on it. */
	ASSERT_STREQ(tree_link("/bus/usb/devices/usb1/driver"), "../../bus/usb/drivers/usb");
	ASSERT_EQ(usb_find_device(0x1d6b, 0x0104), f.udev);
	usb_put_dev(f.udev);
	ASSERT_EQ(usb_ifnum_to_if(f.udev, 0), &f.intf);
	ASSERT_EQ(usb_epnum_to_ep_desc(f.udev, USB_DIR_IN | 1), &f.ep.desc);
	ASSERT_EQ(usb_epnum_to_ep_desc(f.udev, 1), NULL);

	ASSERT_OK(ldm_delete_module("kusb_drv", 0));
	ASSERT_EQ(f.intf.dev.driver, NULL);
	ASSERT(!node_exists("/class/usb"));
	fake_dev_del(&f);
}

DEFINE_TEST(test_kusb_transfers_reach_the_host_controller,
	    .description = "with host controller operations on the bus, usb_submit_urb() "
			   "queues the URB, usb_control_msg() waits for its completion and "
			   "gives the bytes moved, and usb_kill_urb() at disconnect unlinks "
			   "the pending URB and waits for it")
{
	struct fake_dev f;

	ASSERT_OK(ko_load("kusb_drv", NULL));
	fake_dev_add(&f, &fake_ops, 0x0001, USB_CLASS_HID);
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/probed"), "1\n");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/info"), "6\n");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/submit_err"), "0\n");
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/ctrl_err"), "2\n");
	ASSERT_EQ(submits, 2);
	ASSERT(pending);
	ASSERT_EQ(usb_pipeendpoint(pending->pipe), 1U);
	ASSERT_EQ(pending->transfer_buffer_length, 8);
	fake_dev_del(&f);
	ASSERT_STREQ(tree_attr("/module/kusb_drv/parameters/disconnected"), "1\n");
	ASSERT_EQ(pending, NULL);
	ASSERT_EQ(unlinks, 1);
	ASSERT_OK(ldm_delete_module("kusb_drv", 0));
}

DEFINE_TEST(test_usb_match_id_follows_the_match_flags,
	    .description = "usb_match_id() compares only the fields match_flags names, "
			   "bcdDevice within its inclusive range, and stops at the empty entry")
{
	static const struct usb_device_id table[] = {
		{ USB_DEVICE_VER(0x1234, 0x5678, 0x0100, 0x0199) },
		{ USB_DEVICE_INFO(9, 0, 0) },
		{ USB_INTERFACE_INFO(8, 6, 0x50) },
		{},
		{ USB_DEVICE(0x1234, 0x5678) },
	};
	struct usb_bus bus = { .busnum = 3, .bus_name = "t" };
	struct usb_host_interface alt = { .desc = { .bInterfaceClass = 8,
						    .bInterfaceSubClass = 6,
						    .bInterfaceProtocol = 0x50 } };
	struct usb_interface intf = { .altsetting = &alt, .cur_altsetting = &alt };
	struct usb_device *udev = usb_alloc_dev(NULL, &bus, 0);

	ASSERT(udev);
	intf.dev.parent = &udev->dev;
	udev->descriptor.idVendor = 0x1234;
	udev->descriptor.idProduct = 0x5678;
	udev->descriptor.bcdDevice = 0x0150;
	ASSERT_EQ(usb_match_id(&intf, table), &table[0]);
	udev->descriptor.bcdDevice = 0x0200;
	ASSERT_EQ(usb_match_id(&intf, table), &table[2]);
	udev->descriptor.bDeviceClass = 9;
	ASSERT_EQ(usb_match_id(&intf, table), &table[1]);
	udev->descriptor.bDeviceClass = 0;
	alt.desc.bInterfaceProtocol = 0x62;
	ASSERT_EQ(usb_match_id(&intf, table), NULL);
	usb_put_dev(udev);
}
