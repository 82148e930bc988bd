// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * proc.c - /proc/bus/pci (drivers/pci/proc.c of 2.6.9): "devices", a line
 * per function with its ids, interrupt, BARs and driver, and BB/DD.F, the
 * configuration space of each function as a file (the first 64 bytes to a
 * reader without CAP_SYS_ADMIN, as 2.6.9 had it). Layer 5, above the
 * bus: it lends the bus its attach and detach calls at boot.
 */
#include <pthread.h>
#include <stdio.h>
#include <ldm/capability.h>
#include <ldm/errno.h>
#include <ldm/fs.h>
#include <ldm/kernel.h>
#include <ldm/pci.h>
#include <ldm/proc_fs.h>
#include <ldm/seq_file.h>
#include <ldm/uaccess.h>

#include "boot.h"
#include "pci.h"

#define PCI_REGION_FLAG_MASK 0x0fUL

static pthread_mutex_t pci_proc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct proc_dir_entry *pci_dir;
static struct proc_dir_entry *bus_dirs[256]; /* /proc/bus/pci/BB */
static unsigned int bus_count[256];	     /* their files */

/* The PCI region flags of a resource: its BAR's low bits. */
static unsigned long region_flags(const struct resource *r)
{
	if (r->flags & IORESOURCE_IO)
		return PCI_BASE_ADDRESS_SPACE_IO;
	return 0;
}

static int devices_show(struct seq_file *m, void *v)
{
	struct pci_dev *dev;
	int i;

	(void)v;
	pthread_rwlock_rdlock(&pci_devices_lock);
	list_for_each_entry(dev, &pci_devices, global_list) {
		seq_printf(m, "%02x%02x\t%04x%04x\t%x", dev->bus ? dev->bus->number : 0, dev->devfn,
			   dev->vendor, dev->device, dev->irq);
		for (i = 0; i < 7; i++)
			seq_printf(m, "\t%16lx",
				   dev->resource[i].start | (region_flags(&dev->resource[i]) &
							     PCI_REGION_FLAG_MASK));
		for (i = 0; i < 7; i++)
			seq_printf(m, "\t%16lx",
				   dev->resource[i].start < dev->resource[i].end ?
					   dev->resource[i].end - dev->resource[i].start + 1 :
					   0);
		seq_putc(m, '\t');
		if (dev->driver)
			seq_printf(m, "%s", dev->driver->name);
		seq_putc(m, '\n');
	}
	pthread_rwlock_unlock(&pci_devices_lock);
	return 0;
}

static int devices_open(struct inode *inode, struct file *file)
{
	(void)inode;
	return single_open(file, devices_show, NULL);
}

