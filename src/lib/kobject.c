// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kobject.c - kobjects, ksets and subsystems (lib/kobject.c of 2.6.9).
 *
 * Beside 2.6.9: every initialized kobject is on a list of live kobjects, so
 * that ldm_exit() can name what was never released; kobject_add() rejects
 * bad names, and an error in it leaves the kobject as it found it (2.6.9 kept
 * a parent pointer whose reference it had dropped).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>
#include <ldm/slab.h>

#include "boot.h"
#include "unload.h"

/* ldm_flags */
#define KOBJ_LIVE	0x1 /* on live_kobjects */
#define KOBJ_ADDED	0x2 /* between kobject_add() and kobject_del() */
#define KOBJ_KSET	0x4 /* the kobject embedded in a kset */
#define KOBJ_PARENT_REF 0x8 /* holds the reference on parent that kobject_add() took */

static LIST_HEAD(live_kobjects);
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;

/* The lock of a kset's list: its subsystem's, or one for ksets without. */
static DECLARE_RWSEM(orphan_kset_rwsem);

/* Names change under it (kobject_rename() of an added kobject frees the old
 * one) and kobject_get_path() reads the names of all the ancestors under it. */
static DECLARE_RWSEM(kobj_name_rwsem);

static struct rw_semaphore *kset_rwsem(struct kset *kset)
{
	return kset->subsys ? &kset->subsys->rwsem : &orphan_kset_rwsem;
}

static int populate_dir(struct kobject *kobj)
{
	struct kobj_type *t = get_ktype(kobj);
	struct attribute *attr;
	int error = 0;
	int i;

	if (t && t->default_attrs) {
		for (i = 0; (attr = t->default_attrs[i]) != NULL; i++) {
			error = sysfs_create_file(kobj, attr);
			if (error)
				break;
		}
	}
	return error;
}

static int create_dir(struct kobject *kobj)
{
	int error;

	error = sysfs_create_dir(kobj);
	if (!error) {
		error = populate_dir(kobj);
		if (error)
			sysfs_remove_dir(kobj);
	}
	return error;
}

/* The length of @kobj's path with its NUL, or 0 if an ancestor has no name. */
static size_t get_kobj_path_length(struct kobject *kobj)
{
	size_t length = 1;
	struct kobject *parent;

	for (parent = kobj; parent; parent = parent->parent) {
		if (!kobject_name(parent))
			return 0;
		length += strlen(kobject_name(parent)) + 1;
	}
	return length;
}

static void fill_kobj_path(struct kobject *kobj, char *path, size_t length)
{
	struct kobject *parent;

	--length;
	for (parent = kobj; parent; parent = parent->parent) {
		size_t cur = strlen(kobject_name(parent));

		length -= cur;
		memcpy(path + length, kobject_name(parent), cur);
		*(path + --length) = '/';
	}
}

/**
 * kobject_get_path - the path of a kobject in the tree, e.g. "/kernel/foo"
 * @kset: unused, kept for the 2.6.9 signature
 * @kobj: the kobject
 * @gfp_mask: allocation context
 *
 * Return: the path, which the caller frees with kfree(), or NULL.
 */
char *kobject_get_path(struct kset *kset, struct kobject *kobj, int gfp_mask)
{
	size_t len;
	char *path;

	(void)kset;
	if (!kobj)
		return NULL;
	/* Both passes see the same names, though an ancestor is renamed meanwhile. */
	down_read(&kobj_name_rwsem);
	path = NULL;
	len = get_kobj_path_length(kobj);
	if (len) {
		path = kzalloc(len, (gfp_t)gfp_mask);
		if (path)
			fill_kobj_path(kobj, path, len);
	}
	up_read(&kobj_name_rwsem);
	return path;
}
EXPORT_SYMBOL_GPL(kobject_get_path);

/* Whether @kobj is on live_kobjects; under live_lock. Only asked when its
 * flags say so, which uninitialized memory may also say. */
static bool on_live_list(struct kobject *kobj)
{
	struct kobject *pos;

	list_for_each_entry(pos, &live_kobjects, ldm_live)
		if (pos == kobj)
			return true;
	return false;
}

/**
 * kobject_init - initialize a kobject: count one, take its kset
 * @kobj: the kobject, zeroed or with name, parent, kset, ktype set
 */
