/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sysfs_compat.h - which tree the runtime builds (kernel/sysfs_compat.c):
 * 2.6.9's with what today's tools need added (the default), or 2.6.9's
 * exact tree. Private to libldm.
 */
#ifndef _LDM_SYSFS_COMPAT_H
#define _LDM_SYSFS_COMPAT_H

#include <stdbool.h>

/* Whether the modern additions are on: uevent, subsystem, modalias... */
bool ldm_sysfs_modern(void);

/* At boot: the host's choice, else @env (LDM_SYSFS); -EINVAL if unknown. */
int sysfs_compat_init(const char *env);
void sysfs_compat_exit(void);

#endif /* _LDM_SYSFS_COMPAT_H */
