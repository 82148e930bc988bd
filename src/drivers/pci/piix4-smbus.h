/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* piix4-smbus.h - a PIIX4 function's SMBus controller, for host.c. */
#ifndef _LDM_PCI_PIIX4_SMBUS_H
#define _LDM_PCI_PIIX4_SMBUS_H

#include <ldm/types.h>

struct device_node;
struct piix4_smbus;

struct piix4_smbus *piix4_smbus_create(struct device_node *np, const u8 *cfg, unsigned int irq);
void piix4_smbus_destroy(struct piix4_smbus *c);

#endif /* _LDM_PCI_PIIX4_SMBUS_H */
