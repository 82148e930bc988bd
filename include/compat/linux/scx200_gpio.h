/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/scx200_gpio.h> for an unchanged 2.6.9 driver: <ldm/scx200_gpio.h>, the NatSemi
 * SCx200's registers and GPIO pins, reached through port I/O.
 */
#ifndef _LDM_COMPAT_LINUX_SCX200_GPIO_H
#define _LDM_COMPAT_LINUX_SCX200_GPIO_H

#include <ldm/scx200_gpio.h>

#endif /* _LDM_COMPAT_LINUX_SCX200_GPIO_H */
