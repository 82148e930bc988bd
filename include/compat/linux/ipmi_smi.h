/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/ipmi_smi.h> for an unchanged 2.6.9 driver: <ldm/ipmi_smi.h>.
 */
#ifndef _LDM_COMPAT_LINUX_IPMI_SMI_H
#define _LDM_COMPAT_LINUX_IPMI_SMI_H

#include <ldm/ipmi_smi.h>

#endif /* _LDM_COMPAT_LINUX_IPMI_SMI_H */
