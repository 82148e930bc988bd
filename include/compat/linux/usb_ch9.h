/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/usb_ch9.h> for an unchanged 2.6.9 driver: <ldm/usb_ch9.h>.
 */
#ifndef _LDM_COMPAT_LINUX_USB_CH9_H
#define _LDM_COMPAT_LINUX_USB_CH9_H

#include <ldm/usb_ch9.h>

#endif /* _LDM_COMPAT_LINUX_USB_CH9_H */
