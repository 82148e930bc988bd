/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/random.h> for an unchanged 2.6.9 driver: <ldm/random.h>.
 */
#ifndef _LDM_COMPAT_LINUX_RANDOM_H
#define _LDM_COMPAT_LINUX_RANDOM_H

#include <ldm/random.h>

#endif /* _LDM_COMPAT_LINUX_RANDOM_H */
