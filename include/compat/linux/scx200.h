/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/scx200.h> for an unchanged 2.6.9 driver: <ldm/scx200.h>, the NatSemi
 * SCx200's registers and GPIO pins, reached through port I/O.
 */
#ifndef _LDM_COMPAT_LINUX_SCX200_H
#define _LDM_COMPAT_LINUX_SCX200_H

#include <ldm/scx200.h>

#endif /* _LDM_COMPAT_LINUX_SCX200_H */
