/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/list.h> for an unchanged 2.6.9 driver: <ldm/list.h>.
 */
#ifndef _LDM_COMPAT_LINUX_LIST_H
#define _LDM_COMPAT_LINUX_LIST_H

#include <ldm/list.h>

#endif /* _LDM_COMPAT_LINUX_LIST_H */