static const struct file_operations devices_fops = {
	.open = devices_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

/* BB/DD.F: the function is held while the file is open. */
static int config_open(struct inode *inode, struct file *file)
{
	file->private_data = pci_dev_get(PDE(inode)->data);
	return 0;
}

static int config_release(struct inode *inode, struct file *file)
{
	(void)inode;
	pci_dev_put(file->private_data);
	return 0;
}

static ssize_t config_read(struct file *file, char __user *buf, size_t nbytes, loff_t *ppos)
{
	struct pci_dev *dev = file->private_data;
	loff_t size = capable(CAP_SYS_ADMIN) ? dev->cfg_size : 64;
	size_t i;
	u8 val;

	if (*ppos < 0 || *ppos >= size)
		return 0;
	if (nbytes > (size_t)(size - *ppos))
		nbytes = (size_t)(size - *ppos);
	for (i = 0; i < nbytes; i++) {
		if (pci_read_config_byte(dev, (int)(*ppos + (loff_t)i), &val))
			return -EIO;
		if (copy_to_user(buf + i, &val, 1))
			return -EFAULT;
	}
	*ppos += (loff_t)nbytes;
	return (ssize_t)nbytes;
}

static ssize_t config_write(struct file *file, const char __user *buf, size_t nbytes, loff_t *ppos)
{
	struct pci_dev *dev = file->private_data;
	size_t i;
	u8 val;

	if (*ppos < 0 || *ppos >= dev->cfg_size)
		return *ppos == dev->cfg_size ? 0 : -EINVAL;
	if (nbytes > (size_t)(dev->cfg_size - *ppos))
		nbytes = (size_t)(dev->cfg_size - *ppos);
	for (i = 0; i < nbytes; i++) {
		if (copy_from_user(&val, buf + i, 1))
			return -EFAULT;
		if (pci_write_config_byte(dev, (int)(*ppos + (loff_t)i), val))
			return -EIO;
	}
	*ppos += (loff_t)nbytes;
	return (ssize_t)nbytes;
}

static loff_t config_lseek(struct file *file, loff_t off, int whence)
{
	struct pci_dev *dev = file->private_data;

	switch (whence) {
	case 1: /* SEEK_CUR */
		off += file->f_pos;
		break;
	case 2: /* SEEK_END */
		off += dev->cfg_size;
		break;
	case 0:
		break;
	default:
		return -EINVAL;
	}
	if (off < 0 || off > dev->cfg_size)
		return -EINVAL;
	file->f_pos = off;
	return off;
}

static const struct file_operations config_fops = {
	.open = config_open,
	.read = config_read,
	.write = config_write,
	.llseek = config_lseek,
	.release = config_release,
};

/**
 * pci_proc_attach_device - give a function its /proc/bus/pci/BB/DD.F
 * @dev: the function, registered
 *
 * Return: 0, or -ENOMEM.
 */
static int pci_proc_attach_device(struct pci_dev *dev)
{
	unsigned int nr = dev->bus ? dev->bus->number : 0;
	struct proc_dir_entry *e;
	char name[16];
	int error = 0;

	pthread_mutex_lock(&pci_proc_lock);
	if (!bus_count[nr]) {
		snprintf(name, sizeof(name), "%02x", nr);
		bus_dirs[nr] = proc_mkdir(name, pci_dir);
		if (!bus_dirs[nr]) {
			error = -ENOMEM;
			goto out;
		}
	}
	bus_count[nr]++;
	snprintf(name, sizeof(name), "%02x.%x", PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn));
	e = create_proc_entry(name, S_IFREG | 0644, bus_dirs[nr]);
	if (!e)
		goto fail_bus;
	*e->proc_fops = config_fops;
	e->data = dev;
	e->size = (unsigned long)dev->cfg_size;
	dev->procent = e;
	goto out;
fail_bus:
	if (!--bus_count[nr]) {
		snprintf(name, sizeof(name), "%02x", nr);
		remove_proc_entry(name, pci_dir);
		bus_dirs[nr] = NULL;
	}
	error = -ENOMEM;
out:
	pthread_mutex_unlock(&pci_proc_lock);
	return error;
}

/**
 * pci_proc_detach_device - take a function's file away
 * @dev: the function
 */
static void pci_proc_detach_device(struct pci_dev *dev)
{
	unsigned int nr = dev->bus ? dev->bus->number : 0;
	char name[16];

	pthread_mutex_lock(&pci_proc_lock);
	if (!dev->procent)
		goto out;
	snprintf(name, sizeof(name), "%02x.%x", PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn));
	remove_proc_entry(name, bus_dirs[nr]);
	dev->procent = NULL;
	if (!--bus_count[nr]) {
		snprintf(name, sizeof(name), "%02x", nr);
		remove_proc_entry(name, pci_dir);
		bus_dirs[nr] = NULL;
	}
out:
	pthread_mutex_unlock(&pci_proc_lock);
}

/**
 * pci_proc_init - /proc/bus/pci and its devices file
 *
 * Return: 0, or -ENOMEM.
 */
int pci_proc_init(void)
{
	struct proc_dir_entry *e;

	pci_dir = proc_mkdir("pci", proc_bus);
	if (!pci_dir)
		return -ENOMEM;
	e = create_proc_entry("devices", S_IFREG | 0444, pci_dir);
	if (!e) {
		remove_proc_entry("pci", proc_bus);
		pci_dir = NULL;
		return -ENOMEM;
	}
	*e->proc_fops = devices_fops;
	pci_set_proc_ops(pci_proc_attach_device, pci_proc_detach_device);
	return 0;
}

/**
 * pci_proc_exit - take /proc/bus/pci away (the board's functions are gone)
 */
void pci_proc_exit(void)
{
	pci_set_proc_ops(NULL, NULL);
	remove_proc_entry("devices", pci_dir);
	remove_proc_entry("pci", proc_bus);
	pci_dir = NULL;
}
