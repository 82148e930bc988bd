// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * char_dev.c - character devices (fs/char_dev.c of 2.6.9): ranges of
 * device numbers registered under a name (register_chrdev_region(),
 * alloc_chrdev_region(), /proc/devices), cdevs that bind a range to a
 * file_operations (cdev_add()), and register_chrdev(), which does both for
 * a whole major. Files are opened by number through chrdev_file.c.
 *
 * What ldm adds: a cdev deleted while files are open has their release
 * methods called then (see char_dev.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/cdev.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kdev_t.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>
#include <ldm/slab.h>
#include <libldm/sysfs.h>
#include <sys/stat.h>

#include "boot.h"
#include "char_dev.h"
#include "devfs.h"
#include "grow.h"
#include "devnode.h"

#define HELD_MAX       8
#define MAX_PROBE_HASH 255 /* majors 1-254 may be given dynamically */

/**
 * struct char_device_struct - a registered range of numbers
 * @next: the next range of the same major, by first minor
 * @major: its major
 * @baseminor: its first minor
 * @minorct: how many minors
 * @name: the name /proc/devices shows (a copy)
 * @cdev: the cdev register_chrdev() made for it, or NULL
 */
struct char_device_struct {
	struct char_device_struct *next;
	unsigned int major;
	unsigned int baseminor;
	unsigned int minorct;
	char *name;
	struct cdev *cdev;
};

/* The ranges, by major modulo the table's size; guarded by chrdevs_lock. */
static struct char_device_struct *chrdevs[MAX_PROBE_HASH];
static pthread_mutex_t chrdevs_lock = PTHREAD_MUTEX_INITIALIZER;

/* The added cdevs' nodes, for the look-up by number; guarded by map_lock. */
static LIST_HEAD(cdev_map);
static pthread_mutex_t map_lock = PTHREAD_MUTEX_INITIALIZER;

/* The active references this thread holds, so draining never waits on itself. */
static __thread struct ldm_chrdev_node *held[HELD_MAX];
static __thread unsigned int nheld;

static int major_to_index(unsigned int major)
{
	return (int)(major % MAX_PROBE_HASH);
}

/*
 * Register minors [@baseminor, @baseminor + @minorct) of @major; major 0
 * takes the highest free of 254 down to 1 (2.6.9's choice).
 */
static struct char_device_struct *__register_chrdev_region(unsigned int major,
							   unsigned int baseminor,
							   unsigned int minorct, const char *name)
{
	struct char_device_struct *cd, **cp;
	int ret = 0, i;

	if (!name || major >= (1U << (32 - MINORBITS)) || !minorct ||
	    baseminor + minorct - 1 > MINORMASK || baseminor + minorct < baseminor)
		return ERR_PTR(-EINVAL);
	cd = kzalloc(sizeof(*cd), GFP_KERNEL);
	if (!cd)
		return ERR_PTR(-ENOMEM);
	cd->name = kstrdup(name, GFP_KERNEL);
	if (!cd->name) {
		kfree(cd);
		return ERR_PTR(-ENOMEM);
	}
	pthread_mutex_lock(&chrdevs_lock);
	if (major == 0) {
		for (i = MAX_PROBE_HASH - 1; i > 0; i--)
			if (!chrdevs[i])
				break;
		if (i == 0) {
			ret = -EBUSY;
			goto out;
		}
		major = (unsigned int)i;
		ret = (int)major;
	}
	cd->major = major;
	cd->baseminor = baseminor;
	cd->minorct = minorct;
	i = major_to_index(major);
	for (cp = &chrdevs[i]; *cp; cp = &(*cp)->next) {
		struct char_device_struct *other = *cp;

		if (other->major == major && other->baseminor < baseminor + minorct &&
		    baseminor < other->baseminor + other->minorct) {
			ret = -EBUSY;
			goto out;
		}
	}
	/* In order of major, then of first minor. */
	for (cp = &chrdevs[i]; *cp; cp = &(*cp)->next)
		if ((*cp)->major > major || ((*cp)->major == major && (*cp)->baseminor > baseminor))
			break;
	cd->next = *cp;
	*cp = cd;
out:
	pthread_mutex_unlock(&chrdevs_lock);
	if (ret < 0) {
		kfree(cd->name);
		kfree(cd);
		return ERR_PTR(ret);
	}
	return cd;
}

static struct char_device_struct *
__unregister_chrdev_region(unsigned int major, unsigned int baseminor, unsigned int minorct)
{
	struct char_device_struct *cd = NULL, **cp;

	pthread_mutex_lock(&chrdevs_lock);
	for (cp = &chrdevs[major_to_index(major)]; *cp; cp = &(*cp)->next)
		if ((*cp)->major == major && (*cp)->baseminor == baseminor &&
		    (*cp)->minorct == minorct)
			break;
	if (*cp) {
		cd = *cp;
		*cp = cd->next;
	}
	pthread_mutex_unlock(&chrdevs_lock);
	return cd;
}

static void free_region(struct char_device_struct *cd)
{
	if (!cd)
		return;
	kfree(cd->name);
	kfree(cd);
}

/**
 * register_chrdev_region - register a range of device numbers
 * @from: the first number
 * @count: how many; the range may run over several majors
 * @name: the driver's name, for /proc/devices
 *
 * Return: 0; -EBUSY if a number of the range is registered already;
 * -EINVAL; -ENOMEM.
 */
int register_chrdev_region(dev_t from, unsigned int count, const char *name)
{
	struct char_device_struct *cd;
	dev_t to = from + count, n, next;

	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		cd = __register_chrdev_region(MAJOR(n), MINOR(n), (unsigned int)(next - n), name);
		if (IS_ERR(cd))
			goto fail;
	}
	return 0;
fail:
	to = n;
	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		free_region(
			__unregister_chrdev_region(MAJOR(n), MINOR(n), (unsigned int)(next - n)));
	}
	return (int)PTR_ERR(cd);
}
EXPORT_SYMBOL(register_chrdev_region);

