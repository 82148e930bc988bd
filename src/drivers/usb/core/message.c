// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * message.c - the synchronous USB messages (drivers/usb/core/message.c of
 * 2.6.9): a control or bulk transfer waited for, and the standard
 * requests built on them (descriptors, strings, status, halts,
 * interface settings).
 *
 * Each is an URB submitted with usb_submit_urb(), so each fails as it
 * does: -ENODEV while the device's bus has no host controller.
 */
#include <string.h>
#include <ldm/byteorder.h>
#include <ldm/completion.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/jiffies.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <ldm/usb.h>

static void blocking_completion(struct urb *urb, struct pt_regs *regs)
{
	(void)regs;
	complete(urb->context);
}

/*
 * Submit @urb, whose context is @done, and wait for it at most @timeout
 * jiffies (0: no limit). Frees @urb. Return: its status, -ETIMEDOUT, or
 * the submission's error.
 */
static int usb_start_wait_urb(struct urb *urb, struct completion *done, int timeout,
			      int *actual_length)
{
	unsigned long left;
	int status;

	urb->transfer_flags |= URB_ASYNC_UNLINK;
	urb->actual_length = 0;
	status = usb_submit_urb(urb, GFP_NOIO);
	if (status)
		goto out;
	if (timeout > 0) {
		left = wait_for_completion_timeout(done, (unsigned long)timeout);
		if (!left) {
			usb_kill_urb(urb);
			status = urb->status == -ENOENT ? -ETIMEDOUT : urb->status;
			goto out;
		}
	} else {
		wait_for_completion(done);
	}
	status = urb->status;
out:
	if (actual_length)
		*actual_length = urb->actual_length;
	usb_free_urb(urb);
	return status;
}

/**
 * usb_control_msg - a control transfer, waited for
 * @dev: the device
 * @pipe: its control pipe (usb_sndctrlpipe(), usb_rcvctrlpipe())
 * @request: bRequest
 * @requesttype: bRequestType
 * @value: wValue
 * @index: wIndex
 * @data: the data stage's buffer
 * @size: its length
 * @timeout: how long to wait, in jiffies (0: no limit)
 *
 * It may sleep.
 * Return: the bytes moved, or an error: -ENODEV while the device's bus has
 * no host controller, -ETIMEDOUT, -ENOMEM, or the transfer's status.
 */
int usb_control_msg(struct usb_device *dev, unsigned int pipe, __u8 request, __u8 requesttype,
		    __u16 value, __u16 index, void *data, __u16 size, int timeout)
{
	struct usb_ctrlrequest *dr;
	struct completion done;
	struct urb *urb;
	int error, length = 0;

	if (!dev)
		return -ENODEV;
	dr = kmalloc(sizeof(*dr), GFP_NOIO);
	if (!dr)
		return -ENOMEM;
	dr->bRequestType = requesttype;
	dr->bRequest = request;
	dr->wValue = cpu_to_le16(value);
	dr->wIndex = cpu_to_le16(index);
	dr->wLength = cpu_to_le16(size);
	urb = usb_alloc_urb(0, GFP_NOIO);
	if (!urb) {
		kfree(dr);
		return -ENOMEM;
	}
	init_completion(&done);
	usb_fill_control_urb(urb, dev, pipe, (unsigned char *)dr, data, size, blocking_completion,
			     &done);
	error = usb_start_wait_urb(urb, &done, timeout, &length);
	kfree(dr);
	return error < 0 ? error : length;
}
EXPORT_SYMBOL(usb_control_msg);

/**
 * usb_bulk_msg - a bulk (or interrupt) transfer, waited for
 * @usb_dev: the device
 * @pipe: a bulk or interrupt pipe
 * @data: the buffer
 * @len: its length
 * @actual_length: set to the bytes moved
 * @timeout: how long to wait, in jiffies (0: no limit)
 *
 * It may sleep.
 * Return: 0, or an error: -ENODEV while the device's bus has no host
 * controller, -ETIMEDOUT, -ENOMEM, or the transfer's status.
 */
int usb_bulk_msg(struct usb_device *usb_dev, unsigned int pipe, void *data, int len,
		 int *actual_length, int timeout)
{
	struct completion done;
	struct urb *urb;

	if (!usb_dev || len < 0)
		return -EINVAL;
	urb = usb_alloc_urb(0, GFP_KERNEL);
	if (!urb)
		return -ENOMEM;
	init_completion(&done);
	usb_fill_bulk_urb(urb, usb_dev, pipe, data, len, blocking_completion, &done);
	return usb_start_wait_urb(urb, &done, timeout, actual_length);
}
EXPORT_SYMBOL(usb_bulk_msg);

