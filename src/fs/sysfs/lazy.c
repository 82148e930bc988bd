// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lazy.c - children a directory serves without a node: the files every
 * kobject of a kind has (a device's uevent, power/, modalias, subsystem,
 * driver), made into nodes only when looked up.
 */
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "sysfs.h"
#include "sysfs_lazy.h"

/**
 * DOC: how lazy.c works
 *
 * A node costs 64 to 112 bytes of heap, and a bound device of the modern
 * tree would have nine; six of them say the same of every device of its
 * bus: their names, modes and methods are its type's. A lazy entry keeps
 * of such a child only what is its own: which description it is (an
 * attribute, a named group, a link whose target is computed), the inode
 * number it took when it was added and its time (24 bytes, in one array per
 * directory, sysfs_lazy_set).
 *
 * A name is in exactly one place at a time: a node in the directory's
 * table, or an entry in its array. Adding or removing an entry is what
 * adding or removing a node is to everything outside (sysfs_rwsem for
 * writing, -EEXIST, the directory's time and subdirectory count, the
 * watcher). A listing shows an entry as the node it would be, without
 * making it (path.c). A look-up makes it (sysfs_find_make()): under the
 * lock for writing, the entry becomes a node with its inode number and its
 * time, and no one is told, since nothing appeared. From then on it is a
 * node like any other until it is removed; so every front end that keeps
 * nodes (ldmd's node ids) sees one node per name.
 */

static const char *what_name(const void *what, unsigned int kind)
{
	switch (kind) {
	case SD_LAZY_ATTR:
		return ((const struct attribute *)what)->name;
	case SD_LAZY_GROUP:
		return ((const struct attribute_group *)what)->name;
	default:
		return ((const struct sysfs_lazy_link *)what)->name;
	}
}

/**
 * sysfs_lazy_name - the name of a lazy entry
 * @e: the entry
 */
const char *sysfs_lazy_name(const struct sysfs_lazy_ent *e)
{
	return what_name(e->what, e->kind);
}

/**
 * sysfs_lazy_count - how many lazy entries a directory has; under sysfs_rwsem
 * @dir: the directory
 */
unsigned int sysfs_lazy_count(const struct sysfs_dirent *dir)
{
	return dir->s_dir.lazy ? dir->s_dir.lazy->n : 0;
}

/**
 * sysfs_lazy_mem - the bytes of heap a directory's lazy entries take
 * @dir: the directory; under sysfs_rwsem
 */
size_t sysfs_lazy_mem(const struct sysfs_dirent *dir)
{
	unsigned int n = sysfs_lazy_count(dir);

	return n ? sizeof(struct sysfs_lazy_set) + n * sizeof(struct sysfs_lazy_ent) : 0;
}

/**
 * sysfs_lazy_find - a directory's lazy entry by name; under sysfs_rwsem
 * @dir: the directory (any node: only a directory has entries)
 * @name: the name
 *
 * Return: the entry, valid while the lock is held, or NULL.
 */
struct sysfs_lazy_ent *sysfs_lazy_find(struct sysfs_dirent *dir, const char *name)
{
	unsigned int i;

	if (dir->s_type != LDM_SYSFS_DIR || !dir->s_dir.lazy)
		return NULL;
	for (i = 0; i < dir->s_dir.lazy->n; i++)
		if (!strcmp(sysfs_lazy_name(&dir->s_dir.lazy->ent[i]), name))
			return &dir->s_dir.lazy->ent[i];
	return NULL;
}

/* Take entry @e out of @dir's array; under sysfs_rwsem for writing. */
static void lazy_del(struct sysfs_dirent *dir, struct sysfs_lazy_ent *e)
{
	struct sysfs_lazy_set *set = dir->s_dir.lazy;
	struct sysfs_lazy_set *smaller;
	unsigned int i = (unsigned int)(e - set->ent);

	memmove(e, e + 1, (set->n - i - 1) * sizeof(*e));
	if (!--set->n) {
		kfree(set);
		dir->s_dir.lazy = NULL;
		return;
	}
	/* Shrinking cannot fail to keep what is there: on failure keep the old size. */
	smaller = krealloc(set, sizeof(*set) + set->n * sizeof(*e), GFP_KERNEL);
	if (smaller)
		dir->s_dir.lazy = smaller;
}

