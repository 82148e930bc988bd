/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/errno.h> - the C library's error numbers, and the ones of
 * <linux/errno.h> that only the kernel knows: a wait interrupted by a signal
 * returns -ERESTARTSYS, which never leaves the kernel. Here it never leaves
 * the runtime: a front end (the FUSE daemon) turns it into EINTR.
 *
 * glibc defines none of these names, and each is guarded, so this header
 * shares a translation unit with <errno.h> in either order.
 */
#ifndef _LDM_ERRNO_H
#define _LDM_ERRNO_H

#include <errno.h>

#ifndef ERESTARTSYS
#define ERESTARTSYS 512 /* interrupted; restart the call */
#endif
#ifndef ERESTARTNOINTR
#define ERESTARTNOINTR 513
#endif
#ifndef ERESTARTNOHAND
#define ERESTARTNOHAND 514
#endif
#ifndef ENOIOCTLCMD
#define ENOIOCTLCMD 515 /* no ioctl command: the caller tries another */
#endif
#ifndef ERESTART_RESTARTBLOCK
#define ERESTART_RESTARTBLOCK 516
#endif
#ifndef ENOTSUPP
#define ENOTSUPP 524 /* operation is not supported */
#endif

#endif /* _LDM_ERRNO_H */
