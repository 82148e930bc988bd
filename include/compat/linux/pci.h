/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/pci.h> for an unchanged 2.6.9 driver: <ldm/pci.h>, a bus with no
 * device on it until a device model adds one.
 */
#ifndef _LDM_COMPAT_LINUX_PCI_H
#define _LDM_COMPAT_LINUX_PCI_H

#include <ldm/pci.h>

#endif /* _LDM_COMPAT_LINUX_PCI_H */
