/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/sysfs.h> - the sysfs tree: the kernel API of fs/sysfs in Linux 2.6.9.
 * Walking the tree and doing I/O on it as a process does on /sys is the
 * host API's, <libldm/sysfs.h>.
 */
#ifndef _LDM_SYSFS_H
#define _LDM_SYSFS_H

#include <sys/stat.h>
#include <time.h>
#include <ldm/compiler.h>
#include <ldm/err.h>
#include <ldm/export.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct kobject;
struct module;
struct sysfs_dirent;

struct attribute {
	char *name;
	struct module *owner;
	mode_t mode;
	/* ldm addition (in what was padding): LDM_ATTR_* */
	unsigned int ldm_flags;
};

/*
 * LDM_ATTR_STABLE: the attribute's content changes only through its own
 * store() or together with a sysfs_notify() of it, so a front end may
 * cache what show() gave between those (ldmd's mount lets the kernel's
 * page cache serve it). Never for a value that moves by itself.
 */
#define LDM_ATTR_STABLE 0x1

struct attribute_group {
	char *name;
	struct attribute **attrs;
};

#define __ATTR(_name, _mode, _show, _store) \
	{ \
		.attr = { .name = __stringify(_name), .mode = _mode, .owner = THIS_MODULE }, \
		.show = _show, .store = _store, \
	}

#define __ATTR_RO(_name) \
	{ \
		.attr = { .name = __stringify(_name), .mode = 0444, .owner = THIS_MODULE }, \
		.show = _name##_show, \
	}

#define __ATTR_NULL \
	{ \
		.attr = {.name = NULL } \
	}

#define attr_name(_attr) (_attr).attr.name

struct bin_attribute {
	struct attribute attr;
	size_t size;
	ssize_t (*read)(struct kobject *kobj, char *buf, loff_t off, size_t count);
	ssize_t (*write)(struct kobject *kobj, char *buf, loff_t off, size_t count);
};

struct sysfs_ops {
	ssize_t (*show)(struct kobject *kobj, struct attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct attribute *attr, const char *buf,
			 size_t count);
};

int sysfs_create_dir(struct kobject *kobj);
void sysfs_remove_dir(struct kobject *kobj);
int sysfs_rename_dir(struct kobject *kobj, const char *new_name);

int sysfs_create_file(struct kobject *kobj, const struct attribute *attr);
int sysfs_update_file(struct kobject *kobj, const struct attribute *attr);
void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);

int sysfs_create_link(struct kobject *kobj, struct kobject *target, char *name);
void sysfs_remove_link(struct kobject *kobj, char *name);

int sysfs_create_bin_file(struct kobject *kobj, struct bin_attribute *attr);
int sysfs_remove_bin_file(struct kobject *kobj, struct bin_attribute *attr);

int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);

/* Modern Linux (2.6.16), not 2.6.9: wake the pollers of an attribute. */
void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr);

#pragma GCC visibility pop

#endif /* _LDM_SYSFS_H */
