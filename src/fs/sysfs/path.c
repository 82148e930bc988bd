// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * path.c - the path-level API: what the VFS does for /sys, for front ends
 * that serve the tree (look-up, stat, readdir, readlink).
 */
#include <stdlib.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "sysfs.h"

/* A directory may hold a link to an ancestor; bound the hops as namei does. */
#define MAX_LINK_HOPS 40

/* A link's target, or -ENOENT if it is gone; under sysfs_rwsem. */
static struct sysfs_dirent *follow_locked(struct sysfs_dirent *sd)
{
	struct sysfs_dirent *t = sd->s_target;

	return (t->s_flags & SD_REMOVED) ? NULL : t;
}

/* Walk one component from @cur; under sysfs_rwsem. */
static int walk_one(struct sysfs_dirent **cur, const char *name, size_t len, bool follow,
		    unsigned int *hops)
{
	char comp[NAME_MAX + 1];
	struct sysfs_dirent *sd = *cur;

	if (len > NAME_MAX)
		return -ENAMETOOLONG;
	if (sd->s_type != LDM_SYSFS_DIR)
		return -ENOTDIR;
	memcpy(comp, name, len);
	comp[len] = '\0';
	if (!strcmp(comp, "."))
		return 0;
	if (!strcmp(comp, "..")) {
		if (sd->s_parent)
			*cur = sd->s_parent;
		return 0;
	}
	sd = sysfs_find_locked(sd, comp);
	if (!sd)
		return -ENOENT;
	if (sd->s_type == LDM_SYSFS_LINK && follow) {
		if (++*hops > MAX_LINK_HOPS)
			return -ELOOP;
		sd = follow_locked(sd);
		if (!sd)
			return -ENOENT;
	}
	*cur = sd;
	return 0;
}

/**
 * ldm_sysfs_lookup - find a node by path
 * @path: the path from the root of the tree ("" and "/" are the root)
 * @flags: LDM_SYSFS_FOLLOW to follow a link in the last component; links in
 *         the others are always followed, and so is a last component with a
 *         trailing slash, which must then be a directory (-ENOTDIR)
 * @ret: the node, referenced; untouched on error
 *
 * Return: 0, -ENOENT, -ENOTDIR, -ENAMETOOLONG, -ELOOP, or -ENODEV before
 * ldm_init().
 */
int ldm_sysfs_lookup(const char *path, unsigned int flags, struct ldm_sysfs_node **ret)
{
	struct sysfs_dirent *cur;
	unsigned int hops = 0;
	int error = 0;

	if (!path || !ret)
		return -EINVAL;
	down_read(&sysfs_rwsem);
	cur = sysfs_root;
	if (!cur)
		error = -ENODEV;
	while (!error && *path) {
		size_t len = strcspn(path, "/");
		bool last = path[len] == '\0' || path[len + strspn(path + len, "/")] == '\0';
		/* As namei: "name/" must be a directory, so a link there is followed. */
		bool trailing = last && path[len] == '/';

		if (len)
			error = walk_one(&cur, path, len,
					 !last || trailing || (flags & LDM_SYSFS_FOLLOW), &hops);
		if (!error && trailing && cur->s_type != LDM_SYSFS_DIR)
			error = -ENOTDIR;
		path += len;
		path += strspn(path, "/");
	}
	if (!error)
		*ret = to_node(sysfs_get(cur));
	up_read(&sysfs_rwsem);
	return error;
}

/**
 * ldm_sysfs_lookup_at - find a child of a directory by name, as FUSE's
 * LOOKUP does (a link is returned as the link)
 * @node: the directory
 * @name: the child's name
 * @ret: the child, referenced
 *
 * Return: 0, -ENOENT, -ENOTDIR.
 */
int ldm_sysfs_lookup_at(struct ldm_sysfs_node *node, const char *name, struct ldm_sysfs_node **ret)
{
	struct sysfs_dirent *dir = to_sd(node), *sd;

	if (!dir || !name || !ret)
		return -EINVAL;
	if (dir->s_type != LDM_SYSFS_DIR)
		return -ENOTDIR;
	down_read(&sysfs_rwsem);
	sd = (dir->s_flags & SD_REMOVED) ? NULL : sysfs_find_locked(dir, name);
	if (sd)
		*ret = to_node(sysfs_get(sd));
	up_read(&sysfs_rwsem);
	return sd ? 0 : -ENOENT;
}

/* Fill @st for @sd; under sysfs_rwsem (a link's size needs its path). */
static void stat_locked(struct sysfs_dirent *sd, struct ldm_sysfs_stat *st)
{
	st->type = sd->s_type;
	st->stable = sd->s_flags & SD_STABLE;
	st->mode = sd->s_mode;
	st->ino = sd->s_ino;
	st->mtime.tv_sec = (time_t)(sd->s_mtime / 1000000000ULL);
	st->mtime.tv_nsec = (long)(sd->s_mtime % 1000000000ULL);
	st->nlink = 1;
	st->mem = sysfs_dirent_mem(sd);
	switch (sd->s_type) {
	case LDM_SYSFS_DIR:
		st->size = 0;
		st->nlink = 2 + sd->s_dir.subdirs;
		break;
	case LDM_SYSFS_ATTR:
		st->size = (loff_t)PAGE_SIZE;
		break;
	case LDM_SYSFS_BIN:
		/* A removed node's attribute may be gone with its module. */
		st->size = sd->s_flags & SD_REMOVED ? 0 : (loff_t)sd->s_bin_attr->size;
		break;
	case LDM_SYSFS_LINK:
		st->size = 0; /* filled in by the caller, without the lock */
		break;
	}
}