/**
 * alloc_chrdev_region - register a range of minors of a free major
 * @dev: where the first number goes
 * @baseminor: the first minor
 * @count: how many
 * @name: the driver's name, for /proc/devices
 *
 * Return: 0; -EBUSY if no major is free; -EINVAL; -ENOMEM.
 */
int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count, const char *name)
{
	struct char_device_struct *cd = __register_chrdev_region(0, baseminor, count, name);

	if (IS_ERR(cd))
		return (int)PTR_ERR(cd);
	*dev = MKDEV(cd->major, cd->baseminor);
	return 0;
}
EXPORT_SYMBOL(alloc_chrdev_region);

/**
 * unregister_chrdev_region - give back a range of device numbers
 * @from: its first number
 * @count: how many, as registered
 */
void unregister_chrdev_region(dev_t from, unsigned int count)
{
	dev_t to = from + count, n, next;

	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		free_region(
			__unregister_chrdev_region(MAJOR(n), MINOR(n), (unsigned int)(next - n)));
	}
}
EXPORT_SYMBOL(unregister_chrdev_region);

/**
 * chrdev_get_active - enter a device's driver
 * @node: the device
 *
 * Return: false if the device has been deleted.
 */
bool chrdev_get_active(struct ldm_chrdev_node *node)
{
	int v = atomic_read(&node->active);

	do {
		if (v < 0)
			return false;
	} while (!__atomic_compare_exchange_n(&node->active.counter, &v, v + 1, false,
					      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	if (nheld < HELD_MAX)
		held[nheld] = node;
	nheld++;
	return true;
}

/**
 * chrdev_put_active - leave a driver entered with chrdev_get_active()
 * @node: the device
 */
void chrdev_put_active(struct ldm_chrdev_node *node)
{
	nheld--;
	if (atomic_dec_return(&node->active) >= 0)
		return;
	/* Deleted meanwhile: cdev_del() may be waiting for us. */
	pthread_mutex_lock(&node->lock);
	pthread_cond_broadcast(&node->drained);
	pthread_mutex_unlock(&node->lock);
}

/**
 * chrdev_node_dead - whether a device has been deleted
 * @node: the device
 */
bool chrdev_node_dead(struct ldm_chrdev_node *node)
{
	return atomic_read(&node->active) < 0;
}

static int held_by_me(struct ldm_chrdev_node *node)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < nheld && i < HELD_MAX; i++)
		if (held[i] == node)
			n++;
	return n;
}

