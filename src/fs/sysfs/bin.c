// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bin.c - binary attribute files (fs/sysfs/bin.c).
 */
#include <ldm/export.h>

#include "sysfs.h"

/**
 * sysfs_create_bin_file - create a binary attribute file for a kobject
 * @kobj: the kobject
 * @attr: the attribute; @attr->size is the file's size (0: unknown)
 */
int sysfs_create_bin_file(struct kobject *kobj, struct bin_attribute *attr)
{
	struct sysfs_dirent *sd, *dir;
	int error;

	if (!kobj || !attr)
		return -EINVAL;
	dir = sysfs_get_kobj_dir(kobj);
	if (!dir)
		return -ENOENT;
	error = sysfs_validate_name(attr->attr.name);
	if (error)
		goto out_put_dir;
	sd = sysfs_new_dirent(attr->attr.name, LDM_SYSFS_BIN, S_IFREG | (attr->attr.mode & 07777),
			      kobj);
	if (!sd) {
		error = -ENOMEM;
		goto out_put_dir;
	}
	sd->s_bin_attr = attr;
	error = sysfs_add_one(dir, sd);
	if (error)
		sysfs_put(sd);
out_put_dir:
	sysfs_put(dir);
	return error;
}
EXPORT_SYMBOL_GPL(sysfs_create_bin_file);

/**
 * sysfs_remove_bin_file - remove a binary attribute file
 * @kobj: the kobject
 * @attr: the attribute
 *
 * Return: 0, or -ENOENT if the kobject has no such file.
 */
int sysfs_remove_bin_file(struct kobject *kobj, struct bin_attribute *attr)
{
	struct sysfs_dirent *dir;
	int error;

	if (!kobj || !attr)
		return -EINVAL;
	dir = sysfs_get_kobj_dir(kobj);
	if (!dir)
		return -ENOENT;
	error = sysfs_remove_name(dir, attr->attr.name);
	sysfs_put(dir);
	return error;
}
EXPORT_SYMBOL_GPL(sysfs_remove_bin_file);