void kobject_init(struct kobject *kobj)
{
	if (!kobj)
		return;
	pthread_mutex_lock(&live_lock);
	if ((kobj->ldm_flags & KOBJ_LIVE) && on_live_list(kobj)) {
		/* As modern Linux: complain, and initialize again all the same. */
		printk(KERN_ERR "kobject '%s' (%p): tried to init an initialized object\n",
		       kobj->name, (void *)kobj);
		dump_stack();
	} else {
		kobj->ldm_flags = KOBJ_LIVE;
		list_add_tail(&kobj->ldm_live, &live_kobjects);
	}
	pthread_mutex_unlock(&live_lock);

	kref_init(&kobj->kref);
	INIT_LIST_HEAD(&kobj->entry);
	kobj->dentry = NULL;
	kobj->kset = kset_get(kobj->kset);
}
EXPORT_SYMBOL_GPL(kobject_init);

/* Take @kobj off its kset's list and drop the reference kobject_add() took. */
static void unlink(struct kobject *kobj)
{
	if (kobj->kset) {
		struct rw_semaphore *sem = kset_rwsem(kobj->kset);

		down_write(sem);
		list_del_init(&kobj->entry);
		up_write(sem);
	}
	kobject_put(kobj);
}

/**
 * kobject_add - add a kobject to the hierarchy: its directory, its default
 * attributes, its kset's list, and an "add" hotplug event
 * @kobj: the kobject, initialized and named
 *
 * The parent is @kobj->parent or, if none, its kset's kobject, or else the
 * root of the tree.
 *
 * Return: 0; -ENOENT for a NULL kobject, -EINVAL for a missing or invalid
 * name, -EEXIST when the parent has a child of that name or @kobj is added
 * already, -ENOMEM. On error the kobject is as before the call and the caller
 * drops it with kobject_put().
 */
int kobject_add(struct kobject *kobj)
{
	struct kobject *parent, *given_parent;
	int error;

	if (!(kobj = kobject_get(kobj)))
		return -ENOENT;
	/* Added already: linking its entry again would corrupt its kset's list. */
	if (kobj->ldm_flags & KOBJ_ADDED) {
		kobject_put(kobj);
		return -EEXIST;
	}
	if (!kobj->k_name)
		kobj->k_name = kobj->name;
	if (!*kobj->k_name) {
		kobject_put(kobj);
		return -EINVAL;
	}
	given_parent = kobj->parent;
	parent = kobject_get(kobj->parent);

	pr_debug("kobject %s: registering. parent: %s, set: %s\n", kobject_name(kobj),
		 parent ? kobject_name(parent) : "<NULL>",
		 kobj->kset ? kobject_name(&kobj->kset->kobj) : "<NULL>");

	if (kobj->kset) {
		struct rw_semaphore *sem = kset_rwsem(kobj->kset);

		down_write(sem);
		if (!parent)
			parent = kobject_get(&kobj->kset->kobj);
		list_add_tail(&kobj->entry, &kobj->kset->list);
		up_write(sem);
	}
	kobj->parent = parent;

	error = create_dir(kobj);
	if (error) {
		kobj->parent = given_parent;
		kobject_put(parent);
		unlink(kobj);
		return error;
	}
	kobj->ldm_flags |= KOBJ_ADDED | KOBJ_PARENT_REF;
	if (!(kobj->ldm_flags & LDM_KOBJ_DEFER_ADD))
		kobject_hotplug("add", kobj);
	return 0;
}
EXPORT_SYMBOL_GPL(kobject_add);

/**
 * kobject_hotplug_deferred_add - raise the "add" event kobject_add() left
 * to the owner (LDM_KOBJ_DEFER_ADD), now that the object's files are there
 * @kobj: the kobject, added
 */
void kobject_hotplug_deferred_add(struct kobject *kobj)
{
	if (!kobj || !(kobj->ldm_flags & LDM_KOBJ_DEFER_ADD))
		return;
	kobj->ldm_flags &= ~LDM_KOBJ_DEFER_ADD;
	kobject_hotplug("add", kobj);
}
EXPORT_SYMBOL_GPL(kobject_hotplug_deferred_add);

/**
 * kobject_register - initialize and add a kobject
 * @kobj: the kobject
 *
 * Return: as kobject_add(), or -EINVAL for NULL. On error the caller still
 * holds the reference of kobject_init() and drops it with kobject_put().
 */
