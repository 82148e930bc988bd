/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/err.h> for an unchanged 2.6.9 driver: <ldm/err.h>.
 */
#ifndef _LDM_COMPAT_LINUX_ERR_H
#define _LDM_COMPAT_LINUX_ERR_H

#include <ldm/err.h>

#endif /* _LDM_COMPAT_LINUX_ERR_H */
