/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devfs.h - the names devfs_mk_cdev() gave, for char_dev.c's look-ups of
 * device nodes (devfs.c). Private to libldm.
 */
#ifndef _LDM_FS_DEVFS_H
#define _LDM_FS_DEVFS_H

#include <sys/types.h>

int devfs_node_lookup(const char *name, dev_t *dev, mode_t *mode);
int devfs_node_by_dev(dev_t dev, char *name, size_t size, mode_t *mode);
int devfs_for_each_node(int (*fn)(const char *name, dev_t dev, mode_t mode, void *data),
			void *data);
void devfs_exit(void);

#endif /* _LDM_FS_DEVFS_H */
