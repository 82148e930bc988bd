/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/nvram.h> for an unchanged 2.6.9 driver: <ldm/nvram.h>.
 */
#ifndef _LDM_COMPAT_LINUX_NVRAM_H
#define _LDM_COMPAT_LINUX_NVRAM_H

#include <ldm/nvram.h>

#endif /* _LDM_COMPAT_LINUX_NVRAM_H */
