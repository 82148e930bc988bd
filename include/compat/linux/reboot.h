/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/reboot.h> for an unchanged 2.6.9 driver: <ldm/reboot.h>.
 */
#ifndef _LDM_COMPAT_LINUX_REBOOT_H
#define _LDM_COMPAT_LINUX_REBOOT_H

#include <ldm/reboot.h>

#endif /* _LDM_COMPAT_LINUX_REBOOT_H */
