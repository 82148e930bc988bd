/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/major.h> - the device major numbers of <linux/major.h> of 2.6.9 (a
 * selection). register_chrdev() gives any of them to the first driver that
 * asks; only the misc major is taken by the runtime itself.
 */
#ifndef _LDM_MAJOR_H
#define _LDM_MAJOR_H

#define UNNAMED_MAJOR	 0
#define MEM_MAJOR	 1
#define RAMDISK_MAJOR	 1
#define PTY_MASTER_MAJOR 2
#define PTY_SLAVE_MAJOR	 3
#define TTY_MAJOR	 4
#define TTYAUX_MAJOR	 5
#define LP_MAJOR	 6
#define VCS_MAJOR	 7
#define MISC_MAJOR	 10
#define INPUT_MAJOR	 13
#define SOUND_MAJOR	 14
#define FB_MAJOR	 29
#define RAW_MAJOR	 162
#define USB_ACM_MAJOR	 166
#define USB_CHAR_MAJOR	 180
#define I2C_MAJOR	 89
#define RTC_MAJOR	 254

#endif /* _LDM_MAJOR_H */
