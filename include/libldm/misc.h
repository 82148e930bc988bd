/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/misc.h> - misc devices seen from the host: open one by name
 * (-ENODEV if none has it), then do I/O on it with the calls of
 * <libldm/chrdev.h>, as on any character device (a misc device is one of
 * major 10); list them with ldm_misc_for_each(). A device deregistered
 * while files are open has the release method of each called then, once,
 * as a deleted cdev does.
 */
#ifndef _LIBLDM_MISC_H
#define _LIBLDM_MISC_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>
#include <sys/types.h>

#pragma GCC visibility push(default)

struct ldm_chrdev_file;

int ldm_misc_open(const char *name, int flags, struct ldm_chrdev_file **ret);
int ldm_misc_for_each(int (*fn)(const char *name, int minor, void *data), void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_MISC_H */
