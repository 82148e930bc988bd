/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/ipmi_msgdefs.h> for an unchanged 2.6.9 driver: <ldm/ipmi_msgdefs.h>.
 */
#ifndef _LDM_COMPAT_LINUX_IPMI_MSGDEFS_H
#define _LDM_COMPAT_LINUX_IPMI_MSGDEFS_H

#include <ldm/ipmi_msgdefs.h>

#endif /* _LDM_COMPAT_LINUX_IPMI_MSGDEFS_H */
