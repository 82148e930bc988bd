// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * file.c - attribute files (fs/sysfs/file.c): creating and removing them,
 * and the sysfs_ops that serve a subsystem's own attributes.
 */
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>

#include "sysfs.h"

#define to_subsys(k) container_of(k, struct subsystem, kset.kobj)
#define to_sattr(a)  container_of(a, struct subsys_attribute, attr)

static ssize_t subsys_attr_show(struct kobject *kobj, struct attribute *attr, char *page)
{
	struct subsys_attribute *sattr = to_sattr(attr);

	return sattr->show ? sattr->show(to_subsys(kobj), page) : 0;
}

static ssize_t subsys_attr_store(struct kobject *kobj, struct attribute *attr, const char *page,
				 size_t count)
{
	struct subsys_attribute *sattr = to_sattr(attr);

	return sattr->store ? sattr->store(to_subsys(kobj), page, count) : 0;
}

static struct sysfs_ops subsys_sysfs_ops = {
	.show = subsys_attr_show,
	.store = subsys_attr_store,
};

/**
 * sysfs_attr_ops - the sysfs_ops that serve a kobject's attributes
 * @kobj: the kobject
 *
 * As 2.6.9: its kset's ktype's, else its own ktype's, else (a kobject with
 * no type is taken to be a subsystem) the subsystem attribute ops.
 */
struct sysfs_ops *sysfs_attr_ops(struct kobject *kobj)
{
	if (kobj->kset && kobj->kset->ktype)
		return kobj->kset->ktype->sysfs_ops;
	if (kobj->ktype)
		return kobj->ktype->sysfs_ops;
	return &subsys_sysfs_ops;
}

/**
 * sysfs_add_file - create a text attribute in a directory
 * @dir: the directory (a kobject's, or a group's inside it)
 * @attr: the attribute
 */
int sysfs_add_file(struct sysfs_dirent *dir, const struct attribute *attr)
{
	struct sysfs_dirent *sd;
	int error;

	error = sysfs_validate_name(attr->name);
	if (error)
		return error;
	sd = sysfs_new_dirent(attr->name, LDM_SYSFS_ATTR, S_IFREG | (attr->mode & 07777),
			      sysfs_kobj(dir));
	if (!sd)
		return -ENOMEM;
	sd->s_attr = attr;
	if (attr->ldm_flags & LDM_ATTR_STABLE)
		sd->s_flags |= SD_STABLE;
	error = sysfs_add_one(dir, sd);
	if (error)
		sysfs_put(sd);
	return error;
}

/**
 * sysfs_create_file - create an attribute file for a kobject
 * @kobj: the kobject, which has a directory
 * @attr: the attribute; its name, mode and the kobject's sysfs_ops serve it
 *
 * Return: 0, -EINVAL for a bad argument or name, -EEXIST, -ENOENT when the
 * kobject has no directory, -ENOMEM.
 */
int sysfs_create_file(struct kobject *kobj, const struct attribute *attr)
{
	struct sysfs_dirent *dir;
	int error;

	if (!kobj || !attr)
		return -EINVAL;
	dir = sysfs_get_kobj_dir(kobj);
	if (!dir)
		return -ENOENT;
	error = sysfs_add_file(dir, attr);
	sysfs_put(dir);
	return error;
}
EXPORT_SYMBOL_GPL(sysfs_create_file);

/**
 * sysfs_update_file - tell readers that an attribute changed
 * @kobj: the kobject
 * @attr: its attribute
 *
 * Updates the modification time (2.6.9 also raised dnotify).
 * Return: 0, or -ENOENT if there is no such attribute.
 */
int sysfs_update_file(struct kobject *kobj, const struct attribute *attr)
{
	struct sysfs_dirent *sd = NULL;

	if (!kobj || !attr)
		return -EINVAL;
	down_write(&sysfs_rwsem);
	if (kobj->dentry)
		sd = sysfs_find_locked(kobj->dentry, attr->name);
	if (sd)
		sysfs_touch(sd);
	up_write(&sysfs_rwsem);
	return sd ? 0 : -ENOENT;
}
EXPORT_SYMBOL_GPL(sysfs_update_file);

/**
 * sysfs_remove_file - remove an attribute file of a kobject
 * @kobj: the kobject
 * @attr: the attribute
 *
 * Returns once no show() or store() of the file is running (but the
 * caller's own: a store() may remove its own file).
 */
void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	struct sysfs_dirent *dir;

	if (!kobj || !attr)
		return;
	dir = sysfs_get_kobj_dir(kobj);
	if (dir)
		sysfs_remove_name(dir, attr->name);
	sysfs_put(dir);
}
EXPORT_SYMBOL_GPL(sysfs_remove_file);
