/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/bug.h> for an unchanged 2.6.9 driver: <ldm/kernel.h>.
 */
#ifndef _LDM_COMPAT_ASM_BUG_H
#define _LDM_COMPAT_ASM_BUG_H

#include <ldm/kernel.h>

#endif /* _LDM_COMPAT_ASM_BUG_H */