/* Wait until no thread but this one is inside the driver of @node. */
static void drain(struct ldm_chrdev_node *node)
{
	int mine = held_by_me(node);

	pthread_mutex_lock(&node->lock);
	while (atomic_read(&node->active) - CHRDEV_DEACTIVATED_BIAS > mine)
		pthread_cond_wait(&node->drained, &node->lock);
	pthread_mutex_unlock(&node->lock);
}

static void node_release(struct kref *kref)
{
	struct ldm_chrdev_node *node = container_of(kref, struct ldm_chrdev_node, kref);

	pthread_mutex_destroy(&node->lock);
	pthread_cond_destroy(&node->drained);
	kfree(node);
}

/**
 * chrdev_node_put - drop a reference on a device's node
 * @node: the node
 */
void chrdev_node_put(struct ldm_chrdev_node *node)
{
	kref_put(&node->kref, node_release);
}

/* Wake the pollers, wait for the calls in progress, release the open files. */
static void kill_files(struct ldm_chrdev_node *node)
{
	struct list_head *pos;

	pthread_mutex_lock(&node->lock);
	list_for_each(pos, &node->files)
		chrdev_file_wake_pollers(chrdev_file_of(pos));
	pthread_mutex_unlock(&node->lock);
	drain(node);
	for (;;) {
		pthread_mutex_lock(&node->lock);
		if (list_empty(&node->files)) {
			pthread_mutex_unlock(&node->lock);
			return;
		}
		pos = node->files.next;
		list_del_init(pos);
		pthread_mutex_unlock(&node->lock);
		chrdev_file_release(chrdev_file_of(pos));
		chrdev_file_put(chrdev_file_of(pos)); /* the list's reference */
	}
}

/**
 * chrdev_lookup - the node of the cdev a number belongs to, for an open
 * @dev: the number
 * @ret: the node, with an active reference and a reference taken
 *
 * The cdev with the smallest range that holds @dev wins, as 2.6.9's
 * kobj_map picks (a misc device's own minor over the misc major).
 * Return: 0, or -ENXIO if no cdev holds @dev (2.6.9's chrdev_open()).
 */
int chrdev_lookup(dev_t dev, struct ldm_chrdev_node **ret)
{
	struct ldm_chrdev_node *node, *best = NULL;
	int err = -ENXIO;

	pthread_mutex_lock(&map_lock);
	list_for_each_entry(node, &cdev_map, entry)
		if (dev >= node->dev && dev - node->dev < node->count &&
		    (!best || node->count < best->count))
			best = node;
	if (best && chrdev_get_active(best)) {
		kref_get(&best->kref);
		*ret = best;
		err = 0;
	}
	pthread_mutex_unlock(&map_lock);
	return err;
}

static void cdev_default_release(struct kobject *kobj)
{
	(void)kobj;
}

static void cdev_dynamic_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct cdev, kobj));
}

static struct kobj_type ktype_cdev_default = { .release = cdev_default_release };
static struct kobj_type ktype_cdev_dynamic = { .release = cdev_dynamic_release };

/**
 * cdev_init - prepare a cdev of the caller's memory
 * @cdev: the cdev
 * @fops: its methods
 */
void cdev_init(struct cdev *cdev, const struct file_operations *fops)
{
	memset(cdev, 0, sizeof(*cdev));
	INIT_LIST_HEAD(&cdev->list);
	cdev->kobj.ktype = &ktype_cdev_default;
	kobject_init(&cdev->kobj);
	cdev->ops = fops;
}
EXPORT_SYMBOL(cdev_init);

/**
 * cdev_alloc - a cdev freed at its last cdev_put() (or cdev_del())
 *
 * Return: the cdev, or NULL when out of memory.
 */
struct cdev *cdev_alloc(void)
{
	struct cdev *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return NULL;
	INIT_LIST_HEAD(&p->list);
	p->kobj.ktype = &ktype_cdev_dynamic;
	kobject_init(&p->kobj);
	return p;
}
EXPORT_SYMBOL(cdev_alloc);

