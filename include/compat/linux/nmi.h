/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/nmi.h> for an unchanged 2.6.9 driver: <ldm/nmi.h>.
 */
#ifndef _LDM_COMPAT_LINUX_NMI_H
#define _LDM_COMPAT_LINUX_NMI_H

#include <ldm/nmi.h>

#endif /* _LDM_COMPAT_LINUX_NMI_H */
