/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/tty_driver.h> for an unchanged 2.6.9 driver: <ldm/tty_driver.h>, the line
 * disciplines of the tty layer (ldm has no tty core: docs/kernel-services.md).
 */
#ifndef _LDM_COMPAT_LINUX_TTY_DRIVER_H
#define _LDM_COMPAT_LINUX_TTY_DRIVER_H

#include <ldm/tty_driver.h>

#endif /* _LDM_COMPAT_LINUX_TTY_DRIVER_H */
