/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/input.h> for an unchanged 2.6.9 driver: <ldm/input.h>.
 */
#ifndef _LDM_COMPAT_LINUX_INPUT_H
#define _LDM_COMPAT_LINUX_INPUT_H

#include <ldm/input.h>

#endif /* _LDM_COMPAT_LINUX_INPUT_H */
