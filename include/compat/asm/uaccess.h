/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/uaccess.h> for an unchanged 2.6.9 driver: <ldm/uaccess.h>.
 */
#ifndef _LDM_COMPAT_ASM_UACCESS_H
#define _LDM_COMPAT_ASM_UACCESS_H

#include <ldm/uaccess.h>

#endif /* _LDM_COMPAT_ASM_UACCESS_H */
