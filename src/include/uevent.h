/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * uevent.h - what /kernel/uevent_helper and /kernel/uevent_seqnum
 * (kernel/ksysfs.c) read and set of lib/kobject_uevent.c.
 */
#ifndef _LDM_UEVENT_H
#define _LDM_UEVENT_H

#include <stddef.h>

unsigned long long kobject_uevent_seqnum(void);
int kobject_uevent_helper_get(char *buf, size_t size);
int kobject_uevent_helper_set(const char *path, size_t len);

#endif /* _LDM_UEVENT_H */