/**
 * sysfs_lazy_drop - forget every lazy entry of a directory being removed
 * or freed; under sysfs_rwsem for writing, or with the last reference
 * @dir: the directory
 */
void sysfs_lazy_drop(struct sysfs_dirent *dir)
{
	kfree(dir->s_dir.lazy);
	dir->s_dir.lazy = NULL;
}

/* The directory a lazy link points to, or NULL; under sysfs_rwsem. */
static struct sysfs_dirent *link_target(struct sysfs_dirent *dir, const struct sysfs_lazy_ent *e)
{
	const struct sysfs_lazy_link *link = e->what;
	struct kobject *target = link->target(dir->s_dir.kobj);

	return target ? target->dentry : NULL;
}

/* What a group's attribute or a file is as a node: its mode. */
static mode_t attr_mode(const struct attribute *attr)
{
	return S_IFREG | (attr->mode & 07777);
}

/**
 * sysfs_lazy_stat - what stat(2) would say of the node an entry becomes
 * @dir: the directory; under sysfs_rwsem
 * @e: its entry
 * @st: filled in (@mem 0: the entry has no node)
 *
 * Return: false for a link whose target has no directory (it cannot
 * become a node: it is not listed).
 */
bool sysfs_lazy_stat(struct sysfs_dirent *dir, const struct sysfs_lazy_ent *e,
		     struct ldm_sysfs_stat *st)
{
	const struct attribute *attr = e->what;
	struct sysfs_dirent *target;
	char path[PATH_MAX];
	int len;

	memset(st, 0, sizeof(*st));
	st->ino = e->ino;
	st->mtime.tv_sec = (time_t)(e->mtime / 1000000000ULL);
	st->mtime.tv_nsec = (long)(e->mtime % 1000000000ULL);
	st->nlink = 1;
	switch (e->kind) {
	case SD_LAZY_ATTR:
		st->type = LDM_SYSFS_ATTR;
		st->stable = attr->ldm_flags & LDM_ATTR_STABLE;
		st->mode = attr_mode(attr);
		st->size = (loff_t)PAGE_SIZE;
		break;
	case SD_LAZY_GROUP:
		st->type = LDM_SYSFS_DIR;
		st->mode = S_IFDIR | 0755;
		st->nlink = 2;
		break;
	default:
		target = link_target(dir, e);
		if (!target)
			return false;
		st->type = LDM_SYSFS_LINK;
		st->mode = S_IFLNK | 0777;
		len = sysfs_link_path_locked(dir, target, path, sizeof(path));
		st->size = len > 0 ? len : 0;
		break;
	}
	return true;
}

/* A file node for @attr in @dir, @ino and @mtime its own. */
static struct sysfs_dirent *make_file(struct sysfs_dirent *dir, const struct attribute *attr,
				      unsigned long ino, u64 mtime)
{
	struct sysfs_dirent *sd = sysfs_alloc_dirent(attr->name, LDM_SYSFS_ATTR, attr_mode(attr),
						     dir->s_dir.kobj, ino, mtime);

	if (!sd)
		return NULL;
	sd->s_attr = attr;
	if (attr->ldm_flags & LDM_ATTR_STABLE)
		sd->s_flags |= SD_STABLE;
	return sd;
}

/* A group's directory with its files, not yet in @dir. */
static struct sysfs_dirent *make_group(struct sysfs_dirent *dir, const struct sysfs_lazy_ent *e)
{
	const struct attribute_group *grp = e->what;
	struct sysfs_dirent *sd, *file;
	size_t i;

