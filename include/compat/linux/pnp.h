/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/pnp.h> for an unchanged 2.6.9 driver: <ldm/pnp.h>, a bus with no
 * device on it until a device model adds one.
 */
#ifndef _LDM_COMPAT_LINUX_PNP_H
#define _LDM_COMPAT_LINUX_PNP_H

#include <ldm/pnp.h>

#endif /* _LDM_COMPAT_LINUX_PNP_H */
