/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/errno.h> for an unchanged 2.6.9 driver: the C library's own (UAPI) <asm/errno.h>
 * first, then the kernel-only codes of <ldm/errno.h>.
 */
#ifndef _LDM_COMPAT_ASM_ERRNO_H
#define _LDM_COMPAT_ASM_ERRNO_H

#include_next <asm/errno.h>
#include <ldm/errno.h>

#endif /* _LDM_COMPAT_ASM_ERRNO_H */
