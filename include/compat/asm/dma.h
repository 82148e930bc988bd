/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/dma.h> for an unchanged 2.6.9 driver: the ISA DMA channels and
 * controllers of the PC, <ldm/isa_dma.h>.
 */
#ifndef _LDM_COMPAT_ASM_DMA_H
#define _LDM_COMPAT_ASM_DMA_H

#include <ldm/isa_dma.h>

#endif /* _LDM_COMPAT_ASM_DMA_H */
