/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/interrupt.h> for an unchanged 2.6.9 driver: <ldm/interrupt.h>.
 */
#ifndef _LDM_COMPAT_LINUX_INTERRUPT_H
#define _LDM_COMPAT_LINUX_INTERRUPT_H

#include <ldm/interrupt.h>

#endif /* _LDM_COMPAT_LINUX_INTERRUPT_H */
