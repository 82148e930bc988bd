/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/tty_ldisc.h> for an unchanged 2.6.9 driver: <ldm/tty_ldisc.h>, the line
 * disciplines of the tty layer (ldm has no tty core: docs/kernel-services.md).
 */
#ifndef _LDM_COMPAT_LINUX_TTY_LDISC_H
#define _LDM_COMPAT_LINUX_TTY_LDISC_H

#include <ldm/tty_ldisc.h>

#endif /* _LDM_COMPAT_LINUX_TTY_LDISC_H */