/**
 * usb_get_descriptor - read a standard descriptor of a device
 * @dev: the device
 * @desctype: USB_DT_*
 * @descindex: which of that type
 * @buf: where to put it
 * @size: room in @buf
 *
 * Tries three times, as 2.6.9 does, for devices that answer slowly.
 * Return: its length, or usb_control_msg()'s error.
 */
int usb_get_descriptor(struct usb_device *dev, unsigned char desctype, unsigned char descindex,
		       void *buf, int size)
{
	int i, result = -ENODEV;

	if (!buf || size <= 0 || size > 0xffff)
		return -EINVAL;
	memset(buf, 0, (size_t)size);
	for (i = 0; i < 3; i++) {
		result = usb_control_msg(dev, usb_rcvctrlpipe(dev, 0), USB_REQ_GET_DESCRIPTOR,
					 USB_DIR_IN, (__u16)((desctype << 8) + descindex), 0, buf,
					 (__u16)size, HZ * USB_CTRL_GET_TIMEOUT);
		if (result == 0 || result == -EPIPE)
			continue;
		if (result > 1 && ((u8 *)buf)[1] != desctype) {
			result = -EPROTO;
			continue;
		}
		break;
	}
	return result;
}
EXPORT_SYMBOL(usb_get_descriptor);

/**
 * usb_get_string - read a string descriptor in a language
 * @dev: the device
 * @langid: the language id
 * @index: the string's number
 * @buf: where to put it (UTF-16LE after the 2-byte header)
 * @size: room in @buf
 *
 * Return: its length, or usb_control_msg()'s error.
 */
int usb_get_string(struct usb_device *dev, unsigned short langid, unsigned char index, void *buf,
		   int size)
{
	if (!buf || size <= 0 || size > 0xffff)
		return -EINVAL;
	return usb_control_msg(dev, usb_rcvctrlpipe(dev, 0), USB_REQ_GET_DESCRIPTOR, USB_DIR_IN,
			       (__u16)((USB_DT_STRING << 8) + index), langid, buf, (__u16)size,
			       HZ * USB_CTRL_GET_TIMEOUT);
}
EXPORT_SYMBOL(usb_get_string);

/**
 * usb_string - a string descriptor in the device's first language, as
 * ISO-8859-1 (a character beyond it becomes '?')
 * @dev: the device
 * @index: the string's number, not 0
 * @buf: where to put it, NUL-terminated
 * @size: room in @buf
 *
 * Return: its length, -EINVAL for a bad argument, or the transfer's error.
 */
int usb_string(struct usb_device *dev, int index, char *buf, size_t size)
{
	unsigned char *tbuf;
	int err, len, i, n = 0;

	if (!dev || size == 0 || !buf || index <= 0 || index > 255)
		return -EINVAL;
	buf[0] = '\0';
	tbuf = kmalloc(256, GFP_KERNEL);
	if (!tbuf)
		return -ENOMEM;
	if (!dev->have_langid) {
		err = usb_get_string(dev, 0, 0, tbuf, 4);
		if (err < 0)
			goto out;
		if (err < 4) {
			err = -EINVAL;
			goto out;
		}
		dev->have_langid = 1;
		dev->string_langid = tbuf[2] | (tbuf[3] << 8);
	}
	err = usb_get_string(dev, (unsigned short)dev->string_langid, (unsigned char)index, tbuf,
			     255);
	if (err < 0)
		goto out;
	len = err < tbuf[0] ? err : tbuf[0];
	for (i = 2; i + 1 < len && (size_t)n + 1 < size; i += 2)
		buf[n++] = tbuf[i + 1] ? '?' : (char)tbuf[i];
	buf[n] = '\0';
	err = n;
out:
	kfree(tbuf);
	return err;
}
EXPORT_SYMBOL(usb_string);

/**
 * usb_get_status - GET_STATUS of a device, interface or endpoint
 * @dev: the device
 * @type: USB_RECIP_DEVICE, _INTERFACE or _ENDPOINT
 * @target: the interface's or endpoint's number (0 for the device)
 * @data: two bytes, the status, little-endian
 *
 * Return: 2, or usb_control_msg()'s error.
 */
int usb_get_status(struct usb_device *dev, int type, int target, void *data)
{
	return usb_control_msg(dev, usb_rcvctrlpipe(dev, 0), USB_REQ_GET_STATUS,
			       (__u8)(USB_DIR_IN | type), 0, (__u16)target, data, 2,
			       HZ * USB_CTRL_GET_TIMEOUT);
}
EXPORT_SYMBOL(usb_get_status);