	sd = sysfs_alloc_dirent(grp->name, LDM_SYSFS_DIR, S_IFDIR | 0755, dir->s_dir.kobj, e->ino,
				e->mtime);
	if (!sd)
		return NULL;
	for (i = 0; grp->attrs[i]; i++) {
		file = make_file(sd, grp->attrs[i], e->ino + 1 + i, e->mtime);
		if (!file || sysfs_link_locked(sd, file)) {
			sysfs_put(file);
			goto err_put;
		}
	}
	return sd;

err_put:
	/* Unlink what was linked: each file holds the directory. */
	while (sd->s_dir.children.count) {
		struct hlist_node *pos, *tmp;
		unsigned long b;

		ldm_htable_for_each_safe(&sd->s_dir.children, b, pos, tmp) {
			file = hlist_entry(pos, struct sysfs_dirent, s_hash.node);
			ldm_htable_del(&sd->s_dir.children, &file->s_hash);
			sysfs_put(file);
			break;
		}
	}
	sysfs_put(sd);
	return NULL;
}

/**
 * sysfs_lazy_make - make the node of a lazy entry; under sysfs_rwsem for
 * writing
 * @dir: the directory
 * @name: the entry's name
 *
 * The node takes the entry's place: its inode number, its time.
 * Return: the node, without a reference; NULL if there is no such entry
 * or its link has no target; ERR_PTR(-ENOMEM).
 */
struct sysfs_dirent *sysfs_lazy_make(struct sysfs_dirent *dir, const char *name)
{
	struct sysfs_lazy_ent *e = sysfs_lazy_find(dir, name);
	struct sysfs_dirent *sd, *target;

	if (!e || (dir->s_flags & SD_REMOVED))
		return NULL;
	switch (e->kind) {
	case SD_LAZY_ATTR:
		sd = make_file(dir, e->what, e->ino, e->mtime);
		break;
	case SD_LAZY_GROUP:
		sd = make_group(dir, e);
		break;
	default:
		target = link_target(dir, e);
		if (!target)
			return NULL;
		sd = sysfs_alloc_dirent(name, LDM_SYSFS_LINK, S_IFLNK | 0777, dir->s_dir.kobj,
					e->ino, e->mtime);
		if (sd)
			sd->s_target = sysfs_get(target);
		break;
	}
	if (!sd)
		return ERR_PTR(-ENOMEM);
	if (sysfs_link_locked(dir, sd)) {
		sysfs_put(sd);
		return ERR_PTR(-ENOMEM);
	}
	lazy_del(dir, e);
	return sd;
}

/**
 * sysfs_find_make - a child by name, made from its lazy entry if it has
 * one; caller holds sysfs_rwsem for reading
 * @parent: the directory
 * @name: the child's name
 *
 * Making a node takes the lock for writing, so the lock is dropped, and
 * taken again for reading before this returns: what the caller found
 * before may be gone by then, so it must start again (-EAGAIN), and finds
 * the node made.
 * Return: the child, without a reference; NULL if there is none;
 * ERR_PTR(-EAGAIN) once the node is made (or the entry gone meanwhile);
 * ERR_PTR(-ENOMEM).
 */
struct sysfs_dirent *sysfs_find_make(struct sysfs_dirent *parent, const char *name)
{
	struct sysfs_dirent *sd = sysfs_find_locked(parent, name);

	if (sd || !sysfs_lazy_find(parent, name))
		return sd;
	sysfs_get(parent);
	up_read(&sysfs_rwsem);
	down_write(&sysfs_rwsem);
	/* Another thread may have made it, or removed it, meanwhile. */
	sd = sysfs_find_locked(parent, name) ? NULL : sysfs_lazy_make(parent, name);
	up_write(&sysfs_rwsem);
	sysfs_put(parent);
	down_read(&sysfs_rwsem);
	return IS_ERR(sd) ? sd : ERR_PTR(-EAGAIN);
}

/**
 * sysfs_lazy_remove - remove a lazy entry as its node would be removed;
 * under sysfs_rwsem for writing
 * @dir: the directory
 * @name: the entry's name
 *
 * Return: 0, or -ENOENT if there is no such entry.
 */
int sysfs_lazy_remove(struct sysfs_dirent *dir, const char *name)
{
	struct sysfs_lazy_ent *e = sysfs_lazy_find(dir, name);

	if (!e)
		return -ENOENT;
	sysfs_notify_watch(LDM_SYSFS_REMOVED, dir, name);
	if (e->kind == SD_LAZY_GROUP)
		dir->s_dir.subdirs--;
	sysfs_touch(dir);
	lazy_del(dir, e);
	return 0;
}

