/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sysfs_lazy.h - files that every kobject of a kind has, served from one
 * description without a node each until they are looked up
 * (fs/sysfs/lazy.c, docs/sysfs.md). Private to libldm: the driver core
 * gives its devices their uevent, power/, modalias, subsystem and driver
 * this way.
 */
#ifndef _LDM_SYSFS_LAZY_H
#define _LDM_SYSFS_LAZY_H

#include <ldm/kobject.h>
#include <ldm/sysfs.h>

/**
 * struct sysfs_lazy_link - a link whose target is computed
 * @name: the link's name
 * @target: the kobject it points to, for the kobject whose directory holds
 *	it; called under the tree's lock, and while the link is in the tree
 *	it must give a kobject that has its directory
 */
struct sysfs_lazy_link {
	const char *name;
	struct kobject *(*target)(struct kobject *kobj);
};

int sysfs_lazy_file(struct kobject *kobj, const struct attribute *attr);
int sysfs_lazy_group(struct kobject *kobj, const struct attribute_group *grp);
int sysfs_lazy_link(struct kobject *kobj, const struct sysfs_lazy_link *link);

#endif /* _LDM_SYSFS_LAZY_H */
