/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sysfs.h - the node of the sysfs tree and what the files of fs/sysfs share.
 */
#ifndef _LDM_FS_SYSFS_H
#define _LDM_FS_SYSFS_H

#include <limits.h>
#include <ldm/kobject.h>
#include <ldm/rwsem.h>
#include <ldm/sysfs.h>
#include <libldm/sysfs.h>

#include "htable.h"

/**
 * DOC: how sysfs.h works
 *
 * Locking. One reader/writer lock, sysfs_rwsem, guards the shape of the tree:
 * parents, names, the children of every directory. Look-ups and listings
 * take it shared, every change exclusive. No show()/store() ever runs under
 * it.
 *
 * Lifetimes. s_count keeps the node's memory: the tree holds one reference
 * for as long as the node is linked, each child one on its parent, the
 * kobject one on its directory (kobj->dentry), a link one on its target, and
 * every caller of the path-level API one per node it holds.
 *
 * Active references. I/O into a kobject (show, store, read, write) runs under
 * an active reference, s_active. Removal first deactivates the node (adds
 * SD_DEACTIVATED_BIAS, after which no new active reference is granted, so
 * later I/O gets -ENODEV) and then waits until the active references already
 * granted are dropped; only then may the kobject go away. A thread that
 * removes a node it is itself inside (a store() that removes its own file or
 * kobject) does not wait for itself: each thread keeps a short list of the
 * active references it holds.
 */

#define SD_DEACTIVATED_BIAS INT_MIN

/* s_flags */
#define SD_REMOVED 0x1
#define SD_STABLE \
	0x2 /* the attribute's LDM_ATTR_STABLE, kept: s_attr
					 * may be gone with its module once removed */

/*
 * A node is allocated to the size its kind needs (a file has no directory
 * part) with its name right after it: a bound platform device has nine of
 * them, so every byte here counts nine times (docs/bench.md). Only a
 * directory can be renamed, and only a directory's kobject differs from its
 * parent's: a file or a link keeps neither pointer, its name being inline
 * and its kobject its directory's (sysfs_name(), sysfs_kobj()).
 */
struct sysfs_dirent {
	atomic_t s_count;
	atomic_t s_active;
	atomic_t s_drained; /* its remover has drained it, and all below */
	u8 s_type;	    /* enum ldm_sysfs_type */
	u8 s_flags;
	u16 s_mode; /* S_IFxxx | permissions */
	struct sysfs_dirent *s_parent;
	struct ldm_hnode s_hash; /* in the parent's s_dir.children; once
					 * removed, on its remover's list */
	unsigned long s_ino;	 /* creation order, which listings follow */
	u64 s_mtime;		 /* nanoseconds since the epoch */
	union {			 /* must stay last: sized by kind */
		struct {
			char *name;	      /* inline after the node, or allocated by rename */
			struct kobject *kobj; /* the kobject whose I/O its files are */
			struct ldm_htable children;
			unsigned int subdirs;
		} s_dir;
		const struct attribute *s_attr;
		struct bin_attribute *s_bin_attr;
		struct sysfs_dirent *s_target; /* a link's target directory */
	};
};

/* The bytes a node of @type has, up to where its name starts. */
static inline size_t sysfs_dirent_head(unsigned int type)
{
	if (type == LDM_SYSFS_DIR)
		return offsetof(struct sysfs_dirent, s_dir) +
		       sizeof(((struct sysfs_dirent *)0)->s_dir);
	return offsetof(struct sysfs_dirent, s_dir) + sizeof(void *);
}

/**
 * sysfs_name - a node's name; a directory's under sysfs_rwsem (rename)
 * @sd: the node
 */
static inline const char *sysfs_name(const struct sysfs_dirent *sd)
{
	if (sd->s_type == LDM_SYSFS_DIR)
		return sd->s_dir.name;
	return (const char *)sd + sysfs_dirent_head(sd->s_type);
}

/**
 * sysfs_kobj - the kobject whose I/O a node is: a directory's own, or a
 * file's directory's (a node holds its parent while it lives)
 * @sd: the node
 */
static inline struct kobject *sysfs_kobj(const struct sysfs_dirent *sd)
{
	if (sd->s_type == LDM_SYSFS_DIR)
		return sd->s_dir.kobj;
	return sd->s_parent ? sd->s_parent->s_dir.kobj : NULL;
}

extern struct rw_semaphore sysfs_rwsem;
extern struct sysfs_dirent *sysfs_root;

/*
 * The host's handle of a node (<libldm/sysfs.h>) is the node itself, under
 * a name of the host API's own, so that the host API names no kernel
 * struct: these two convert at the boundary.
 */
static inline struct sysfs_dirent *to_sd(struct ldm_sysfs_node *node)
{
	return (struct sysfs_dirent *)node;
}

static inline struct ldm_sysfs_node *to_node(struct sysfs_dirent *sd)
{
	return (struct ldm_sysfs_node *)sd;
}

/* dir.c */
struct sysfs_dirent *sysfs_get(struct sysfs_dirent *sd);
void sysfs_put(struct sysfs_dirent *sd);
int sysfs_validate_name(const char *name);
struct sysfs_dirent *sysfs_new_dirent(const char *name, enum ldm_sysfs_type type, mode_t mode,
				      struct kobject *kobj);
int sysfs_add_one(struct sysfs_dirent *parent, struct sysfs_dirent *sd);
struct sysfs_dirent *sysfs_find_locked(struct sysfs_dirent *parent, const char *name);
void sysfs_remove_sd(struct sysfs_dirent *sd);
int sysfs_remove_name(struct sysfs_dirent *parent, const char *name);
int sysfs_create_subdir(struct kobject *kobj, const char *name, struct sysfs_dirent **ret);
struct sysfs_dirent *sysfs_get_kobj_dir(struct kobject *kobj);
void sysfs_touch(struct sysfs_dirent *sd);
size_t sysfs_dirent_mem(struct sysfs_dirent *sd);

/* notify.c */
unsigned long sysfs_event(const struct sysfs_dirent *sd);
unsigned long sysfs_wait_event(struct sysfs_dirent *sd, unsigned long seen, int timeout_ms);
bool sysfs_removed(struct sysfs_dirent *sd);
void sysfs_notify_forget(const struct sysfs_dirent *sd);
void sysfs_notify_removed(struct sysfs_dirent *sd);

/* active.c */
bool sysfs_get_active(struct sysfs_dirent *sd);
void sysfs_put_active(struct sysfs_dirent *sd);
void sysfs_deactivate(struct sysfs_dirent *sd);
void sysfs_drain(struct sysfs_dirent *sd);
void sysfs_mark_drained(struct sysfs_dirent *sd);
void sysfs_wait_drained(struct sysfs_dirent *sd);

/* file.c */
int sysfs_add_file(struct sysfs_dirent *dir, const struct attribute *attr);
struct sysfs_ops *sysfs_attr_ops(struct kobject *kobj);

/* symlink.c */
int sysfs_link_path(struct sysfs_dirent *link, char *buf, size_t size);

#endif /* _LDM_FS_SYSFS_H */
