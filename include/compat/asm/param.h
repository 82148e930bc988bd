/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/param.h> for an unchanged 2.6.9 driver: the C library's own (UAPI) <asm/param.h>
 * first, then HZ of <ldm/param.h>.
 */
#ifndef _LDM_COMPAT_ASM_PARAM_H
#define _LDM_COMPAT_ASM_PARAM_H

#include_next <asm/param.h>
#include <ldm/param.h>

#endif /* _LDM_COMPAT_ASM_PARAM_H */
