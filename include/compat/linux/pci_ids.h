/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/pci_ids.h> for an unchanged 2.6.9 driver: <ldm/pci_ids.h>.
 */
#ifndef _LDM_COMPAT_LINUX_PCI_IDS_H
#define _LDM_COMPAT_LINUX_PCI_IDS_H

#include <ldm/pci_ids.h>

#endif /* _LDM_COMPAT_LINUX_PCI_IDS_H */
