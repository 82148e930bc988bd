/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/uevent.h> - hotplug events, in process. Every event that
 * kobject_hotplug() sends is handed to each registered listener, in SEQNUM
 * order, from the thread that raised it. A listener must not raise hotplug
 * events itself and should return quickly.
 */
#ifndef _LIBLDM_UEVENT_H
#define _LIBLDM_UEVENT_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stddef.h>

#pragma GCC visibility push(default)

/**
 * struct ldm_uevent - one hotplug event
 * @action: "add", "remove", ...
 * @devpath: the object's path in the tree, e.g. "/kernel/foo"
 * @subsystem: the name its kset gave (SUBSYSTEM=)
 * @seqnum: the event's sequence number; the first event is 1
 * @envp: the variables, "KEY=value", NULL-terminated, as the netlink form
 *        carries them (no HOME or PATH)
 * @buf: the netlink uevent form: "ACTION@DEVPATH\0" then each of @envp with
 *       its NUL
 * @len: the length of @buf, the last NUL included
 */
struct ldm_uevent {
	const char *action;
	const char *devpath;
	const char *subsystem;
	unsigned long long seqnum;
	char **envp;
	const char *buf;
	size_t len;
};

typedef void (*ldm_uevent_fn)(const struct ldm_uevent *event, void *data);

int ldm_uevent_listen(ldm_uevent_fn fn, void *data);
int ldm_uevent_unlisten(ldm_uevent_fn fn, void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_UEVENT_H */
