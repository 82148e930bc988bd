/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/timex.h> for an unchanged 2.6.9 driver: <ldm/timex.h>.
 */
#ifndef _LDM_COMPAT_ASM_TIMEX_H
#define _LDM_COMPAT_ASM_TIMEX_H

#include <ldm/timex.h>

#endif /* _LDM_COMPAT_ASM_TIMEX_H */
