/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * uevent.h - what /kernel/uevent_helper and /kernel/uevent_seqnum
 * (kernel/ksysfs.c) read and set of lib/kobject_uevent.c, and what the
 * uevent files of devices and modules show and do.
 */
#ifndef _LDM_UEVENT_H
#define _LDM_UEVENT_H

#include <stddef.h>
#include <sys/types.h>

struct kobject;

unsigned long long kobject_uevent_seqnum(void);
int kobject_uevent_helper_get(char *buf, size_t size);
int kobject_uevent_helper_set(const char *path, size_t len);

/* A uevent file: reading shows the kset's variables, writing sends an event. */
ssize_t kobject_uevent_show(struct kobject *kobj, char *buf);
int kobject_synth_uevent(struct kobject *kobj, const char *buf, size_t count);

#endif /* _LDM_UEVENT_H */
