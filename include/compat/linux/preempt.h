/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/preempt.h> for an unchanged 2.6.9 driver: no preemption to turn off.
 */
#ifndef _LDM_COMPAT_LINUX_PREEMPT_H
#define _LDM_COMPAT_LINUX_PREEMPT_H

#define preempt_disable() \
	do { \
	} while (0)
#define preempt_enable() \
	do { \
	} while (0)

#endif /* _LDM_COMPAT_LINUX_PREEMPT_H */
