/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/msr.h> for an unchanged 2.6.9 driver: the time stamp counter
 * (rdtsc, rdtscl, rdtscll) of <ldm/processor.h>. A process cannot read or
 * write the model-specific registers: rdmsr and wrmsr are not provided,
 * and a driver using them fails to build, naming them.
 */
#ifndef _LDM_COMPAT_ASM_MSR_H
#define _LDM_COMPAT_ASM_MSR_H

#include <ldm/processor.h>

#endif /* _LDM_COMPAT_ASM_MSR_H */
