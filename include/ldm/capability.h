/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/capability.h> - the capabilities of <linux/capability.h> and
 * capable(), which asks whether the caller on whose behalf the driver
 * runs has one. The caller is who the host says it is: a front end sets
 * the credentials of the thread that serves a request
 * (ldm_thread_set_cred() of <libldm/runtime.h>); without that, the
 * process's own.
 */
#ifndef _LDM_CAPABILITY_H
#define _LDM_CAPABILITY_H

#include <ldm/types.h>

#pragma GCC visibility push(default)

/* 2.6.9's capabilities, with their numbers. */
#define CAP_CHOWN	     0
#define CAP_DAC_OVERRIDE     1
#define CAP_DAC_READ_SEARCH  2
#define CAP_FOWNER	     3
#define CAP_FSETID	     4
#define CAP_FS_MASK	     0x1f
#define CAP_KILL	     5
#define CAP_SETGID	     6
#define CAP_SETUID	     7
#define CAP_SETPCAP	     8
#define CAP_LINUX_IMMUTABLE  9
#define CAP_NET_BIND_SERVICE 10
#define CAP_NET_BROADCAST    11
#define CAP_NET_ADMIN	     12
#define CAP_NET_RAW	     13
#define CAP_IPC_LOCK	     14
#define CAP_IPC_OWNER	     15
#define CAP_SYS_MODULE	     16
#define CAP_SYS_RAWIO	     17
#define CAP_SYS_CHROOT	     18
#define CAP_SYS_PTRACE	     19
#define CAP_SYS_PACCT	     20
#define CAP_SYS_ADMIN	     21
#define CAP_SYS_BOOT	     22
#define CAP_SYS_NICE	     23
#define CAP_SYS_RESOURCE     24
#define CAP_SYS_TIME	     25
#define CAP_SYS_TTY_CONFIG   26
#define CAP_MKNOD	     27
#define CAP_LEASE	     28

/* 2.6.9 held them in 32 bits; the host's may be more (up to 63 here). */
typedef __u32 kernel_cap_t;

#define CAP_TO_MASK(x) (1U << (x))

int capable(int cap);

#pragma GCC visibility pop

#endif /* _LDM_CAPABILITY_H */
