/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/rcupdate.h> for an unchanged 2.6.9 driver: <ldm/rcupdate.h>.
 */
#ifndef _LDM_COMPAT_LINUX_RCUPDATE_H
#define _LDM_COMPAT_LINUX_RCUPDATE_H

#include <ldm/rcupdate.h>

#endif /* _LDM_COMPAT_LINUX_RCUPDATE_H */
