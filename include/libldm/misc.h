/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/misc.h> - misc devices seen from the host (a FUSE /dev, tools,
 * tests): open one by name and do what read(2), write(2), lseek(2),
 * ioctl(2), poll(2) and close(2) do on a device node. An open file holds a
 * reference on the module of the device's file_operations, so the module
 * cannot be unloaded while the file is open. A device deregistered while
 * files are open has the release method of each called then, once; every
 * later call on such a file but ldm_misc_release() returns -ENODEV and
 * never reaches the driver again. Errors are those a system call returns:
 * a driver's -ERESTARTSYS comes back as -EINTR, -ENOIOCTLCMD as -ENOTTY.
 */
#ifndef _LIBLDM_MISC_H
#define _LIBLDM_MISC_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>
#include <sys/types.h>

#pragma GCC visibility push(default)

/*
 * A struct ldm_misc_file is one open of a device, usable from several
 * threads at once, as a file descriptor is; no call may be in progress or
 * follow on it once ldm_misc_release() is called.
 */
struct ldm_misc_file;

int ldm_misc_open(const char *name, int flags, struct ldm_misc_file **ret);
ssize_t ldm_misc_read(struct ldm_misc_file *file, char *buf, size_t count, loff_t *pos);
ssize_t ldm_misc_write(struct ldm_misc_file *file, const char *buf, size_t count, loff_t *pos);
loff_t ldm_misc_llseek(struct ldm_misc_file *file, loff_t offset, int whence);
long ldm_misc_ioctl(struct ldm_misc_file *file, unsigned int cmd, unsigned long arg);
int ldm_misc_poll(struct ldm_misc_file *file, unsigned int events, int timeout_ms);
int ldm_misc_release(struct ldm_misc_file *file);
bool ldm_misc_seekable(struct ldm_misc_file *file);
int ldm_misc_set_flags(struct ldm_misc_file *file, int flags);

int ldm_misc_for_each(int (*fn)(const char *name, int minor, void *data), void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_MISC_H */
