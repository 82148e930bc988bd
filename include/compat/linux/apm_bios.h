/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/apm_bios.h> for an unchanged 2.6.9 driver: <ldm/apm_bios.h>.
 */
#ifndef _LDM_COMPAT_LINUX_APM_BIOS_H
#define _LDM_COMPAT_LINUX_APM_BIOS_H

#include <ldm/apm_bios.h>

#endif /* _LDM_COMPAT_LINUX_APM_BIOS_H */
