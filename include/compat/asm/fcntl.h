/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/fcntl.h> for an unchanged 2.6.9 driver: <linux/fcntl.h>, the C
 * library's flags.
 */
#ifndef _LDM_COMPAT_ASM_FCNTL_H
#define _LDM_COMPAT_ASM_FCNTL_H

#include <linux/fcntl.h>

#endif /* _LDM_COMPAT_ASM_FCNTL_H */
