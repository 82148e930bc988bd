/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/semaphore.h> for an unchanged 2.6.9 driver: <ldm/semaphore.h>.
 */
#ifndef _LDM_COMPAT_ASM_SEMAPHORE_H
#define _LDM_COMPAT_ASM_SEMAPHORE_H

#include <ldm/semaphore.h>

#endif /* _LDM_COMPAT_ASM_SEMAPHORE_H */
