/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/wait.h> for an unchanged 2.6.9 driver: <ldm/wait.h>.
 */
#ifndef _LDM_COMPAT_LINUX_WAIT_H
#define _LDM_COMPAT_LINUX_WAIT_H

#include <ldm/wait.h>

#endif /* _LDM_COMPAT_LINUX_WAIT_H */