int kobject_register(struct kobject *kobj)
{
	int error;

	if (!kobj)
		return -EINVAL;
	kobject_init(kobj);
	error = kobject_add(kobj);
	if (error) {
		printk("kobject_register failed for %s (%d)\n", kobject_name(kobj), error);
		dump_stack();
	}
	return error;
}
EXPORT_SYMBOL_GPL(kobject_register);

/**
 * kobject_set_name - set the name of a kobject
 * @kobj: the kobject
 * @fmt: printf format of the name
 *
 * A name shorter than KOBJ_NAME_LEN lives in @kobj->name, a longer one is
 * allocated. Renaming an added kobject is kobject_rename()'s job.
 * Return: 0, -ENOMEM, or -EINVAL for a bad format.
 */
int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
{
	char small[KOBJ_NAME_LEN];
	char *name, *old = NULL;
	va_list args;
	int need;

	va_start(args, fmt);
	need = vsnprintf(small, sizeof(small), fmt, args);
	va_end(args);
	if (need < 0)
		return -EINVAL;
	if (need < KOBJ_NAME_LEN) {
		name = NULL;
	} else {
		va_start(args, fmt);
		name = kvasprintf(GFP_KERNEL, fmt, args);
		va_end(args);
		if (!name)
			return -ENOMEM;
	}
	/* Freed once no kobject_get_path() can be reading it. */
	down_write(&kobj_name_rwsem);
	if (kobj->k_name && kobj->k_name != kobj->name)
		old = kobj->k_name;
	if (name) {
		kobj->k_name = name;
	} else {
		memcpy(kobj->name, small, sizeof(small));
		kobj->k_name = kobj->name;
	}
	up_write(&kobj_name_rwsem);
	kfree(old);
	return 0;
}
EXPORT_SYMBOL_GPL(kobject_set_name);

/**
 * kobject_rename - change the name of a kobject and of its directory
 * @kobj: the kobject
 * @new_name: the new name
 *
 * Return: as sysfs_rename_dir().
 */
int kobject_rename(struct kobject *kobj, char *new_name)
{
	int error;

	kobj = kobject_get(kobj);
	if (!kobj)
		return -EINVAL;
	error = sysfs_rename_dir(kobj, new_name);
	kobject_put(kobj);
	return error;
}
EXPORT_SYMBOL_GPL(kobject_rename);

/**
 * kobject_del - take a kobject out of the hierarchy: a "remove" hotplug
 * event (if its "add" was raised), its directory, its kset's list
 * @kobj: the kobject
 *
 * Returns once no show() or store() of the kobject is running (but the
 * caller's own).
 */
void kobject_del(struct kobject *kobj)
{
	if (!kobj)
		return;
	if (!(kobj->ldm_flags & KOBJ_ADDED)) {
		WARN_ON(!(kobj->ldm_flags & KOBJ_ADDED));
		return;
	}
	/* Never announced (a deferred "add" not raised): nothing to take back. */
	if (!(kobj->ldm_flags & LDM_KOBJ_DEFER_ADD))
		kobject_hotplug("remove", kobj);
	sysfs_remove_dir(kobj);
	kobj->ldm_flags &= ~(KOBJ_ADDED | LDM_KOBJ_DEFER_ADD);
	unlink(kobj);
}
EXPORT_SYMBOL_GPL(kobject_del);

/**
 * kobject_unregister - kobject_del() and drop the reference of kobject_init()
 * @kobj: the kobject
 */
void kobject_unregister(struct kobject *kobj)
{
	if (!kobj)
		return;
	pr_debug("kobject %s: unregistering\n", kobject_name(kobj));
	kobject_del(kobj);
	kobject_put(kobj);
}
EXPORT_SYMBOL_GPL(kobject_unregister);

/**
 * kobject_get - take a reference
 * @kobj: the kobject, or NULL
 *
 * Return: @kobj.
 */
struct kobject *kobject_get(struct kobject *kobj)
{
	if (kobj)
		kref_get(&kobj->kref);
	return kobj;
}
EXPORT_SYMBOL_GPL(kobject_get);

/**
 * kobject_cleanup - release a kobject whose last reference is gone: call
 * its release(), then drop its kset and parent
 * @kobj: the kobject
 */