/**
 * usb_clear_halt - clear a halted endpoint, and its data toggle
 * @dev: the device
 * @pipe: the endpoint's pipe
 *
 * Return: 0, or usb_control_msg()'s error.
 */
int usb_clear_halt(struct usb_device *dev, int pipe)
{
	unsigned int endp = usb_pipeendpoint((unsigned int)pipe);
	int result;

	if (usb_pipein((unsigned int)pipe))
		endp |= USB_DIR_IN;
	result = usb_control_msg(dev, usb_sndctrlpipe(dev, 0), USB_REQ_CLEAR_FEATURE,
				 USB_RECIP_ENDPOINT, USB_ENDPOINT_HALT, (__u16)endp, NULL, 0,
				 HZ * USB_CTRL_SET_TIMEOUT);
	if (result < 0)
		return result;
	usb_settoggle(dev, usb_pipeendpoint((unsigned int)pipe), usb_pipeout((unsigned int)pipe),
		      0);
	return 0;
}
EXPORT_SYMBOL(usb_clear_halt);

/* Take @alt's endpoints' packet sizes and reset their toggles. */
static void usb_enable_altsetting(struct usb_device *dev, struct usb_host_interface *alt)
{
	int i;

	for (i = 0; i < alt->desc.bNumEndpoints; i++) {
		const struct usb_endpoint_descriptor *d = &alt->endpoint[i].desc;
		unsigned int ep = d->bEndpointAddress & USB_ENDPOINT_NUMBER_MASK;
		int out = !(d->bEndpointAddress & USB_DIR_IN);

		if (out)
			dev->epmaxpacketout[ep] = d->wMaxPacketSize;
		else
			dev->epmaxpacketin[ep] = d->wMaxPacketSize;
		usb_settoggle(dev, ep, out, 0);
	}
}

/**
 * usb_set_interface - choose a setting of an interface
 * @dev: the device
 * @ifnum: the interface's number
 * @alternate: the setting's number
 *
 * Return: 0; -EINVAL for no such interface or setting; usb_control_msg()'s
 * error.
 */
int usb_set_interface(struct usb_device *dev, int ifnum, int alternate)
{
	struct usb_interface *iface = usb_ifnum_to_if(dev, (unsigned)ifnum);
	struct usb_host_interface *alt;
	int ret;

	if (!iface)
		return -EINVAL;
	alt = usb_altnum_to_altsetting(iface, (unsigned)alternate);
	if (!alt)
		return -EINVAL;
	ret = usb_control_msg(dev, usb_sndctrlpipe(dev, 0), USB_REQ_SET_INTERFACE,
			      USB_RECIP_INTERFACE, (__u16)alternate, (__u16)ifnum, NULL, 0,
			      HZ * USB_CTRL_SET_TIMEOUT);
	if (ret < 0)
		return ret;
	iface->cur_altsetting = alt;
	usb_enable_altsetting(dev, alt);
	return 0;
}
EXPORT_SYMBOL(usb_set_interface);

/**
 * usb_reset_configuration - set the active configuration again, each
 * interface back to its setting 0
 * @dev: the device
 *
 * Return: 0; -EINVAL without an active configuration; usb_control_msg()'s
 * error.
 */
int usb_reset_configuration(struct usb_device *dev)
{
	struct usb_host_config *config = dev ? dev->actconfig : NULL;
	struct usb_interface *intf;
	struct usb_host_interface *alt;
	int i, ret;

	if (!config)
		return -EINVAL;
	ret = usb_control_msg(dev, usb_sndctrlpipe(dev, 0), USB_REQ_SET_CONFIGURATION, 0,
			      config->desc.bConfigurationValue, 0, NULL, 0,
			      HZ * USB_CTRL_SET_TIMEOUT);
	if (ret < 0)
		return ret;
	dev->toggle[0] = dev->toggle[1] = 0;
	for (i = 0; i < config->desc.bNumInterfaces && i < USB_MAXINTERFACES; i++) {
		intf = config->interface[i];
		if (!intf)
			continue;
		alt = usb_altnum_to_altsetting(intf, 0);
		intf->cur_altsetting = alt ? alt : &intf->altsetting[0];
		usb_enable_altsetting(dev, intf->cur_altsetting);
	}
	return 0;
}
EXPORT_SYMBOL(usb_reset_configuration);
