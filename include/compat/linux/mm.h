/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/mm.h> for an unchanged 2.6.9 driver: what a driver finds there without
 * memory maps: <ldm/sched.h>, <ldm/fs.h>, <ldm/slab.h>, <ldm/gfp.h>.
 */
#ifndef _LDM_COMPAT_LINUX_MM_H
#define _LDM_COMPAT_LINUX_MM_H

#include <ldm/fs.h>
#include <ldm/sched.h>
#include <ldm/gfp.h>
#include <ldm/slab.h>

#endif /* _LDM_COMPAT_LINUX_MM_H */
