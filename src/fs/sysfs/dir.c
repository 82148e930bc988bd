// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * dir.c - sysfs directories (fs/sysfs/dir.c): the nodes of the tree, their
 * creation and removal, and the directories of kobjects.
 */
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "sysfs.h"

DECLARE_RWSEM(sysfs_rwsem);

static atomic_long_t sysfs_next_ino = { 1 };

/**
 * sysfs_validate_name - check a name for a node
 * @name: the name
 *
 * Return: 0, -EINVAL for NULL, "", ".", ".." or a name with '/', or
 * -ENAMETOOLONG past NAME_MAX.
 */
int sysfs_validate_name(const char *name)
{
	if (!name || !*name || strchr(name, '/'))
		return -EINVAL;
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return -EINVAL;
	if (strlen(name) > NAME_MAX)
		return -ENAMETOOLONG;
	return 0;
}

void sysfs_touch(struct sysfs_dirent *sd)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	sd->s_mtime = (u64)now.tv_sec * 1000000000ULL + (u64)now.tv_nsec;
}

static char *inline_name(struct sysfs_dirent *sd)
{
	return (char *)sd + sysfs_dirent_head(sd->s_type);
}

/**
 * sysfs_dirent_mem - the bytes of heap a node was allocated, name and a
 * directory's buckets included; under sysfs_rwsem
 * @sd: the node
 */
size_t sysfs_dirent_mem(struct sysfs_dirent *sd)
{
	size_t mem = sysfs_dirent_head(sd->s_type) + strlen(sysfs_name(sd)) + 1;

	if (sd->s_type == LDM_SYSFS_DIR)
		mem += ldm_htable_mem(&sd->s_dir.children);
	return mem;
}

/* Free a directory's name that rename allocated; the node's own is freed with it. */
static void free_name(struct sysfs_dirent *sd, char *name)
{
	if (name != inline_name(sd))
		kfree(name);
}

/**
 * sysfs_new_dirent - allocate a node, not yet in the tree
 * @name: its name (copied)
 * @type: what it is
 * @mode: S_IFxxx and permission bits
 * @kobj: the kobject whose I/O the node serves
 *
 * Return: the node with one reference, or NULL when out of memory.
 */
struct sysfs_dirent *sysfs_new_dirent(const char *name, enum ldm_sysfs_type type, mode_t mode,
				      struct kobject *kobj)
{
	size_t len = strlen(name) + 1;
	struct sysfs_dirent *sd = kzalloc(sysfs_dirent_head(type) + len, GFP_KERNEL);

	if (!sd)
		return NULL;
	sd->s_type = (u8)type;
	memcpy(inline_name(sd), name, len);
	atomic_set(&sd->s_count, 1);
	INIT_HLIST_NODE(&sd->s_hash.node);
	sd->s_mode = (u16)mode;
	sd->s_ino = (unsigned long)atomic_long_inc_return(&sysfs_next_ino);
	sysfs_touch(sd);
	if (type == LDM_SYSFS_DIR) {
		sd->s_dir.name = inline_name(sd);
		sd->s_dir.kobj = kobj;
		ldm_htable_init(&sd->s_dir.children);
	}
	return sd;
}

/**
 * sysfs_get - take a reference on a node
 * @sd: the node, or NULL
 */
struct sysfs_dirent *sysfs_get(struct sysfs_dirent *sd)
{
	if (sd)
		WARN_ON(atomic_inc_return(&sd->s_count) < 2);
	return sd;
}

/**
 * sysfs_put - drop a reference on a node; the last frees it
 * @sd: the node, or NULL
 */
void sysfs_put(struct sysfs_dirent *sd)
{
	while (sd && atomic_dec_and_test(&sd->s_count)) {
		struct sysfs_dirent *parent = sd->s_parent;

		if (sd->s_type == LDM_SYSFS_DIR) {
			ldm_htable_destroy(&sd->s_dir.children);
			free_name(sd, sd->s_dir.name);
		} else if (sd->s_type == LDM_SYSFS_LINK) {
			sysfs_put(sd->s_target);
		}
		sysfs_notify_forget(sd);
		kfree(sd);
		sd = parent; /* a child held a reference on its parent */
	}
}

