/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/export.h> for an unchanged 2.6.9 driver: <ldm/export.h>.
 */
#ifndef _LDM_COMPAT_LINUX_EXPORT_H
#define _LDM_COMPAT_LINUX_EXPORT_H

#include <ldm/export.h>

#endif /* _LDM_COMPAT_LINUX_EXPORT_H */
