// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * urb.c - USB request blocks (drivers/usb/core/urb.c of 2.6.9): their
 * allocation and reference counts, and their submission to the host
 * controller of the device's bus.
 *
 * A transfer goes to the operations of the device's struct usb_bus. No
 * host controller exists in ldm yet: a device whose bus has none gets
 * -ENODEV, the error 2.6.9 gives for a device that is gone.
 */
#include <string.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <ldm/usb.h>
#include <ldm/wait.h>

/* usb_kill_urb() waits here for a transfer to be given back. */
static DECLARE_WAIT_QUEUE_HEAD(usb_kill_urb_queue);

/**
 * usb_init_urb - initialize an URB a driver allocated itself
 * @urb: the URB
 *
 * Prefer usb_alloc_urb(): an URB initialized here must not be freed by
 * usb_free_urb().
 */
void usb_init_urb(struct urb *urb)
{
	if (!urb)
		return;
	memset(urb, 0, sizeof(*urb));
	kref_init(&urb->kref);
	spin_lock_init(&urb->lock);
	INIT_LIST_HEAD(&urb->urb_list);
}
EXPORT_SYMBOL(usb_init_urb);

/**
 * usb_alloc_urb - a new URB
 * @iso_packets: the isochronous packets it carries (0 for other types)
 * @mem_flags: GFP_*
 *
 * Return: the URB with one reference (usb_free_urb()), or NULL.
 */
struct urb *usb_alloc_urb(int iso_packets, int mem_flags)
{
	struct urb *urb;

	if (iso_packets < 0)
		return NULL;
	urb = kmalloc(sizeof(*urb) + (size_t)iso_packets * sizeof(struct usb_iso_packet_descriptor),
		      (gfp_t)mem_flags);
	if (!urb) {
		printk(KERN_ERR "usbcore: alloc_urb: kmalloc failed\n");
		return NULL;
	}
	usb_init_urb(urb);
	memset(urb->iso_frame_desc, 0,
	       (size_t)iso_packets * sizeof(struct usb_iso_packet_descriptor));
	return urb;
}
EXPORT_SYMBOL(usb_alloc_urb);

static void urb_destroy(struct kref *kref)
{
	kfree(container_of(kref, struct urb, kref));
}

/**
 * usb_free_urb - drop a reference to an URB; the last frees it
 * @urb: the URB, or NULL
 */
void usb_free_urb(struct urb *urb)
{
	if (urb)
		kref_put(&urb->kref, urb_destroy);
}
EXPORT_SYMBOL(usb_free_urb);

/**
 * usb_get_urb - take a reference to an URB
 * @urb: the URB, or NULL
 *
 * Return: @urb.
 */
struct urb *usb_get_urb(struct urb *urb)
{
	if (urb)
		kref_get(&urb->kref);
	return urb;
}
EXPORT_SYMBOL(usb_get_urb);

/* The operations of @urb's device's host controller, or NULL. */
static struct usb_operations *urb_hc_ops(struct urb *urb)
{
	if (!urb->dev || !urb->dev->bus)
		return NULL;
	return urb->dev->bus->op;
}

/**
 * usb_submit_urb - start a transfer
 * @urb: the URB, filled by usb_fill_*_urb()
 * @mem_flags: GFP_*
 *
 * Its completion is called when the transfer ends, from the host
 * controller's context.
 * Return: 0 once the transfer is queued; -EINVAL for no URB, no
 * completion or one already queued; -EPERM while usb_kill_urb() waits on
 * it; -ENODEV when the device has no address, or its bus no host
 * controller (always, in ldm as it is); the host controller's error.
 */
int usb_submit_urb(struct urb *urb, int mem_flags)
{
	struct usb_operations *op;
	int error;

	if (!urb || urb->hcpriv || !urb->complete)
		return -EINVAL;
	if (!urb->dev || urb->dev->devnum <= 0)
		return -ENODEV;
	op = urb_hc_ops(urb);
	if (!op || !op->submit_urb)
		return -ENODEV;
	if (urb->dev->state < USB_STATE_DEFAULT)
		return -EHOSTUNREACH;
	if (urb->reject)
		return -EPERM;
	urb->status = -EINPROGRESS;
	urb->actual_length = 0;
	urb->error_count = 0;
	usb_get_urb(urb);
	atomic_inc(&urb->use_count);
	error = op->submit_urb(urb, mem_flags);
	if (error) {
		urb->status = error;
		atomic_dec(&urb->use_count);
		usb_put_urb(urb);
	}
	return error;
}
EXPORT_SYMBOL(usb_submit_urb);

/**
 * usb_giveback_urb - end a transfer (for a host controller)
 * @urb: the URB its submit_urb() took, its status and actual_length set
 * @regs: the registers of the interrupt, or NULL
 *
 * Calls the URB's completion, then drops the reference the submission
 * took and wakes usb_kill_urb().
 */
void usb_giveback_urb(struct urb *urb, struct pt_regs *regs)
{
	urb->hcpriv = NULL;
	urb->complete(urb, regs);
	atomic_dec(&urb->use_count);
	if (urb->reject)
		wake_up(&usb_kill_urb_queue);
	usb_put_urb(urb);
}
EXPORT_SYMBOL(usb_giveback_urb);

/**
 * usb_unlink_urb - cancel a transfer
 * @urb: the URB
 *
 * Return: what the host controller says (-EINPROGRESS while it cancels);
 * -EINVAL for no URB; -ENODEV when the device's bus has no host
 * controller, which then holds no transfer to cancel.
 */
int usb_unlink_urb(struct urb *urb)
{
	struct usb_operations *op;

	if (!urb)
		return -EINVAL;
	op = urb_hc_ops(urb);
	if (!op || !op->unlink_urb)
		return -ENODEV;
	return op->unlink_urb(urb, -ECONNRESET);
}
EXPORT_SYMBOL(usb_unlink_urb);

/**
 * usb_kill_urb - cancel a transfer and wait until it has ended
 * @urb: the URB, or NULL
 *
 * Submissions of @urb fail with -EPERM while it waits. It may sleep.
 */
void usb_kill_urb(struct urb *urb)
{
	struct usb_operations *op;

	if (!urb)
		return;
	op = urb_hc_ops(urb);
	/* Without a host controller no transfer was ever queued. */
	if (!op || !op->unlink_urb)
		return;
	spin_lock_irq(&urb->lock);
	urb->reject++;
	spin_unlock_irq(&urb->lock);
	op->unlink_urb(urb, -ENOENT);
	wait_event(usb_kill_urb_queue, atomic_read(&urb->use_count) == 0);
	spin_lock_irq(&urb->lock);
	urb->reject--;
	spin_unlock_irq(&urb->lock);
}
EXPORT_SYMBOL(usb_kill_urb);
