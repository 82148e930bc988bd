/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devnode.h - device nodes as the driver core knows them: where a class
 * device's node lives under /dev (base/devnode.c), for DEVNAME and the
 * front ends serving /dev; and the index of nodes (base/class_node.c) that
 * the driver core keeps as class devices get and lose their "dev"
 * attribute, for fs/char_dev.c's look-ups by path and by number.
 */
#ifndef _LDM_DEVNODE_H
#define _LDM_DEVNODE_H

#include <stddef.h>
#include <sys/types.h>

#define DEVNODE_NAME_MAX 64 /* a node's path below /dev, NUL included */

struct class_device;
struct class_device_attribute;

int class_devnode_name(const char *class_name, const char *id, dev_t devt, char *buf, size_t size);

int class_node_add(struct class_device *cd, const struct class_device_attribute *attr);
void class_node_del(const struct class_device *cd);
void class_node_rename(const struct class_device *cd, const char *old);
int class_node_by_name(const char *name, dev_t *dev);
int class_node_by_dev(dev_t dev, char *name, size_t size);
void class_nodes_exit(void);

#endif /* _LDM_DEVNODE_H */
