/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/unaligned.h> for an unchanged 2.6.9 driver: <ldm/unaligned.h>.
 */
#ifndef _LDM_COMPAT_ASM_UNALIGNED_H
#define _LDM_COMPAT_ASM_UNALIGNED_H

#include <ldm/unaligned.h>

#endif /* _LDM_COMPAT_ASM_UNALIGNED_H */
