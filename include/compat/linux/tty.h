/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/tty.h> for an unchanged 2.6.9 driver: <ldm/tty.h>, the line
 * disciplines of the tty layer (ldm has no tty core: docs/kernel-services.md).
 */
#ifndef _LDM_COMPAT_LINUX_TTY_H
#define _LDM_COMPAT_LINUX_TTY_H

#include <ldm/tty.h>

#endif /* _LDM_COMPAT_LINUX_TTY_H */
