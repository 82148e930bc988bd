/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/joystick.h> for an unchanged 2.6.9 driver: <ldm/joystick.h>.
 */
#ifndef _LDM_COMPAT_LINUX_JOYSTICK_H
#define _LDM_COMPAT_LINUX_JOYSTICK_H

#include <ldm/joystick.h>

#endif /* _LDM_COMPAT_LINUX_JOYSTICK_H */
