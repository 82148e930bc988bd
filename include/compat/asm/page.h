/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/page.h> for an unchanged 2.6.9 driver: PAGE_SIZE, from <ldm/kernel.h>,
 * and get_order(), from <ldm/gfp.h>.
 */
#ifndef _LDM_COMPAT_ASM_PAGE_H
#define _LDM_COMPAT_ASM_PAGE_H

#include <ldm/gfp.h>
#include <ldm/kernel.h>

#endif /* _LDM_COMPAT_ASM_PAGE_H */