/* Add an entry for @what to @kobj's directory, @nino inode numbers its. */
static int lazy_add(struct kobject *kobj, const void *what, unsigned int kind, unsigned int nino)
{
	const char *name = what_name(what, kind);
	struct sysfs_dirent *dir;
	struct sysfs_lazy_set *set;
	struct sysfs_lazy_ent *e;
	int error;

	error = sysfs_validate_name(name);
	if (error)
		return error;
	dir = sysfs_get_kobj_dir(kobj);
	if (!dir)
		return -ENOENT;
	down_write(&sysfs_rwsem);
	error = -ENOENT;
	if (dir->s_flags & SD_REMOVED)
		goto out_unlock;
	error = -EEXIST;
	if (sysfs_name_taken(dir, name))
		goto out_unlock;
	error = -ENOMEM;
	set = krealloc(dir->s_dir.lazy, sizeof(*set) + (sysfs_lazy_count(dir) + 1) * sizeof(*e),
		       GFP_KERNEL);
	if (!set)
		goto out_unlock;
	if (!dir->s_dir.lazy)
		set->n = 0;
	dir->s_dir.lazy = set;
	e = &set->ent[set->n++];
	e->what = what;
	e->kind = kind & 3;
	e->ino = sysfs_alloc_ino(nino);
	e->mtime = sysfs_now();
	if (kind == SD_LAZY_GROUP)
		dir->s_dir.subdirs++;
	sysfs_touch(dir);
	sysfs_notify_watch(LDM_SYSFS_ADDED, dir, name);
	error = 0;
out_unlock:
	up_write(&sysfs_rwsem);
	sysfs_put(dir);
	return error;
}

/**
 * sysfs_lazy_file - give a kobject an attribute file without a node until
 * it is looked up
 * @kobj: the kobject, which has a directory
 * @attr: the attribute; it must outlive the file, as for sysfs_create_file()
 *
 * What sysfs_create_file() does, seen from outside; sysfs_remove_file()
 * removes it.
 * Return: as sysfs_create_file().
 */
int sysfs_lazy_file(struct kobject *kobj, const struct attribute *attr)
{
	if (!kobj || !attr)
		return -EINVAL;
	return lazy_add(kobj, attr, SD_LAZY_ATTR, 1);
}

/**
 * sysfs_lazy_group - give a kobject a named group of attributes without a
 * node until its directory is looked up
 * @kobj: the kobject, which has a directory
 * @grp: the group, named; it must outlive the files
 *
 * What sysfs_create_group() does, seen from outside, but that the
 * directory and its files have one time; sysfs_remove_group() removes it.
 * Return: as sysfs_create_group().
 */
int sysfs_lazy_group(struct kobject *kobj, const struct attribute_group *grp)
{
	unsigned int n = 0;
	int error;

	if (!kobj || !grp || !grp->attrs || !grp->name)
		return -EINVAL;
	for (n = 0; grp->attrs[n]; n++) {
		unsigned int i;

		error = sysfs_validate_name(grp->attrs[n]->name);
		if (error)
			return error;
		/* As sysfs_create_group(): the second of a name is taken. */
		for (i = 0; i < n; i++)
			if (!strcmp(grp->attrs[i]->name, grp->attrs[n]->name))
				return -EEXIST;
	}
	return lazy_add(kobj, grp, SD_LAZY_GROUP, 1 + n);
}

/**
 * sysfs_lazy_link - give a kobject a link whose target is computed, without
 * a node until it is looked up
 * @kobj: the kobject, which has a directory
 * @link: the link; its target() must give a kobject with a directory for
 *	as long as the link is in the tree
 *
 * What sysfs_create_link() does, seen from outside; sysfs_remove_link()
 * removes it.
 * Return: as sysfs_create_link().
 */
int sysfs_lazy_link(struct kobject *kobj, const struct sysfs_lazy_link *link)
{
	if (!kobj || !link || !link->target)
		return -EINVAL;
	return lazy_add(kobj, link, SD_LAZY_LINK, 1);
}
