/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/signal.h> for an unchanged 2.6.9 driver: the signal numbers (the C library's
 * <signal.h>) through <ldm/sched.h>, as 2.6.9's sched.h reaches them.
 */
#ifndef _LDM_COMPAT_LINUX_SIGNAL_H
#define _LDM_COMPAT_LINUX_SIGNAL_H

#include <ldm/sched.h>

#endif /* _LDM_COMPAT_LINUX_SIGNAL_H */
