// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * share.c - sharing parallel ports between drivers (drivers/parport/
 * share.c of 2.6.9): ports registered by a low-level driver (a device
 * model, here), drivers attached to each port as it is announced, and
 * devices that claim a port one at a time. With no port registered a
 * driver registers and is attached to nothing.
 */
#include <pthread.h>
#include <stdio.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/parport.h>
#include <ldm/slab.h>

/* Guards the lists of ports and drivers, and each port's devices and claimant. */
static pthread_mutex_t parport_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t parport_released = PTHREAD_COND_INITIALIZER;
static LIST_HEAD(portlist);
static struct parport_driver *driver_chain;
static int next_number;

/**
 * parport_register_driver - be told of every port, now and to come
 * @drv: the driver; attach() is called for each announced port
 *
 * Return: 0.
 */
int parport_register_driver(struct parport_driver *drv)
{
	struct parport *port;

	pthread_mutex_lock(&parport_lock);
	drv->next = driver_chain;
	driver_chain = drv;
	pthread_mutex_unlock(&parport_lock);
	/* Attached with no lock held: attach() registers devices. */
	list_for_each_entry(port, &portlist, list)
		drv->attach(port);
	return 0;
}
EXPORT_SYMBOL(parport_register_driver);

/**
 * parport_unregister_driver - stop being told; detach() for each port
 * @drv: the driver
 */
void parport_unregister_driver(struct parport_driver *drv)
{
	struct parport_driver **p;
	struct parport *port;

	pthread_mutex_lock(&parport_lock);
	for (p = &driver_chain; *p; p = &(*p)->next) {
		if (*p == drv) {
			*p = drv->next;
			break;
		}
	}
	pthread_mutex_unlock(&parport_lock);
	list_for_each_entry(port, &portlist, list)
		drv->detach(port);
}
EXPORT_SYMBOL(parport_unregister_driver);

/**
 * parport_register_port - a low-level driver's port
 * @base: its base port
 * @irq: its line, or PARPORT_IRQ_NONE
 * @dma: its channel, or PARPORT_DMA_NONE
 * @ops: its registers' accessors
 *
 * Drivers hear of it at parport_announce_port().
 * Return: the port, or NULL.
 */
struct parport *parport_register_port(unsigned long base, int irq, int dma,
				      struct parport_operations *ops)
{
	struct parport *port = kzalloc(sizeof(*port), GFP_KERNEL);
	char *name;

	if (!port)
		return NULL;
	pthread_mutex_lock(&parport_lock);
	port->number = next_number++;
	pthread_mutex_unlock(&parport_lock);
	name = kasprintf(GFP_KERNEL, "parport%d", port->number);
	if (!name) {
		kfree(port);
		return NULL;
	}
	port->name = name;
	port->base = base;
	port->irq = irq;
	port->dma = dma;
	port->ops = ops;
	port->physport = port;
	port->portnum = port->number;
	port->modes = PARPORT_MODE_PCSPP;
	atomic_set(&port->ref_count, 1);
	INIT_LIST_HEAD(&port->list);
	return port;
}
EXPORT_SYMBOL(parport_register_port);

/**
 * parport_announce_port - make a port known, and attach every driver to it
 * @port: the port
 */
void parport_announce_port(struct parport *port)
{
	struct parport_driver *drv;

	pthread_mutex_lock(&parport_lock);
	list_add_tail(&port->list, &portlist);
	drv = driver_chain;
	pthread_mutex_unlock(&parport_lock);
	for (; drv; drv = drv->next)
		drv->attach(port);
}
EXPORT_SYMBOL(parport_announce_port);

/**
 * parport_remove_port - detach every driver from a port and forget it
 * @port: the port; its last parport_put_port() frees it
 */
void parport_remove_port(struct parport *port)
{
	struct parport_driver *drv;

	pthread_mutex_lock(&parport_lock);
	list_del_init(&port->list);
	drv = driver_chain;
	pthread_mutex_unlock(&parport_lock);
	for (; drv; drv = drv->next)
		drv->detach(port);
}
EXPORT_SYMBOL(parport_remove_port);

/**
 * parport_get_port - take a reference on a port
 * @port: the port
 *
 * Return: @port.
 */
struct parport *parport_get_port(struct parport *port)
{
	atomic_inc(&port->ref_count);
	return port;
}
EXPORT_SYMBOL(parport_get_port);

/**
 * parport_put_port - drop a reference; the last frees the port
 * @port: the port
 */
void parport_put_port(struct parport *port)
{
	if (!atomic_dec_and_test(&port->ref_count))
		return;
	kfree((char *)port->name);
	kfree(port);
}
EXPORT_SYMBOL(parport_put_port);

static struct parport *find_port(bool by_number, int number, unsigned long base)
{
	struct parport *port, *found = NULL;

	pthread_mutex_lock(&parport_lock);
	list_for_each_entry(port, &portlist, list) {
		if (by_number ? port->number == number : port->base == base) {
			found = parport_get_port(port);
			break;
		}
	}
	pthread_mutex_unlock(&parport_lock);
	return found;
}

