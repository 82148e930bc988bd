/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/system.h> for an unchanged 2.6.9 driver: the barriers, and the irq-saving
 * forms of the locks (<ldm/spinlock.h>).
 */
#ifndef _LDM_COMPAT_ASM_SYSTEM_H
#define _LDM_COMPAT_ASM_SYSTEM_H

#include <ldm/compiler.h> /* the barriers */
#include <ldm/spinlock.h>

#endif /* _LDM_COMPAT_ASM_SYSTEM_H */