/**
 * ldm_sysfs_get - take a reference on a node, for the host
 * @node: the node, or NULL
 *
 * Return: @node.
 */
struct ldm_sysfs_node *ldm_sysfs_get(struct ldm_sysfs_node *node)
{
	return to_node(sysfs_get(to_sd(node)));
}

/**
 * ldm_sysfs_put - drop the host's reference on a node; the last frees it
 * @node: the node, or NULL
 */
void ldm_sysfs_put(struct ldm_sysfs_node *node)
{
	sysfs_put(to_sd(node));
}

/**
 * sysfs_find_locked - a child by name; caller holds sysfs_rwsem
 * @parent: the directory
 * @name: the child's name
 *
 * Return: the child, without a reference, or NULL.
 */
struct sysfs_dirent *sysfs_find_locked(struct sysfs_dirent *parent, const char *name)
{
	u64 hash = ldm_hash_name(name);
	struct sysfs_dirent *sd;

	if (parent->s_type != LDM_SYSFS_DIR)
		return NULL;
	ldm_htable_for_each_possible(&parent->s_dir.children, sd, s_hash, hash)
		if (!strcmp(sysfs_name(sd), name))
			return sd;
	return NULL;
}

static u64 sysfs_hash_of(const struct ldm_hnode *n)
{
	return ldm_hash_name(sysfs_name(container_of(n, struct sysfs_dirent, s_hash)));
}

static ldm_sysfs_watch_fn watch_fn; /* under sysfs_rwsem */
static void *watch_data;

/* Tell the watcher; caller holds sysfs_rwsem for writing. */
static void notify_watch(enum ldm_sysfs_change change, struct sysfs_dirent *parent,
			 const char *name)
{
	if (watch_fn)
		watch_fn(change, to_node(parent), name, watch_data);
}

/**
 * ldm_sysfs_watch - set the watcher of the tree's shape (see <ldm/sysfs.h>)
 * @fn: called for each name added to or removed from a directory; NULL to
 *	remove the watcher
 * @data: passed to @fn
 *
 * Once this returns, the old watcher is not running and not called again.
 * Return: 0, or -EBUSY if another watcher is set.
 */
int ldm_sysfs_watch(ldm_sysfs_watch_fn fn, void *data)
{
	int error = 0;

	down_write(&sysfs_rwsem);
	if (fn && watch_fn)
		error = -EBUSY;
	else {
		watch_fn = fn;
		watch_data = data;
	}
	up_write(&sysfs_rwsem);
	return error;
}

/**
 * sysfs_add_one - link a new node into a directory
 * @parent: the directory
 * @sd: the node from sysfs_new_dirent(); its reference passes to the tree
 *
 * Return: 0; -EEXIST if the name is taken, -ENOENT if @parent has been
 * removed, -ENOMEM. On error the caller still owns @sd.
 */
int sysfs_add_one(struct sysfs_dirent *parent, struct sysfs_dirent *sd)
{
	int error = 0;

	down_write(&sysfs_rwsem);
	if (parent->s_flags & SD_REMOVED)
		error = -ENOENT;
	else if (sysfs_find_locked(parent, sysfs_name(sd)))
		error = -EEXIST;
	else
		error = ldm_htable_add(&parent->s_dir.children, &sd->s_hash,
				       ldm_hash_name(sysfs_name(sd)), sysfs_hash_of);
	if (!error) {
		sd->s_parent = sysfs_get(parent);
		if (sd->s_type == LDM_SYSFS_DIR)
			parent->s_dir.subdirs++;
		sysfs_touch(parent);
		notify_watch(LDM_SYSFS_ADDED, parent, sysfs_name(sd));
	}
	up_write(&sysfs_rwsem);
	return error;
}

/*
 * Unlink @sd and everything below it onto @dead; under the lock. A node goes
 * on the head of @dead before its children do, so the list has every node
 * after all of its descendants: deepest first.
 */
