/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/byteorder.h> for an unchanged 2.6.9 driver: <ldm/byteorder.h>.
 */
#ifndef _LDM_COMPAT_ASM_BYTEORDER_H
#define _LDM_COMPAT_ASM_BYTEORDER_H

#include <ldm/byteorder.h>

#endif /* _LDM_COMPAT_ASM_BYTEORDER_H */
