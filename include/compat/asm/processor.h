/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/processor.h> for an unchanged 2.6.9 driver: <ldm/processor.h>.
 */
#ifndef _LDM_COMPAT_ASM_PROCESSOR_H
#define _LDM_COMPAT_ASM_PROCESSOR_H

#include <ldm/processor.h>

#endif /* _LDM_COMPAT_ASM_PROCESSOR_H */
