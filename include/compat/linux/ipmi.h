/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/ipmi.h> for an unchanged 2.6.9 driver: <ldm/ipmi.h>.
 */
#ifndef _LDM_COMPAT_LINUX_IPMI_H
#define _LDM_COMPAT_LINUX_IPMI_H

#include <ldm/ipmi.h>

#endif /* _LDM_COMPAT_LINUX_IPMI_H */
