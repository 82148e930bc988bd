/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/notifier.h> for an unchanged 2.6.9 driver: <ldm/notifier.h>.
 */
#ifndef _LDM_COMPAT_LINUX_NOTIFIER_H
#define _LDM_COMPAT_LINUX_NOTIFIER_H

#include <ldm/notifier.h>

#endif /* _LDM_COMPAT_LINUX_NOTIFIER_H */
