/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/types.h> for an unchanged 2.6.9 driver: the C library's own (UAPI) <asm/types.h>
 * first, which libc includes too, then <ldm/types.h>.
 */
#ifndef _LDM_COMPAT_ASM_TYPES_H
#define _LDM_COMPAT_ASM_TYPES_H

#include_next <asm/types.h>
#include <ldm/types.h>

#endif /* _LDM_COMPAT_ASM_TYPES_H */
