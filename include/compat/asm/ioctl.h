/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/ioctl.h> for an unchanged 2.6.9 driver: the C library's own (UAPI) <asm/ioctl.h>,
 * whose encoding 2.6.9 x86-64 shares.
 */
#ifndef _LDM_COMPAT_ASM_IOCTL_H
#define _LDM_COMPAT_ASM_IOCTL_H

#include_next <asm/ioctl.h>

#endif /* _LDM_COMPAT_ASM_IOCTL_H */
