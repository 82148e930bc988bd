/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/current.h> for an unchanged 2.6.9 driver: current, from <ldm/sched.h>.
 */
#ifndef _LDM_COMPAT_ASM_CURRENT_H
#define _LDM_COMPAT_ASM_CURRENT_H

#include <ldm/sched.h>

#endif /* _LDM_COMPAT_ASM_CURRENT_H */
