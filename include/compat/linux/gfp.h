/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/gfp.h> for an unchanged 2.6.9 driver: <ldm/gfp.h>, whole pages by
 * address, and the allocation contexts.
 */
#ifndef _LDM_COMPAT_LINUX_GFP_H
#define _LDM_COMPAT_LINUX_GFP_H

#include <ldm/gfp.h>

#endif /* _LDM_COMPAT_LINUX_GFP_H */