/**
 * cdev_get - a reference on a cdev and its module
 * @p: the cdev
 *
 * Return: its kobject, or NULL if its module is going away.
 */
struct kobject *cdev_get(struct cdev *p)
{
	struct kobject *kobj;

	if (!try_module_get(p->owner))
		return NULL;
	kobj = kobject_get(&p->kobj);
	if (!kobj)
		module_put(p->owner);
	return kobj;
}
EXPORT_SYMBOL(cdev_get);

/**
 * cdev_put - drop a reference taken with cdev_get() (or cdev_alloc())
 * @p: the cdev
 */
void cdev_put(struct cdev *p)
{
	struct module *owner;

	if (!p)
		return;
	owner = p->owner;
	kobject_put(&p->kobj);
	module_put(owner);
}
EXPORT_SYMBOL(cdev_put);

/**
 * cdev_add - make a cdev's numbers open its methods
 * @p: the cdev, set up with cdev_init() or cdev_alloc(), its owner set
 * @dev: its first number
 * @count: how many numbers
 *
 * Return: 0; -EBUSY if @p is added already; -EINVAL without methods or
 * numbers; -ENOMEM.
 */
int cdev_add(struct cdev *p, dev_t dev, unsigned int count)
{
	struct ldm_chrdev_node *node;

	if (!p || !p->ops || !count)
		return -EINVAL;
	if (p->ldm)
		return -EBUSY;
	node = kzalloc(sizeof(*node), GFP_KERNEL);
	if (!node)
		return -ENOMEM;
	kref_init(&node->kref);
	atomic_set(&node->active, 0);
	pthread_mutex_init(&node->lock, NULL);
	pthread_cond_init(&node->drained, NULL);
	INIT_LIST_HEAD(&node->files);
	node->cdev = p;
	node->ops = p->ops;
	node->dev = dev;
	node->count = count;
	p->dev = dev;
	p->count = count;
	p->ldm = node;
	pthread_mutex_lock(&map_lock);
	list_add_tail(&node->entry, &cdev_map);
	pthread_mutex_unlock(&map_lock);
	return 0;
}
EXPORT_SYMBOL(cdev_add);

/**
 * cdev_del - take a cdev's numbers away, and drop the cdev
 * @p: an added cdev (or one only initialized: then it is only dropped)
 *
 * Open files of the cdev have their release method called now, once; from
 * then on every call on them returns -ENODEV. Waits for the calls into the
 * driver in progress (a thread sleeping in ldm_chrdev_poll() is woken),
 * but not for the calling thread's own. When it returns, nothing of the
 * runtime refers to @p, its methods or its module any more; a cdev of
 * cdev_alloc() whose last reference this was is freed.
 */
void cdev_del(struct cdev *p)
{
	struct ldm_chrdev_node *node;

	if (!p)
		return;
	pthread_mutex_lock(&map_lock);
	node = p->ldm;
	if (node) {
		list_del_init(&node->entry);
		atomic_add(CHRDEV_DEACTIVATED_BIAS, &node->active);
	}
	pthread_mutex_unlock(&map_lock);
	if (node) {
		kill_files(node);
		node->cdev = NULL;
		p->ldm = NULL;
		chrdev_node_put(node);
	}
	kobject_put(&p->kobj);
}
EXPORT_SYMBOL(cdev_del);

/**
 * register_chrdev - register a major and its 256 minors for a file_operations
 * @major: the major, or 0 for a free one
 * @name: the driver's name, for /proc/devices
 * @fops: the methods of every minor
 *
 * Return: 0 (the major given, if @major was 0); -EBUSY if the major (or,
 * for 0, every major) is taken; -EINVAL; -ENOMEM.
 */
int register_chrdev(unsigned int major, const char *name, const struct file_operations *fops)
{
	struct char_device_struct *cd;
	struct cdev *cdev;
	int err;

	if (!fops)
		return -EINVAL;
	cd = __register_chrdev_region(major, 0, 256, name);
	if (IS_ERR(cd))
		return (int)PTR_ERR(cd);
	err = -ENOMEM;
	cdev = cdev_alloc();
	if (!cdev)
		goto err_region;
	cdev->owner = fops->owner;
	cdev->ops = fops;
	kobject_set_name(&cdev->kobj, "%s", name);
	err = cdev_add(cdev, MKDEV(cd->major, 0), 256);
	if (err)
		goto err_cdev;
	cd->cdev = cdev;
	return major ? 0 : (int)cd->major;

err_cdev:
	kobject_put(&cdev->kobj);
err_region:
	free_region(__unregister_chrdev_region(cd->major, 0, 256));
	return err;
}
EXPORT_SYMBOL(register_chrdev);

