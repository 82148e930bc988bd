/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/usb.h> for an unchanged 2.6.9 driver: <ldm/usb.h>, the USB core
 * with its "usb" bus and no host controller, so no device, yet.
 */
#ifndef _LDM_COMPAT_LINUX_USB_H
#define _LDM_COMPAT_LINUX_USB_H

#include <ldm/usb.h>

#endif /* _LDM_COMPAT_LINUX_USB_H */
