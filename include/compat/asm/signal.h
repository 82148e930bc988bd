/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/signal.h> for an unchanged 2.6.9 driver: the signal numbers, through <ldm/sched.h>.
 */
#ifndef _LDM_COMPAT_ASM_SIGNAL_H
#define _LDM_COMPAT_ASM_SIGNAL_H

#include <ldm/sched.h>

#endif /* _LDM_COMPAT_ASM_SIGNAL_H */
