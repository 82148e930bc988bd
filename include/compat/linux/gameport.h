/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/gameport.h> for an unchanged 2.6.9 driver: <ldm/gameport.h>.
 */
#ifndef _LDM_COMPAT_LINUX_GAMEPORT_H
#define _LDM_COMPAT_LINUX_GAMEPORT_H

#include <ldm/gameport.h>

#endif /* _LDM_COMPAT_LINUX_GAMEPORT_H */
