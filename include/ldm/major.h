/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/major.h> - the device major numbers of <linux/major.h> that the
 * runtime gives out. Only the misc major is the runtime's own: its minors
 * are handed out by misc_register() (<ldm/miscdevice.h>).
 */
#ifndef _LDM_MAJOR_H
#define _LDM_MAJOR_H

#define UNNAMED_MAJOR 0
#define MEM_MAJOR     1
#define TTY_MAJOR     4
#define MISC_MAJOR    10

#endif /* _LDM_MAJOR_H */
