/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/kobject.h> - kobject, kset and subsystem, as lib/kobject.c of Linux
 * 2.6.9, and the hotplug events they raise.
 *
 * Lifetime rules, unchanged from the kernel: kobject_init() sets the count
 * to one; the last kobject_put() calls the ktype's release(), exactly once;
 * a kobject holds a reference on its parent and on its kset until then.
 * Read Documentation/kobject.txt of 2.6.9; everything there holds here.
 */
#ifndef _LDM_KOBJECT_H
#define _LDM_KOBJECT_H

#include <ldm/compiler.h>
#include <ldm/err.h>
#include <ldm/kref.h>
#include <ldm/list.h>
#include <ldm/rwsem.h>
#include <ldm/sysfs.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

#define KOBJ_NAME_LEN 20

struct kobject {
	char *k_name;
	char name[KOBJ_NAME_LEN];
	struct kref kref;
	struct list_head entry;
	struct kobject *parent;
	struct kset *kset;
	struct kobj_type *ktype;
	struct sysfs_dirent *dentry; /* the sysfs directory, NULL if none */
	/* ldm additions, not part of the 2.6.9 structure */
	struct list_head ldm_live; /* on the runtime's list of live kobjects */
	unsigned int ldm_flags;
};

/*
 * ldm_flags an owner may set between kobject_init() and kobject_add():
 * LDM_KOBJ_DEFER_ADD - kobject_add() raises no "add" event; the owner raises
 * it with kobject_hotplug_deferred_add() once the object's files are there,
 * as modern Linux's device_add() does (kobject_del() raises "remove" only if
 * "add" was raised).
 */
#define LDM_KOBJ_DEFER_ADD 0x10000

int kobject_set_name(struct kobject *kobj, const char *fmt, ...) __printf(2, 3);

static inline char *kobject_name(struct kobject *kobj)
{
	return kobj->k_name;
}

void kobject_init(struct kobject *kobj);
void kobject_cleanup(struct kobject *kobj);

int kobject_add(struct kobject *kobj);
void kobject_del(struct kobject *kobj);

int kobject_rename(struct kobject *kobj, char *new_name);

int kobject_register(struct kobject *kobj);
void kobject_unregister(struct kobject *kobj);

struct kobject *kobject_get(struct kobject *kobj);
void kobject_put(struct kobject *kobj);

void kobject_hotplug(const char *action, struct kobject *kobj);
/* Modern Linux: an event with variables of the caller's; a hotplug() helper. */
void kobject_hotplug_env(const char *action, struct kobject *kobj, char *envp_ext[]);
void kobject_hotplug_deferred_add(struct kobject *kobj);
int add_hotplug_env_var(char **envp, int num_envp, int *cur_index, char *buffer, int buffer_size,
			int *cur_len, const char *format, ...) __printf(7, 8);

char *kobject_get_path(struct kset *kset, struct kobject *kobj, int gfp_mask);

struct kobj_type {
	void (*release)(struct kobject *kobj);
	struct sysfs_ops *sysfs_ops;
	struct attribute **default_attrs;
};

/**
 * struct kset_hotplug_ops - how a kset shapes the hotplug events of its
 * members
 * @filter: return 0 to suppress the event for @kobj
 * @name: the subsystem name (argv[1] of the helper, SUBSYSTEM=); NULL for
 *        the kset's own name
 * @hotplug: add variables: fill @envp (at most @num_envp entries, the list
 *           NULL-terminated) with strings placed in @buffer (@buffer_size
 *           bytes); a non-zero return drops the event
 */
struct kset_hotplug_ops {
	int (*filter)(struct kset *kset, struct kobject *kobj);
	char *(*name)(struct kset *kset, struct kobject *kobj);
	int (*hotplug)(struct kset *kset, struct kobject *kobj, char **envp, int num_envp,
		       char *buffer, int buffer_size);
};

struct kset {
	struct subsystem *subsys;
	struct kobj_type *ktype;
	struct list_head list;
	struct kobject kobj;
	struct kset_hotplug_ops *hotplug_ops;
};

void kset_init(struct kset *k);
int kset_add(struct kset *k);
int kset_register(struct kset *k);
void kset_unregister(struct kset *k);

static inline struct kset *to_kset(struct kobject *kobj)
{
	return kobj ? container_of(kobj, struct kset, kobj) : NULL;
}

static inline struct kset *kset_get(struct kset *k)
{
	return k ? to_kset(kobject_get(&k->kobj)) : NULL;
}

static inline void kset_put(struct kset *k)
{
	kobject_put(&k->kobj);
}

static inline struct kobj_type *get_ktype(struct kobject *k)
{
	if (k->kset && k->kset->ktype)
		return k->kset->ktype;
	return k->ktype;
}

struct kobject *kset_find_obj(struct kset *kset, const char *name);

/* Use this when initializing an embedded kset with no other fields to set. */
#define set_kset_name(str) .kset = { .kobj = { .name = str } }

struct subsystem {
	struct kset kset;
	struct rw_semaphore rwsem;
};

#define decl_subsys(_name, _type, _hotplug_ops) \
	struct subsystem _name##_subsys = { .kset = { \
						    .kobj = { .name = __stringify(_name) }, \
						    .ktype = _type, \
						    .hotplug_ops = _hotplug_ops, \
					    } }

#define decl_subsys_name(_varname, _name, _type, _hotplug_ops) \
	struct subsystem _varname##_subsys = { .kset = { \
						       .kobj = { .name = __stringify(_name) }, \
						       .ktype = _type, \
						       .hotplug_ops = _hotplug_ops, \
					       } }

/* Make @obj's embedded kobject a member of @subsys's kset. */
#define kobj_set_kset_s(obj, subsys)  (obj)->kobj.kset = &(subsys).kset
/* Make @obj's embedded kset a member of @subsys's kset. */
#define kset_set_kset_s(obj, subsys)  (obj)->kset.kobj.kset = &(subsys).kset
/* Make @obj's embedded subsystem a member of @_subsys's kset. */
#define subsys_set_kset(obj, _subsys) (obj)->subsys.kset.kobj.kset = &(_subsys).kset

void subsystem_init(struct subsystem *s);
int subsystem_register(struct subsystem *s);
void subsystem_unregister(struct subsystem *s);

static inline struct subsystem *subsys_get(struct subsystem *s)
{
	return s ? container_of(kset_get(&s->kset), struct subsystem, kset) : NULL;
}

static inline void subsys_put(struct subsystem *s)
{
	kset_put(&s->kset);
}

struct subsys_attribute {
	struct attribute attr;
	ssize_t (*show)(struct subsystem *s, char *buf);
	ssize_t (*store)(struct subsystem *s, const char *buf, size_t count);
};

int subsys_create_file(struct subsystem *s, struct subsys_attribute *a);
void subsys_remove_file(struct subsystem *s, struct subsys_attribute *a);

#pragma GCC visibility pop

#endif /* _LDM_KOBJECT_H */
