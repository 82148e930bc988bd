/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/rwsem.h> for an unchanged 2.6.9 driver: <ldm/rwsem.h>.
 */
#ifndef _LDM_COMPAT_LINUX_RWSEM_H
#define _LDM_COMPAT_LINUX_RWSEM_H

#include <ldm/rwsem.h>

#endif /* _LDM_COMPAT_LINUX_RWSEM_H */