/**
 * parport_find_number - the port numbered @number
 * @number: the n of parportn
 *
 * Return: it, with a reference (parport_put_port()), or NULL.
 */
struct parport *parport_find_number(int number)
{
	return find_port(true, number, 0);
}
EXPORT_SYMBOL(parport_find_number);

/**
 * parport_find_base - the port at a base port
 * @base: the base
 *
 * Return: it, with a reference, or NULL.
 */
struct parport *parport_find_base(unsigned long base)
{
	return find_port(false, 0, base);
}
EXPORT_SYMBOL(parport_find_base);

/**
 * parport_register_device - a driver's device on a port
 * @port: the port
 * @name: the device's name
 * @pf: asked to let go of the port (may be NULL)
 * @kf: told the port is free (may be NULL)
 * @irq_func: the port's interrupt handler while the device has it
 * @flags: PARPORT_DEV_EXCL for a device that wants the port alone
 * @handle: given to @pf and @kf
 *
 * Return: the device, or NULL (no memory, or the port is held exclusively).
 */
struct pardevice *parport_register_device(struct parport *port, const char *name, int (*pf)(void *),
					  void (*kf)(void *),
					  void (*irq_func)(int, void *, struct pt_regs *),
					  int flags, void *handle)
{
	struct pardevice *dev;

	if (!port)
		return NULL;
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return NULL;
	dev->name = name;
	dev->port = port;
	dev->preempt = pf;
	dev->wakeup = kf;
	dev->private = handle;
	dev->irq_func = irq_func;
	dev->flags = (unsigned int)flags;
	init_waitqueue_head(&dev->wait_q);
	pthread_mutex_lock(&parport_lock);
	if ((port->flags & PARPORT_FLAG_EXCL) || ((flags & PARPORT_DEV_EXCL) && port->devices)) {
		pthread_mutex_unlock(&parport_lock);
		printk(KERN_DEBUG "%s: cannot grant exclusive access for device %s\n", port->name,
		       name);
		kfree(dev);
		return NULL;
	}
	if (flags & PARPORT_DEV_EXCL)
		port->flags |= PARPORT_FLAG_EXCL;
	dev->next = port->devices;
	if (port->devices)
		port->devices->prev = dev;
	port->devices = dev;
	pthread_mutex_unlock(&parport_lock);
	parport_get_port(port);
	return dev;
}
EXPORT_SYMBOL(parport_register_device);

/**
 * parport_unregister_device - take a device off its port
 * @dev: the device (NULL does nothing)
 */
void parport_unregister_device(struct pardevice *dev)
{
	struct parport *port;

	if (!dev)
		return;
	port = dev->port;
	pthread_mutex_lock(&parport_lock);
	if (port->cad == dev) {
		printk(KERN_WARNING "%s: %s forgot to release port\n", port->name, dev->name);
		port->cad = NULL;
		pthread_cond_broadcast(&parport_released);
	}
	if (dev->prev)
		dev->prev->next = dev->next;
	else
		port->devices = dev->next;
	if (dev->next)
		dev->next->prev = dev->prev;
	if (dev->flags & PARPORT_DEV_EXCL)
		port->flags &= ~PARPORT_FLAG_EXCL;
	pthread_mutex_unlock(&parport_lock);
	kfree(dev);
	parport_put_port(port);
}
EXPORT_SYMBOL(parport_unregister_device);

/**
 * parport_claim - take the port for a device
 * @dev: the device
 *
 * Return: 0, or -EAGAIN if another device holds it.
 */
int parport_claim(struct pardevice *dev)
{
	struct parport *port = dev->port;
	int err = 0;

	pthread_mutex_lock(&parport_lock);
	if (port->cad && port->cad != dev)
		err = -EAGAIN;
	else
		port->cad = dev;
	pthread_mutex_unlock(&parport_lock);
	return err;
}
EXPORT_SYMBOL(parport_claim);

/**
 * parport_claim_or_block - take the port, waiting for it to be released
 * @dev: the device
 *
 * Return: 0 if it was free, 1 if it was waited for.
 */
int parport_claim_or_block(struct pardevice *dev)
{
	struct parport *port = dev->port;
	int waited = 0;

	pthread_mutex_lock(&parport_lock);
	while (port->cad && port->cad != dev) {
		waited = 1;
		pthread_cond_wait(&parport_released, &parport_lock);
	}
	port->cad = dev;
	pthread_mutex_unlock(&parport_lock);
	return waited;
}
EXPORT_SYMBOL(parport_claim_or_block);

/**
 * parport_release - give the port back
 * @dev: the device that claimed it
 */
void parport_release(struct pardevice *dev)
{
	struct parport *port = dev->port;

	pthread_mutex_lock(&parport_lock);
	if (port->cad != dev) {
		pthread_mutex_unlock(&parport_lock);
		printk(KERN_WARNING "%s: %s tried to release parport when not owner\n", port->name,
		       dev->name);
		return;
	}
	port->cad = NULL;
	pthread_cond_broadcast(&parport_released);
	pthread_mutex_unlock(&parport_lock);
}
EXPORT_SYMBOL(parport_release);
