/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/ioport.h> for an unchanged 2.6.9 driver: <ldm/ioport.h>.
 */
#ifndef _LDM_COMPAT_LINUX_IOPORT_H
#define _LDM_COMPAT_LINUX_IOPORT_H

#include <ldm/ioport.h>

#endif /* _LDM_COMPAT_LINUX_IOPORT_H */
