/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devnode.h - where a class device's node lives under /dev (src/base/devnode.c),
 * for the driver core's DEVNAME and the device nodes the front ends serve.
 */
#ifndef _LDM_DEVNODE_H
#define _LDM_DEVNODE_H

#include <stddef.h>
#include <sys/types.h>

int class_devnode_name(const char *class_name, const char *id, dev_t devt, char *buf, size_t size);

#endif /* _LDM_DEVNODE_H */