void kobject_cleanup(struct kobject *kobj)
{
	struct kobj_type *t = get_ktype(kobj);
	struct kset *s = kobj->kset;
	/* A parent set by the caller but never added under holds no reference. */
	struct kobject *parent = (kobj->ldm_flags & KOBJ_PARENT_REF) ? kobj->parent : NULL;

	pr_debug("kobject %s: cleaning up\n", kobject_name(kobj));
	pthread_mutex_lock(&live_lock);
	list_del_init(&kobj->ldm_live);
	kobj->ldm_flags &= ~KOBJ_LIVE;
	pthread_mutex_unlock(&live_lock);

	if ((!t || !t->release) && !(kobj->ldm_flags & KOBJ_KSET))
		printk(KERN_ERR "kobject '%s' (%p): does not have a release() function, "
				"it is broken and must be fixed.\n",
		       kobject_name(kobj) ? kobject_name(kobj) : "", (void *)kobj);
	if (kobj->k_name != kobj->name)
		kfree(kobj->k_name);
	kobj->k_name = NULL;
	if (t && t->release)
		t->release(kobj);
	if (s)
		kset_put(s);
	if (parent)
		kobject_put(parent);
}

static void kobject_release(struct kref *kref)
{
	kobject_cleanup(container_of(kref, struct kobject, kref));
}

/**
 * kobject_put - drop a reference; the last one releases the kobject
 * @kobj: the kobject, or NULL
 */
void kobject_put(struct kobject *kobj)
{
	if (kobj)
		kref_put(&kobj->kref, kobject_release);
}
EXPORT_SYMBOL_GPL(kobject_put);

/**
 * kset_init - initialize a kset
 * @k: the kset
 */
void kset_init(struct kset *k)
{
	kobject_init(&k->kobj);
	k->kobj.ldm_flags |= KOBJ_KSET;
	INIT_LIST_HEAD(&k->list);
}

/**
 * kset_add - add a kset's kobject to the hierarchy, under its subsystem
 * when it has no parent and belongs to no kset
 * @k: the kset
 */
int kset_add(struct kset *k)
{
	/* Not its own parent: a registered subsystem's kset points to itself. */
	if (!k->kobj.parent && !k->kobj.kset && k->subsys && &k->subsys->kset != k)
		k->kobj.parent = &k->subsys->kset.kobj;
	return kobject_add(&k->kobj);
}

/**
 * kset_register - initialize and add a kset
 * @k: the kset
 *
 * Return: as kobject_add(). On error the reference of kset_init() is
 * dropped here, so a static kset can be registered again.
 */
int kset_register(struct kset *k)
{
	int error;

	if (!k)
		return -EINVAL;
	kset_init(k);
	error = kset_add(k);
	if (error)
		kset_put(k);
	return error;
}
EXPORT_SYMBOL_GPL(kset_register);

/**
 * kset_unregister - remove a kset
 * @k: the kset
 */
void kset_unregister(struct kset *k)
{
	if (k)
		kobject_unregister(&k->kobj);
}
EXPORT_SYMBOL_GPL(kset_unregister);

/**
 * kset_find_obj - find a member of a kset by name
 * @kset: the kset
 * @name: the member's name
 *
 * Return: the member with a reference taken, or NULL.
 */
struct kobject *kset_find_obj(struct kset *kset, const char *name)
{
	struct rw_semaphore *sem;
	struct kobject *k, *ret = NULL;

	if (!kset || !name)
		return NULL;
	sem = kset_rwsem(kset);
	down_read(sem);
	list_for_each_entry(k, &kset->list, entry) {
		if (kobject_name(k) && !strcmp(kobject_name(k), name)) {
			ret = kobject_get(k);
			break;
		}
	}
	up_read(sem);
	return ret;
}
EXPORT_SYMBOL_GPL(kset_find_obj);

/**
 * subsystem_init - initialize a subsystem: its lock and its kset
 * @s: the subsystem
 */
void subsystem_init(struct subsystem *s)
{
	init_rwsem(&s->rwsem);
	kset_init(&s->kset);
}
EXPORT_SYMBOL_GPL(subsystem_init);

/**
 * subsystem_register - initialize and add a subsystem
 * @s: the subsystem
 *
 * Return: as kobject_add(). On error the reference of subsystem_init() is
 * dropped here, as kset_register() does.
 */
int subsystem_register(struct subsystem *s)
{
	int error;

	if (!s)
		return -EINVAL;
	subsystem_init(s);
	pr_debug("subsystem %s: registering\n", s->kset.kobj.name);
	error = kset_add(&s->kset);
	if (!error) {
		if (!s->kset.subsys)
			s->kset.subsys = s;
	} else {
		kset_put(&s->kset);
	}
	return error;
}
EXPORT_SYMBOL_GPL(subsystem_register);

