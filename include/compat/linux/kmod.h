/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/kmod.h> for an unchanged 2.6.9 driver: <ldm/kmod.h>.
 */
#ifndef _LDM_COMPAT_LINUX_KMOD_H
#define _LDM_COMPAT_LINUX_KMOD_H

#include <ldm/kmod.h>

#endif /* _LDM_COMPAT_LINUX_KMOD_H */