/**
 * ldm_sysfs_stat - what stat(2) says of a node
 * @node: the node
 * @st: filled in
 *
 * Return: 0. A removed node still answers, as an open file on /sys does.
 */
int ldm_sysfs_stat(struct ldm_sysfs_node *node, struct ldm_sysfs_stat *st)
{
	struct sysfs_dirent *sd = to_sd(node);
	char path[PATH_MAX];
	int len;

	if (!sd || !st)
		return -EINVAL;
	down_read(&sysfs_rwsem);
	stat_locked(sd, st);
	up_read(&sysfs_rwsem);
	if (sd->s_type == LDM_SYSFS_LINK) {
		len = sysfs_link_path(sd, path, sizeof(path));
		st->size = len > 0 ? len : 0;
	}
	return 0;
}

/**
 * ldm_sysfs_name - the name of a node (the root's is "")
 * @node: the node; the name is valid while the caller holds its reference
 *        and does not rename it
 */
const char *ldm_sysfs_name(struct ldm_sysfs_node *node)
{
	return sysfs_name(to_sd(node));
}

struct dirent_snap {
	struct sysfs_dirent *sd;
	char *name; /* copied: a rename frees the node's name */
	struct ldm_sysfs_stat st;
};

static int snap_by_ino(const void *a, const void *b)
{
	unsigned long x = ((const struct dirent_snap *)a)->st.ino;
	unsigned long y = ((const struct dirent_snap *)b)->st.ino;

	return x < y ? -1 : x > y;
}

/**
 * ldm_sysfs_readdir - list a directory, in creation order
 * @node: the directory
 * @fill: called for each entry with its name and stat; non-zero stops
 * @data: passed to @fill
 *
 * Return: 0, what @fill returned, -ENOTDIR, -ENOMEM; a removed directory
 * lists as empty.
 */
int ldm_sysfs_readdir(struct ldm_sysfs_node *node,
		      int (*fill)(const char *name, const struct ldm_sysfs_stat *st, void *data),
		      void *data)
{
	struct sysfs_dirent *dir = to_sd(node);
	struct dirent_snap *snap;
	struct hlist_node *pos, *tmp;
	unsigned long b;
	size_t n = 0, i;
	int error = 0;

	if (!dir || !fill)
		return -EINVAL;
	if (dir->s_type != LDM_SYSFS_DIR)
		return -ENOTDIR;
	down_read(&sysfs_rwsem);
	snap = kcalloc(dir->s_dir.children.count + 1, sizeof(*snap), GFP_KERNEL);
	if (!snap) {
		up_read(&sysfs_rwsem);
		return -ENOMEM;
	}
	ldm_htable_for_each_safe(&dir->s_dir.children, b, pos, tmp) {
		struct sysfs_dirent *sd = hlist_entry(pos, struct sysfs_dirent, s_hash.node);

		if (error)
			break;
		snap[n].name = kstrdup(sysfs_name(sd), GFP_KERNEL);
		if (!snap[n].name) {
			error = -ENOMEM;
			break;
		}
		snap[n].sd = sysfs_get(sd);
		stat_locked(sd, &snap[n].st);
		n++;
	}
	up_read(&sysfs_rwsem);
	/* The table keeps no order; inode numbers are the order of creation. */
	qsort(snap, n, sizeof(*snap), snap_by_ino);

	for (i = 0; i < n; i++) {
		if (!error && snap[i].sd->s_type == LDM_SYSFS_LINK)
			ldm_sysfs_stat(to_node(snap[i].sd), &snap[i].st);
		if (!error)
			error = fill(snap[i].name, &snap[i].st, data);
		kfree(snap[i].name);
		sysfs_put(snap[i].sd);
	}
	kfree(snap);
	return error;
}

/**
 * ldm_sysfs_readlink - what readlink(2) says of a link
 * @node: the link
 * @buf: filled with the relative path, NUL-terminated
 * @size: room in @buf
 *
 * Return: the length, -EINVAL if @node is not a link, -ENAMETOOLONG.
 */
int ldm_sysfs_readlink(struct ldm_sysfs_node *node, char *buf, size_t size)
{
	struct sysfs_dirent *sd = to_sd(node);

	if (!sd || !buf || sd->s_type != LDM_SYSFS_LINK)
		return -EINVAL;
	return sysfs_link_path(sd, buf, size);
}

/**
 * ldm_sysfs_follow - the directory a link points to
 * @node: the link
 * @ret: the target, referenced
 *
 * Return: 0, -EINVAL if @node is not a link, -ENOENT if the target is gone.
 */
int ldm_sysfs_follow(struct ldm_sysfs_node *node, struct ldm_sysfs_node **ret)
{
	struct sysfs_dirent *link = to_sd(node), *t;

	if (!link || !ret || link->s_type != LDM_SYSFS_LINK)
		return -EINVAL;
	down_read(&sysfs_rwsem);
	t = follow_locked(link);
	if (t)
		*ret = to_node(sysfs_get(t));
	up_read(&sysfs_rwsem);
	return t ? 0 : -ENOENT;
}
