// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * search.c - finding PCI functions (drivers/pci/search.c of 2.6.9): by
 * vendor and device, subsystem, class or slot. The pci_find_ forms lend
 * the function without a reference, as 2.6.9's did; the pci_get_ forms
 * take one, dropped by pci_dev_put() or the next call. With no function on
 * the bus every search gives NULL.
 */
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/pci.h>

#include "pci.h"

static bool subsys_matches(const struct pci_dev *dev, unsigned int vendor, unsigned int device,
			   unsigned int ss_vendor, unsigned int ss_device)
{
	return (vendor == (unsigned int)PCI_ANY_ID || dev->vendor == vendor) &&
	       (device == (unsigned int)PCI_ANY_ID || dev->device == device) &&
	       (ss_vendor == (unsigned int)PCI_ANY_ID || dev->subsystem_vendor == ss_vendor) &&
	       (ss_device == (unsigned int)PCI_ANY_ID || dev->subsystem_device == ss_device);
}

struct pci_query {
	unsigned int vendor, device, ss_vendor, ss_device;
	unsigned int class; /* compared when use_class */
	bool use_class;
};

/* The next function after @from that matches @q; under pci_devices_lock. */
static struct pci_dev *next_match(const struct pci_query *q, const struct pci_dev *from)
{
	struct list_head *n = from ? from->global_list.next : pci_devices.next;
	struct pci_dev *dev;

	for (; n != &pci_devices; n = n->next) {
		dev = pci_dev_g(n);
		if (q->use_class ?
			    dev->class == q->class :
			    subsys_matches(dev, q->vendor, q->device, q->ss_vendor, q->ss_device))
			return dev;
	}
	return NULL;
}

static struct pci_dev *find(const struct pci_query *q, const struct pci_dev *from)
{
	struct pci_dev *dev;

	pthread_rwlock_rdlock(&pci_devices_lock);
	dev = next_match(q, from);
	pthread_rwlock_unlock(&pci_devices_lock);
	return dev;
}

static struct pci_dev *get(const struct pci_query *q, struct pci_dev *from)
{
	struct pci_dev *dev;

	pthread_rwlock_rdlock(&pci_devices_lock);
	dev = pci_dev_get(next_match(q, from));
	pthread_rwlock_unlock(&pci_devices_lock);
	pci_dev_put(from);
	return dev;
}

/**
 * pci_find_subsys - the next function with these ids, without a reference
 * @vendor: its vendor, or PCI_ANY_ID
 * @device: its device, or PCI_ANY_ID
 * @ss_vendor: its subsystem vendor, or PCI_ANY_ID
 * @ss_device: its subsystem device, or PCI_ANY_ID
 * @from: the function to search after, NULL for the first
 *
 * Return: it, or NULL.
 */
struct pci_dev *pci_find_subsys(unsigned int vendor, unsigned int device, unsigned int ss_vendor,
				unsigned int ss_device, const struct pci_dev *from)
{
	struct pci_query q = { vendor, device, ss_vendor, ss_device, 0, false };

	return find(&q, from);
}
EXPORT_SYMBOL(pci_find_subsys);

/**
 * pci_find_device - the next function with this vendor and device
 * @vendor: its vendor, or PCI_ANY_ID
 * @device: its device, or PCI_ANY_ID
 * @from: the function to search after, NULL for the first
 *
 * Return: it, without a reference, or NULL.
 */
struct pci_dev *pci_find_device(unsigned int vendor, unsigned int device,
				const struct pci_dev *from)
{
	return pci_find_subsys(vendor, device, PCI_ANY_ID, PCI_ANY_ID, from);
}
EXPORT_SYMBOL(pci_find_device);

/**
 * pci_find_class - the next function of a class
 * @class: its class (base, sub, prog-if)
 * @from: the function to search after, NULL for the first
 *
 * Return: it, without a reference, or NULL.
 */
struct pci_dev *pci_find_class(unsigned int class, const struct pci_dev *from)
{
	struct pci_query q = { .class = class, .use_class = true };

	return find(&q, from);
}
EXPORT_SYMBOL(pci_find_class);

