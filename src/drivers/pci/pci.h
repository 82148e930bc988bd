/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pci.h - what the files of drivers/pci/ share (as drivers/pci/pci.h of
 * 2.6.9). Private to libldm.
 */
#ifndef _LDM_DRIVERS_PCI_H
#define _LDM_DRIVERS_PCI_H

#include <pthread.h>

/* Guards pci_devices (bus.c) for the searches (search.c). */
extern pthread_rwlock_t pci_devices_lock;

struct device_attribute;
struct pci_dev;
extern struct device_attribute pci_dev_attrs[];

int pci_host_init(void);
void pci_host_exit(void);
int pci_sysfs_add(struct pci_dev *dev);
void pci_sysfs_remove(struct pci_dev *dev);

#endif /* _LDM_DRIVERS_PCI_H */
