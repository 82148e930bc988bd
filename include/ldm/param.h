/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/param.h> - HZ, as <linux/param.h>: the jiffies of the runtime tick
 * HZ times a second.
 *
 * glibc's <sys/param.h> (through <asm-generic/param.h>) defines HZ as 100,
 * guarded by #ifndef; so does this header, with the same spelling, so the
 * two may be included in either order. The runtime's clock is built for 100.
 */
#ifndef _LDM_PARAM_H
#define _LDM_PARAM_H

#ifndef HZ
#define HZ 100
#endif

#if HZ != 100
#error "ldm counts jiffies at HZ 100; something defined HZ to another value"
#endif

#ifndef USER_HZ
#define USER_HZ 100
#endif

#endif /* _LDM_PARAM_H */
