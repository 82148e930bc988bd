/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * user_errno.h - what a return to user space does to an error: the codes
 * that never leave a kernel (include/linux/errno.h's 512 and up) do not
 * leave the host API either. An interrupted call is -EINTR (there are no
 * signal handlers to restart it for), an unknown ioctl -ENOTTY.
 */
#ifndef _LDM_USER_ERRNO_H
#define _LDM_USER_ERRNO_H

#include <ldm/errno.h>

static inline long user_errno(long ret)
{
	switch (ret) {
	case -ERESTARTSYS:
	case -ERESTARTNOINTR:
	case -ERESTARTNOHAND:
	case -ERESTART_RESTARTBLOCK:
		return -EINTR;
	case -ENOIOCTLCMD:
		return -ENOTTY;
	case -ENOTSUPP:
		return -EOPNOTSUPP;
	}
	return ret <= -ERESTARTSYS ? -EIO : ret;
}

#endif /* _LDM_USER_ERRNO_H */