/**
 * unregister_chrdev - give back a major taken with register_chrdev()
 * @major: the major
 * @name: unused, as in 2.6.9
 *
 * Return: 0 (2.6.9 says nothing of a major that was not registered).
 */
int unregister_chrdev(unsigned int major, const char *name)
{
	struct char_device_struct *cd = __unregister_chrdev_region(major, 0, 256);

	(void)name;
	if (cd && cd->cdev)
		cdev_del(cd->cdev);
	free_region(cd);
	return 0;
}
EXPORT_SYMBOL(unregister_chrdev);

struct region_entry {
	unsigned int major, baseminor, count;
	char name[64];
};

/**
 * ldm_chrdev_for_each_region - call a function for each registered range
 * @fn: called with the range's major, first minor, size and name, in
 *	order of major and minor, with no lock held; a non-zero return stops
 *	the walk and is returned
 * @data: passed to @fn
 *
 * Return: 0, the first non-zero return of @fn, or -EINVAL or -ENOMEM.
 */
int ldm_chrdev_for_each_region(int (*fn)(unsigned int major, unsigned int baseminor,
					 unsigned int count, const char *name, void *data),
			       void *data)
{
	struct region_entry *entries = NULL;
	struct char_device_struct *cd;
	size_t n = 0, cap = 0, i;
	unsigned int major;
	int ret = 0;

	if (!fn)
		return -EINVAL;
	pthread_mutex_lock(&chrdevs_lock);
	for (major = 0; major < (1U << (32 - MINORBITS)) && !ret; major++) {
		for (cd = chrdevs[major_to_index(major)]; cd; cd = cd->next) {
			if (cd->major != major)
				continue;
			ret = LDM_GROW(entries, cap, n + 1, 16);
			if (ret)
				break;
			entries[n].major = cd->major;
			entries[n].baseminor = cd->baseminor;
			entries[n].count = cd->minorct;
			snprintf(entries[n].name, sizeof(entries[n].name), "%s", cd->name);
			n++;
		}
	}
	pthread_mutex_unlock(&chrdevs_lock);
	for (i = 0; i < n && !ret; i++)
		ret = fn(entries[i].major, entries[i].baseminor, entries[i].count, entries[i].name,
			 data);
	kfree(entries);
	return ret;
}

/* The walk of /class for device nodes. */
struct node_walk {
	int (*fn)(const char *name, dev_t dev, mode_t mode, void *data);
	void *data;
	dev_t dev;
	char cls[KOBJ_NAME_LEN + 8];
};

#define NODE_MODE (S_IFCHR | 0600)

static int walk_class_dev(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct node_walk *w = ctx;
	unsigned int major, minor;
	char path[256], buf[64], node[KOBJ_NAME_LEN + 32];
	ssize_t n;

	if (st->type != LDM_SYSFS_DIR)
		return 0;
	snprintf(path, sizeof(path), "/class/%s/%s/dev", w->cls, name);
	n = ldm_sysfs_read_path(path, buf, sizeof(buf) - 1);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (sscanf(buf, "%u:%u", &major, &minor) != 2)
		return 0;
	if (class_devnode_name(w->cls, name, MKDEV(major, minor), node, sizeof(node)))
		return 0;
	w->dev = MKDEV(major, minor);
	return w->fn(node, w->dev, NODE_MODE, w->data);
}

static int walk_class(const char *name, const struct ldm_sysfs_stat *st, void *ctx)
{
	struct node_walk *w = ctx;
	struct ldm_sysfs_node *sd;
	char path[KOBJ_NAME_LEN + 16];
	int ret;

	if (st->type != LDM_SYSFS_DIR)
		return 0;
	snprintf(w->cls, sizeof(w->cls), "%s", name);
	snprintf(path, sizeof(path), "/class/%s", name);
	if (ldm_sysfs_lookup(path, 0, &sd))
		return 0;
	ret = ldm_sysfs_readdir(sd, walk_class_dev, w);
	ldm_sysfs_put(sd);
	return ret;
}