static void unlink_subtree(struct sysfs_dirent *sd, struct hlist_head *dead)
{
	struct sysfs_dirent *parent = sd->s_parent;
	struct hlist_node *pos, *tmp;
	unsigned long i;

	sd->s_flags |= SD_REMOVED;
	sysfs_deactivate(sd);
	ldm_htable_del(&parent->s_dir.children, &sd->s_hash);
	hlist_add_head(&sd->s_hash.node, dead);
	if (sd->s_type == LDM_SYSFS_DIR)
		parent->s_dir.subdirs--;
	sysfs_touch(parent);
	if (sd->s_type != LDM_SYSFS_DIR)
		return;
	ldm_htable_for_each_safe(&sd->s_dir.children, i, pos, tmp)
		unlink_subtree(hlist_entry(pos, struct sysfs_dirent, s_hash.node), dead);
}

/**
 * sysfs_remove_sd - remove a node and all below it from the tree
 * @sd: the node; nothing happens if it was removed already
 *
 * Waits until I/O in progress on the removed nodes has left (but the calling
 * thread's own), then drops the tree's references.
 */
void sysfs_remove_sd(struct sysfs_dirent *sd)
{
	struct hlist_node *pos, *n;
	struct hlist_head dead = HLIST_HEAD_INIT;
	bool removed_before;

	down_write(&sysfs_rwsem);
	removed_before = sd->s_flags & SD_REMOVED;
	if (!removed_before && sd != sysfs_root) {
		notify_watch(LDM_SYSFS_REMOVED, sd->s_parent, sysfs_name(sd));
		unlink_subtree(sd, &dead);
	}
	up_write(&sysfs_rwsem);

	/* Gone with an ancestor: its remover, maybe another thread, drains it. */
	if (removed_before)
		sysfs_wait_drained(sd);

	/* Deepest first: a node is marked once all below it is drained. */
	hlist_for_each_safe(pos, n, &dead) {
		struct sysfs_dirent *gone = hlist_entry(pos, struct sysfs_dirent, s_hash.node);

		sysfs_drain(gone);
		hlist_del_init(pos);
		sysfs_mark_drained(gone);
		if (gone->s_type == LDM_SYSFS_ATTR || gone->s_type == LDM_SYSFS_BIN)
			sysfs_notify_removed(gone);
		sysfs_put(gone);
	}
}

/**
 * sysfs_remove_name - remove a directory's child by name
 * @parent: the directory
 * @name: the child's name
 *
 * Return: 0, or -ENOENT if there is no such child.
 */
int sysfs_remove_name(struct sysfs_dirent *parent, const char *name)
{
	struct sysfs_dirent *sd;

	down_read(&sysfs_rwsem);
	sd = sysfs_get(sysfs_find_locked(parent, name));
	up_read(&sysfs_rwsem);
	if (!sd)
		return -ENOENT;
	sysfs_remove_sd(sd);
	sysfs_put(sd);
	return 0;
}

/* Create a directory @name under @parent serving @kobj; the new node is referenced. */
static int create_dir(struct kobject *kobj, struct sysfs_dirent *parent, const char *name,
		      struct sysfs_dirent **ret)
{
	struct sysfs_dirent *sd;
	int error;

	error = sysfs_validate_name(name);
	if (error)
		return error;
	sd = sysfs_new_dirent(name, LDM_SYSFS_DIR, S_IFDIR | 0755, kobj);
	if (!sd)
		return -ENOMEM;
	/* Ours before it is linked: a removal of @parent may drop the tree's at once. */
	sysfs_get(sd);
	error = sysfs_add_one(parent, sd);
	if (error) {
		sysfs_put(sd);
		sysfs_put(sd);
		return error;
	}
	*ret = sd;
	return 0;
}

/**
 * sysfs_get_kobj_dir - the directory of a kobject, referenced
 * @kobj: the kobject
 *
 * Read under the lock, as sysfs_remove_dir() may clear it meanwhile; the
 * reference keeps the node's memory, and sysfs_add_one() refuses it once
 * removed.
 * Return: the directory, or NULL if the kobject has none.
 */
struct sysfs_dirent *sysfs_get_kobj_dir(struct kobject *kobj)
{
	struct sysfs_dirent *sd;

	down_read(&sysfs_rwsem);
	sd = sysfs_get(kobj->dentry);
	up_read(&sysfs_rwsem);
	return sd;
}

/**
 * sysfs_create_subdir - a directory inside a kobject's, for a named group
 * @kobj: the kobject
 * @name: the directory's name
 * @ret: the new directory, referenced
 */
