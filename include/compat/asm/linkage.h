/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/linkage.h> for an unchanged 2.6.9 driver: <ldm/linkage.h>.
 */
#ifndef _LDM_COMPAT_ASM_LINKAGE_H
#define _LDM_COMPAT_ASM_LINKAGE_H

#include <ldm/linkage.h>

#endif /* _LDM_COMPAT_ASM_LINKAGE_H */