/* A devfs name, unless a class device shows its number (udev's name wins). */
static int walk_devfs_node(const char *name, dev_t dev, mode_t mode, void *data)
{
	struct node_walk *w = data;

	if (!class_node_by_dev(dev, NULL, 0))
		return 0;
	return w->fn(name, dev, mode, w->data);
}

static int walk_nodes(struct node_walk *w)
{
	struct ldm_sysfs_node *sd;
	int ret;

	ret = ldm_sysfs_lookup("/class", 0, &sd);
	if (ret)
		return ret == -ENOENT ? 0 : ret;
	ret = ldm_sysfs_readdir(sd, walk_class, w);
	ldm_sysfs_put(sd);
	return ret;
}

/**
 * ldm_chrdev_for_each_node - call a function for each device node there is
 * @fn: called with the node's path below /dev (DEVNAME), number and mode,
 *	with no lock held; a non-zero return stops the walk and is returned
 * @data: passed to @fn
 *
 * The nodes are the class devices that have a "dev" attribute, class by
 * class in the order of /class, as udev makes them.
 * Return: 0, the first non-zero return of @fn, or -EINVAL or -ENOMEM.
 */
int ldm_chrdev_for_each_node(int (*fn)(const char *name, dev_t dev, mode_t mode, void *data),
			     void *data)
{
	struct node_walk w = { .fn = fn, .data = data };
	int ret;

	if (!fn)
		return -EINVAL;
	ret = walk_nodes(&w);
	return ret ?: devfs_for_each_node(walk_devfs_node, &w);
}

/**
 * ldm_chrdev_node_lookup - the number of a device node, by name
 * @name: the node's path below /dev (its DEVNAME: "input/event0")
 * @dev: where its number goes
 * @mode: where its mode goes (or NULL)
 *
 * O(1): the driver core indexes the nodes as class devices come and go.
 * Return: 0, -ENOENT if no class device of that name has a "dev"
 * attribute, or -EINVAL.
 */
int ldm_chrdev_node_lookup(const char *name, dev_t *dev, mode_t *mode)
{
	int ret;

	if (!name || !dev)
		return -EINVAL;
	ret = class_node_by_name(name, dev);
	if (!ret && mode)
		*mode = NODE_MODE;
	if (ret != -ENOENT)
		return ret;
	ret = devfs_node_lookup(name, dev, mode);
	if (!ret && !class_node_by_dev(*dev, NULL, 0))
		ret = -ENOENT; /* the class device's name is the node */
	return ret;
}

/**
 * ldm_chrdev_node_by_dev - the name of a device node, by number
 * @dev: the node's number
 * @name: where its name goes, NUL-terminated (or NULL)
 * @size: room in @name
 * @mode: where its mode goes (or NULL)
 *
 * O(1), as ldm_chrdev_node_lookup().
 * Return: 0, or -ENOENT if no class device with a "dev" attribute shows
 * that number.
 */
int ldm_chrdev_node_by_dev(dev_t dev, char *name, size_t size, mode_t *mode)
{
	int ret = class_node_by_dev(dev, name, size);

	if (!ret && mode)
		*mode = NODE_MODE;
	if (ret == -ENOENT)
		ret = devfs_node_by_dev(dev, name, size, mode);
	return ret;
}

/**
 * chrdev_exit - give back what the program left registered, with a warning
 */
void chrdev_exit(void)
{
	struct char_device_struct *cd;
	int i;

	devfs_exit();
	for (i = 0; i < MAX_PROBE_HASH; i++) {
		while ((cd = chrdevs[i])) {
			chrdevs[i] = cd->next;
			printk(KERN_WARNING "chrdev: major %u (%s) still registered at exit; "
					    "unregistering it\n",
			       cd->major, cd->name);
			if (cd->cdev)
				cdev_del(cd->cdev);
			free_region(cd);
		}
	}
}