/**
 * pci_get_subsys - pci_find_subsys(), with a reference
 * @vendor: its vendor, or PCI_ANY_ID
 * @device: its device, or PCI_ANY_ID
 * @ss_vendor: its subsystem vendor, or PCI_ANY_ID
 * @ss_device: its subsystem device, or PCI_ANY_ID
 * @from: the function to search after (its reference is dropped), or NULL
 *
 * Return: it, with a reference, or NULL.
 */
struct pci_dev *pci_get_subsys(unsigned int vendor, unsigned int device, unsigned int ss_vendor,
			       unsigned int ss_device, struct pci_dev *from)
{
	struct pci_query q = { vendor, device, ss_vendor, ss_device, 0, false };

	return get(&q, from);
}
EXPORT_SYMBOL(pci_get_subsys);

/**
 * pci_get_device - pci_find_device(), with a reference
 * @vendor: its vendor, or PCI_ANY_ID
 * @device: its device, or PCI_ANY_ID
 * @from: the function to search after (its reference is dropped), or NULL
 *
 * Return: it, with a reference, or NULL.
 */
struct pci_dev *pci_get_device(unsigned int vendor, unsigned int device, struct pci_dev *from)
{
	return pci_get_subsys(vendor, device, PCI_ANY_ID, PCI_ANY_ID, from);
}
EXPORT_SYMBOL(pci_get_device);

/**
 * pci_get_class - pci_find_class(), with a reference
 * @class: its class
 * @from: the function to search after (its reference is dropped), or NULL
 *
 * Return: it, with a reference, or NULL.
 */
struct pci_dev *pci_get_class(unsigned int class, struct pci_dev *from)
{
	struct pci_query q = { .class = class, .use_class = true };

	return get(&q, from);
}
EXPORT_SYMBOL(pci_get_class);

/* The function at @devfn of the bus numbered @busnr (or of @bus); under the lock. */
static struct pci_dev *at_slot(const struct pci_bus *bus, unsigned int busnr, unsigned int devfn)
{
	struct pci_dev *dev;

	list_for_each_entry(dev, &pci_devices, global_list) {
		if (dev->devfn != devfn)
			continue;
		if (bus ? dev->bus == bus : (dev->bus ? dev->bus->number : 0) == busnr)
			return dev;
	}
	return NULL;
}

/**
 * pci_find_slot - the function at a bus number and devfn
 * @bus: the bus number
 * @devfn: the slot and function
 *
 * Return: it, without a reference, or NULL.
 */
struct pci_dev *pci_find_slot(unsigned int bus, unsigned int devfn)
{
	struct pci_dev *dev;

	pthread_rwlock_rdlock(&pci_devices_lock);
	dev = at_slot(NULL, bus, devfn);
	pthread_rwlock_unlock(&pci_devices_lock);
	return dev;
}
EXPORT_SYMBOL(pci_find_slot);

/**
 * pci_get_slot - the function at a devfn of a bus, with a reference
 * @bus: the bus
 * @devfn: the slot and function
 *
 * Return: it, or NULL.
 */
struct pci_dev *pci_get_slot(struct pci_bus *bus, unsigned int devfn)
{
	struct pci_dev *dev;

	pthread_rwlock_rdlock(&pci_devices_lock);
	dev = pci_dev_get(at_slot(bus, 0, devfn));
	pthread_rwlock_unlock(&pci_devices_lock);
	return dev;
}
EXPORT_SYMBOL(pci_get_slot);

/**
 * pci_dev_present - whether a function of an id table is on the bus
 * @ids: the table
 *
 * Return: 1 if one is, else 0.
 */
int pci_dev_present(const struct pci_device_id *ids)
{
	struct pci_dev *dev;
	int found = 0;

	pthread_rwlock_rdlock(&pci_devices_lock);
	list_for_each_entry(dev, &pci_devices, global_list) {
		if (pci_match_device(ids, dev)) {
			found = 1;
			break;
		}
	}
	pthread_rwlock_unlock(&pci_devices_lock);
	return found;
}
EXPORT_SYMBOL(pci_dev_present);
