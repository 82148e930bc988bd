/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/dmapool.h> for an unchanged 2.6.9 driver: <ldm/dmapool.h>.
 */
#ifndef _LDM_COMPAT_LINUX_DMAPOOL_H
#define _LDM_COMPAT_LINUX_DMAPOOL_H

#include <ldm/dmapool.h>

#endif /* _LDM_COMPAT_LINUX_DMAPOOL_H */
