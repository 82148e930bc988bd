/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/vmalloc.h> for an unchanged 2.6.9 driver: <ldm/vmalloc.h>.
 */
#ifndef _LDM_COMPAT_LINUX_VMALLOC_H
#define _LDM_COMPAT_LINUX_VMALLOC_H

#include <ldm/vmalloc.h>

#endif /* _LDM_COMPAT_LINUX_VMALLOC_H */
