/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/string.h> for an unchanged 2.6.9 driver: <ldm/string.h>.
 */
#ifndef _LDM_COMPAT_LINUX_STRING_H
#define _LDM_COMPAT_LINUX_STRING_H

#include <ldm/string.h>

#endif /* _LDM_COMPAT_LINUX_STRING_H */
