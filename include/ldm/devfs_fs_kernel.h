/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/devfs_fs_kernel.h> - devfs, as 2.6.9 with CONFIG_DEVFS_FS for
 * character devices: devfs_mk_cdev() names a node that ldmd's DIR/dev
 * shows beside those of the class devices with a dev attribute (a number
 * a class device shows keeps the class device's name alone, as udev's);
 * devfs_remove() takes it away. Block devices, directories and links:
 * every call succeeds and does nothing.
 */
#ifndef _LDM_DEVFS_FS_KERNEL_H
#define _LDM_DEVFS_FS_KERNEL_H

#include <ldm/compiler.h>
#include <ldm/config.h>
#include <ldm/fs.h>
#include <ldm/semaphore.h>
#include <ldm/spinlock.h>
#include <ldm/types.h>

static inline __printf(3, 4) int devfs_mk_bdev(dev_t dev, umode_t mode, const char *fmt, ...)
{
	(void)fmt;
	(void)dev;
	(void)mode;
	return 0;
}

__printf(3, 4) int devfs_mk_cdev(dev_t dev, umode_t mode, const char *fmt, ...);

static inline __printf(2, 3) int devfs_mk_symlink(const char *name, const char *fmt, ...)
{
	(void)fmt;
	(void)name;
	return 0;
}

static inline __printf(1, 2) int devfs_mk_dir(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

__printf(1, 2) void devfs_remove(const char *fmt, ...);

static inline int devfs_register_tape(const char *name)
{
	(void)name;
	return -1;
}

static inline void devfs_unregister_tape(int num)
{
	(void)num;
}

#endif /* _LDM_DEVFS_FS_KERNEL_H */
