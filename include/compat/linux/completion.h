/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/completion.h> for an unchanged 2.6.9 driver: <ldm/completion.h>.
 */
#ifndef _LDM_COMPAT_LINUX_COMPLETION_H
#define _LDM_COMPAT_LINUX_COMPLETION_H

#include <ldm/completion.h>

#endif /* _LDM_COMPAT_LINUX_COMPLETION_H */
