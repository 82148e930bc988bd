/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/uio.h> for an unchanged 2.6.9 driver: <ldm/uio.h>.
 */
#ifndef _LDM_COMPAT_LINUX_UIO_H
#define _LDM_COMPAT_LINUX_UIO_H

#include <ldm/uio.h>

#endif /* _LDM_COMPAT_LINUX_UIO_H */