/**
 * subsystem_unregister - remove a subsystem
 * @s: the subsystem
 */
void subsystem_unregister(struct subsystem *s)
{
	if (!s)
		return;
	pr_debug("subsystem %s: unregistering\n", s->kset.kobj.name);
	kset_unregister(&s->kset);
}
EXPORT_SYMBOL_GPL(subsystem_unregister);

/**
 * subsys_create_file - create an attribute file of a subsystem
 * @s: the subsystem
 * @a: the attribute; its show()/store() get the subsystem
 *
 * Return: 0, or -EINVAL for a subsystem that is not registered (2.6.9 took
 * a reference on it anyway and crashed releasing it), or sysfs's error.
 */
/* Whether @s was registered and not yet released: a reference may be taken. */
static bool subsys_live(struct subsystem *s)
{
	return s && kref_read(&s->kset.kobj.kref) > 0;
}

int subsys_create_file(struct subsystem *s, struct subsys_attribute *a)
{
	int error = -EINVAL;

	if (subsys_live(s) && a && subsys_get(s)) {
		error = sysfs_create_file(&s->kset.kobj, &a->attr);
		subsys_put(s);
	}
	return error;
}
EXPORT_SYMBOL_GPL(subsys_create_file);

/**
 * subsys_remove_file - remove an attribute file of a subsystem
 * @s: the subsystem
 * @a: the attribute
 */
void subsys_remove_file(struct subsystem *s, struct subsys_attribute *a)
{
	if (subsys_live(s) && a && subsys_get(s)) {
		sysfs_remove_file(&s->kset.kobj, &a->attr);
		subsys_put(s);
	}
}
EXPORT_SYMBOL_GPL(subsys_remove_file);

/**
 * kobject_forget_range - let go of the kobjects a module leaves in its memory
 * @start: the module's memory, about to be unmapped
 * @size: its size
 * @owner: the module's name, for the report
 *
 * A module may initialize a kobject in its own memory and never put it
 * (2.6.9's firmware sample driver does so with a static struct device: on
 * 2.6.9 that only leaks a reference on its kset). Each one still live is
 * named as a leak of @owner and taken off the list of live kobjects, so
 * that nothing touches it once the memory is gone; one never added to the
 * tree also drops the reference kobject_init() took on its kset, as its
 * release would have.
 * Return: how many there were.
 */
unsigned int kobject_forget_range(const void *start, size_t size, const char *owner)
{
	struct kobject *kobj, *next;
	struct kset *ksets[16];
	unsigned int n = 0, nk = 0, i;

	pthread_mutex_lock(&live_lock);
	list_for_each_entry_safe(kobj, next, &live_kobjects, ldm_live) {
		if ((uintptr_t)kobj - (uintptr_t)start >= size)
			continue;
		printk(KERN_ERR "%s: module unloaded with kobject '%s' (%p) in its memory, "
				"refcount %u: never released\n",
		       owner,
		       kobject_name(kobj) && *kobject_name(kobj) ? kobject_name(kobj) : "(no name)",
		       (void *)kobj, kref_read(&kobj->kref));
		list_del_init(&kobj->ldm_live);
		if (!(kobj->ldm_flags & KOBJ_ADDED) && kobj->kset && nk < ARRAY_SIZE(ksets))
			ksets[nk++] = kobj->kset;
		kobj->ldm_flags &= ~KOBJ_LIVE;
		n++;
	}
	pthread_mutex_unlock(&live_lock);
	for (i = 0; i < nk; i++)
		kset_put(ksets[i]);
	return n;
}

/**
 * kobject_report_live - print one line per kobject not yet released
 *
 * Return: how many there were.
 */
unsigned int kobject_report_live(void)
{
	struct kobject *kobj;
	unsigned int n = 0;

	pthread_mutex_lock(&live_lock);
	list_for_each_entry(kobj, &live_kobjects, ldm_live) {
		char *path = kobject_get_path(NULL, kobj, GFP_KERNEL);

		fprintf(stderr, "ldm: kobject '%s' still alive at exit: path %s, refcount %u\n",
			kobject_name(kobj) ? kobject_name(kobj) : kobj->name,
			path ? path : "(none)", kref_read(&kobj->kref));
		kfree(path);
		n++;
	}
	pthread_mutex_unlock(&live_lock);
	return n;
}
