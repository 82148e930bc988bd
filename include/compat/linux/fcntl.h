/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/fcntl.h> for an unchanged 2.6.9 driver: the O_ and F_ flags of
 * the C library's <fcntl.h> (a module and libc then agree on struct flock,
 * which the UAPI header would define a second time), and what 2.6.9 adds:
 * leases and directory notification, whose values are the system call
 * ABI.
 */
#ifndef _LDM_COMPAT_LINUX_FCNTL_H
#define _LDM_COMPAT_LINUX_FCNTL_H

#include <fcntl.h>

#ifndef F_LINUX_SPECIFIC_BASE
#define F_LINUX_SPECIFIC_BASE 1024
#endif
#ifndef F_SETLEASE
#define F_SETLEASE (F_LINUX_SPECIFIC_BASE + 0)
#define F_GETLEASE (F_LINUX_SPECIFIC_BASE + 1)
#endif
#ifndef F_NOTIFY
#define F_NOTIFY (F_LINUX_SPECIFIC_BASE + 2)
#endif
#ifndef DN_ACCESS
#define DN_ACCESS    0x00000001
#define DN_MODIFY    0x00000002
#define DN_CREATE    0x00000004
#define DN_DELETE    0x00000008
#define DN_RENAME    0x00000010
#define DN_ATTRIB    0x00000020
#define DN_MULTISHOT 0x80000000
#endif

#endif /* _LDM_COMPAT_LINUX_FCNTL_H */
