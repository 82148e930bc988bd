/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/dma-mapping.h> for an unchanged 2.6.9 driver: <ldm/dma-mapping.h>.
 */
#ifndef _LDM_COMPAT_LINUX_DMA_MAPPING_H
#define _LDM_COMPAT_LINUX_DMA_MAPPING_H

#include <ldm/dma-mapping.h>

#endif /* _LDM_COMPAT_LINUX_DMA_MAPPING_H */
