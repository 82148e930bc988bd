// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * group.c - attribute groups (fs/sysfs/group.c): a set of attributes created
 * and removed together, in the kobject's directory or, when named, in a
 * subdirectory of it.
 */
#include <ldm/export.h>

#include "sysfs.h"

/* Remove the first @n attributes of @grp from @dir. */
static void remove_files(struct sysfs_dirent *dir, const struct attribute_group *grp, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sysfs_remove_name(dir, grp->attrs[i]->name);
}

static int create_files(struct sysfs_dirent *dir, const struct attribute_group *grp)
{
	size_t i;
	int error;

	for (i = 0; grp->attrs[i]; i++) {
		error = sysfs_add_file(dir, grp->attrs[i]);
		if (error) {
			/* Only what this call created: not a file that was there. */
			remove_files(dir, grp, i);
			return error;
		}
	}
	return 0;
}

/**
 * sysfs_create_group - create a group of attributes
 * @kobj: the kobject
 * @grp: the group; with a name, its files go into a subdirectory of that name
 *
 * Return: 0, or the first error; then nothing of the group is left behind.
 */
int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp)
{
	struct sysfs_dirent *dir;
	int error;

	if (!kobj || !grp || !grp->attrs)
		return -EINVAL;
	if (grp->name) {
		error = sysfs_create_subdir(kobj, grp->name, &dir);
		if (error)
			return error;
	} else {
		dir = sysfs_get_kobj_dir(kobj);
		if (!dir)
			return -ENOENT;
	}
	error = create_files(dir, grp);
	if (error && grp->name)
		sysfs_remove_sd(dir);
	sysfs_put(dir);
	return error;
}
EXPORT_SYMBOL_GPL(sysfs_create_group);

/**
 * sysfs_remove_group - remove a group of attributes
 * @kobj: the kobject
 * @grp: the group given to sysfs_create_group()
 */
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp)
{
	struct sysfs_dirent *kdir, *dir;
	size_t n = 0;

	if (!kobj || !grp)
		return;
	kdir = sysfs_get_kobj_dir(kobj);
	if (!kdir)
		return;
	if (!grp->name) {
		while (grp->attrs[n])
			n++;
		remove_files(kdir, grp, n);
		goto out_put_kdir;
	}
	down_read(&sysfs_rwsem);
	dir = sysfs_get(sysfs_find_locked(kdir, grp->name));
	up_read(&sysfs_rwsem);
	if (dir) {
		sysfs_remove_sd(dir);
		sysfs_put(dir);
	}
out_put_kdir:
	sysfs_put(kdir);
}
EXPORT_SYMBOL_GPL(sysfs_remove_group);
