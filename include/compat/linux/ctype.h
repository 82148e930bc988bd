/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/ctype.h> for an unchanged 2.6.9 driver: <ldm/ctype.h>.
 */
#ifndef _LDM_COMPAT_LINUX_CTYPE_H
#define _LDM_COMPAT_LINUX_CTYPE_H

#include <ldm/ctype.h>

#endif /* _LDM_COMPAT_LINUX_CTYPE_H */
