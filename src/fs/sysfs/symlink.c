// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * symlink.c - symbolic links between kobject directories (fs/sysfs/symlink.c).
 */
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>

#include "sysfs.h"

static unsigned int sd_depth(struct sysfs_dirent *sd)
{
	unsigned int depth = 0;

	for (; sd->s_parent; sd = sd->s_parent)
		depth++;
	return depth;
}

/* Write the path of @sd from the root, without a leading '/', ending at @end. */
static char *fill_path_backwards(struct sysfs_dirent *sd, char *end)
{
	for (; sd->s_parent; sd = sd->s_parent) {
		size_t len = strlen(sysfs_name(sd));

		end -= len;
		memcpy(end, sysfs_name(sd), len);
		if (sd->s_parent->s_parent)
			*--end = '/';
	}
	return end;
}

/**
 * sysfs_link_path - the relative path a link reads as
 * @link: the link node
 * @buf: where to write it, NUL-terminated
 * @size: room in @buf
 *
 * As 2.6.9: one "../" for each level of the directory holding the link, then
 * the target's path from the root, e.g. "../../../devices/platform/foo".
 * Return: the length, or -ENAMETOOLONG.
 */
int sysfs_link_path(struct sysfs_dirent *link, char *buf, size_t size)
{
	struct sysfs_dirent *t = link->s_target, *p;
	unsigned int depth;
	size_t len = 0, i;

	down_read(&sysfs_rwsem);
	depth = sd_depth(link->s_parent);
	for (p = t; p->s_parent; p = p->s_parent)
		len += strlen(sysfs_name(p)) + (p->s_parent->s_parent ? 1 : 0);
	len += 3 * (size_t)depth;
	if (len + 1 > size) {
		up_read(&sysfs_rwsem);
		return -ENAMETOOLONG;
	}
	for (i = 0; i < depth; i++)
		memcpy(buf + 3 * i, "../", 3);
	buf[len] = '\0';
	fill_path_backwards(t, buf + len);
	up_read(&sysfs_rwsem);
	if (len && buf[len - 1] == '/') /* a link to the root itself */
		buf[--len] = '\0';
	return (int)len;
}

/**
 * sysfs_create_link - create a symlink to another kobject's directory
 * @kobj: the kobject whose directory gets the link
 * @target: the kobject the link points to
 * @name: the link's name
 *
 * Return: 0, -EINVAL, -EEXIST, -ENOENT if either kobject has no directory,
 * -ENOMEM.
 */
int sysfs_create_link(struct kobject *kobj, struct kobject *target, char *name)
{
	struct sysfs_dirent *sd, *tsd, *dir;
	int error;

	if (!kobj || !target)
		return -EINVAL;
	error = sysfs_validate_name(name);
	if (error)
		return error;
	down_read(&sysfs_rwsem);
	dir = sysfs_get(kobj->dentry);
	tsd = sysfs_get(target->dentry);
	up_read(&sysfs_rwsem);
	error = -ENOENT;
	if (!dir || !tsd)
		goto err_put;
	error = -ENOMEM;
	sd = sysfs_new_dirent(name, LDM_SYSFS_LINK, S_IFLNK | 0777, kobj);
	if (!sd)
		goto err_put;
	sd->s_target = tsd;
	error = sysfs_add_one(dir, sd);
	if (error)
		sysfs_put(sd); /* drops the target too */
	sysfs_put(dir);
	return error;

err_put:
	sysfs_put(tsd);
	sysfs_put(dir);
	return error;
}
EXPORT_SYMBOL_GPL(sysfs_create_link);

/**
 * sysfs_remove_link - remove a symlink
 * @kobj: the kobject whose directory has the link
 * @name: the link's name
 */
void sysfs_remove_link(struct kobject *kobj, char *name)
{
	struct sysfs_dirent *dir;

	if (!kobj || !name)
		return;
	dir = sysfs_get_kobj_dir(kobj);
	if (dir)
		sysfs_remove_name(dir, name);
	sysfs_put(dir);
}
EXPORT_SYMBOL_GPL(sysfs_remove_link);
