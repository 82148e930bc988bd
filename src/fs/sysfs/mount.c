// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mount.c - the root of the sysfs tree (fs/sysfs/mount.c). There is nothing
 * to mount in process; a front end (the FUSE mount of ldmd) serves this root.
 */
#include <ldm/slab.h>

#include "boot.h"
#include "sysfs.h"

struct sysfs_dirent *sysfs_root;

int sysfs_init(void)
{
	sysfs_root = sysfs_new_dirent("", LDM_SYSFS_DIR, S_IFDIR | 0755, NULL);
	return sysfs_root ? 0 : -ENOMEM;
}

void sysfs_exit(void)
{
	struct sysfs_dirent *root = sysfs_root;

	sysfs_root = NULL;
	sysfs_put(root);
}
