/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/uinput.h> for an unchanged 2.6.9 driver: <ldm/uinput.h>.
 */
#ifndef _LDM_COMPAT_LINUX_UINPUT_H
#define _LDM_COMPAT_LINUX_UINPUT_H

#include <ldm/uinput.h>

#endif /* _LDM_COMPAT_LINUX_UINPUT_H */
