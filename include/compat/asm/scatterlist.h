/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/scatterlist.h> for an unchanged 2.6.9 driver: <ldm/scatterlist.h>.
 */
#ifndef _LDM_COMPAT_ASM_SCATTERLIST_H
#define _LDM_COMPAT_ASM_SCATTERLIST_H

#include <ldm/scatterlist.h>

#endif /* _LDM_COMPAT_ASM_SCATTERLIST_H */
