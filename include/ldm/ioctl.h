/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/ioctl.h> - the encoding of ioctl commands of <linux/ioctl.h>:
 * _IO, _IOR, _IOW, _IOWR and the _IOC_ fields. The encoding is the one of
 * the host's <asm/ioctl.h> (x86-64 uses the generic one, as 2.6.9 did),
 * so a command a program builds with the C library's headers is the one
 * the driver compares with.
 */
#ifndef _LDM_IOCTL_H
#define _LDM_IOCTL_H

#include <asm/ioctl.h>

#endif /* _LDM_IOCTL_H */
