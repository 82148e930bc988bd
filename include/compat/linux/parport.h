/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/parport.h> for an unchanged 2.6.9 driver: <ldm/parport.h>, with
 * no port until a device model registers one.
 */
#ifndef _LDM_COMPAT_LINUX_PARPORT_H
#define _LDM_COMPAT_LINUX_PARPORT_H

#include <ldm/parport.h>

#endif /* _LDM_COMPAT_LINUX_PARPORT_H */
