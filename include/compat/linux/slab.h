/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/slab.h> for an unchanged 2.6.9 driver: <ldm/slab.h>, and
 * <ldm/gfp.h>, which 2.6.9's includes.
 */
#ifndef _LDM_COMPAT_LINUX_SLAB_H
#define _LDM_COMPAT_LINUX_SLAB_H

#include <ldm/gfp.h>
#include <ldm/slab.h>

#endif /* _LDM_COMPAT_LINUX_SLAB_H */
