/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/delay.h> for an unchanged 2.6.9 driver: <ldm/delay.h>.
 */
#ifndef _LDM_COMPAT_ASM_DELAY_H
#define _LDM_COMPAT_ASM_DELAY_H

#include <ldm/delay.h>

#endif /* _LDM_COMPAT_ASM_DELAY_H */