int sysfs_create_subdir(struct kobject *kobj, const char *name, struct sysfs_dirent **ret)
{
	struct sysfs_dirent *parent = sysfs_get_kobj_dir(kobj);
	int error;

	if (!parent)
		return -ENOENT;
	error = create_dir(kobj, parent, name, ret);
	sysfs_put(parent);
	return error;
}

/**
 * sysfs_create_dir - create the directory of a kobject
 * @kobj: the kobject; its directory goes into its parent's, or the root
 *
 * Return: 0, -EINVAL for a bad name, -EEXIST when the name is taken,
 * -ENOENT when the parent has no directory, -ENOMEM.
 */
int sysfs_create_dir(struct kobject *kobj)
{
	struct sysfs_dirent *parent, *sd;
	int error;

	if (!kobj)
		return -EINVAL;
	if (kobj->dentry)
		return -EEXIST;
	parent = kobj->parent ? sysfs_get_kobj_dir(kobj->parent) : sysfs_get(sysfs_root);
	if (!parent)
		return -ENOENT;
	error = create_dir(kobj, parent, kobject_name(kobj), &sd);
	sysfs_put(parent);
	if (error)
		return error;
	/* Under the lock: sysfs_get_kobj_dir() may be reading it already. */
	down_write(&sysfs_rwsem);
	kobj->dentry = sd;
	up_write(&sysfs_rwsem);
	return 0;
}
EXPORT_SYMBOL_GPL(sysfs_create_dir);

/**
 * sysfs_remove_dir - remove the directory of a kobject, and all in it
 * @kobj: the kobject
 *
 * Returns once no show() or store() of the kobject is running (but the
 * caller's own), so the kobject may be freed afterwards.
 */
void sysfs_remove_dir(struct kobject *kobj)
{
	struct sysfs_dirent *sd;

	if (!kobj)
		return;
	down_write(&sysfs_rwsem);
	sd = kobj->dentry;
	kobj->dentry = NULL;
	up_write(&sysfs_rwsem);
	if (!sd)
		return;
	sysfs_remove_sd(sd);
	sysfs_put(sd);
}
EXPORT_SYMBOL_GPL(sysfs_remove_dir);

/**
 * sysfs_rename_dir - rename the directory of a kobject, and the kobject
 * @kobj: the kobject
 * @new_name: its new name
 *
 * Return: 0; -EINVAL if @new_name is the current name, is not a valid name,
 * or @kobj has no parent (as 2.6.9); -EEXIST if the name is taken (2.6.9
 * returned 0 and did nothing); -ENOENT without a directory; -ENOMEM.
 */
int sysfs_rename_dir(struct kobject *kobj, const char *new_name)
{
	struct sysfs_dirent *sd, *parent;
	char *name, *old = NULL;
	int error;

	if (!kobj || !kobj->parent)
		return -EINVAL;
	error = sysfs_validate_name(new_name);
	if (error)
		return error;
	if (kobject_name(kobj) && !strcmp(kobject_name(kobj), new_name))
		return -EINVAL;
	name = kstrdup(new_name, GFP_KERNEL);
	if (!name)
		return -ENOMEM;

	down_write(&sysfs_rwsem);
	sd = kobj->dentry;
	parent = sd ? sd->s_parent : NULL;
	if (!sd || (sd->s_flags & SD_REMOVED))
		error = -ENOENT;
	else if (sysfs_find_locked(parent, new_name))
		error = -EEXIST;
	else
		error = kobject_set_name(kobj, "%s", new_name);
	if (!error) {
		/* Re-hashing under a new name cannot fail: the table exists. */
		ldm_htable_del(&parent->s_dir.children, &sd->s_hash);
		notify_watch(LDM_SYSFS_REMOVED, parent, sysfs_name(sd));
		old = sd->s_dir.name;
		sd->s_dir.name = name;
		notify_watch(LDM_SYSFS_ADDED, parent, name);
		ldm_htable_add(&parent->s_dir.children, &sd->s_hash, ldm_hash_name(name),
			       sysfs_hash_of);
		name = NULL;
		sysfs_touch(sd);
		sysfs_touch(parent);
	}
	up_write(&sysfs_rwsem);
	kfree(name);
	if (old)
		free_name(sd, old);
	return error;
}
EXPORT_SYMBOL_GPL(sysfs_rename_dir);
