// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * class_node.c - the index of device nodes: every class device with a "dev"
 * attribute, by the node's name and by its number, as Linux's cdev_map
 * finds a driver by number. A front end serving /dev looks a node up here
 * in O(1), instead of walking all of /class and reading each dev file.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/device.h>
#include <ldm/kdev_t.h>
#include <ldm/mutex.h>
#include <ldm/slab.h>

#include "devnode.h"
#include "htable.h"

/**
 * DOC: how class_node.c works
 *
 * An entry is added when a class device gets its "dev" attribute (through
 * class_device_create_file(), which every maker of one uses: the driver
 * core for a devt, class_simple, a driver), with the number its show()
 * gives then; it goes with the attribute or with the class device. It is
 * in two hash tables, by name and by number; a name or a number that two
 * class devices share (two classes may each have a "foo"; class_simple
 * gives 0:0 to many) answers with the first registered, as the walk of
 * /class in creation order did. One mutex guards both tables; look-ups
 * copy out what they return, so nothing of an entry outlives the lock.
 */

struct devnode {
	struct ldm_hnode by_name;
	struct ldm_hnode by_dev;
	const struct class_device *cd; /* the key of removal only, never followed */
	unsigned long seq;	       /* order of registration */
	dev_t dev;
	char name[DEVNODE_NAME_MAX];
};

static DEFINE_MUTEX(devnode_lock);
static struct ldm_htable names, numbers;
static unsigned long devnode_seq;

/**
 * class_node_name - the path of the device node of a class device
 * @cd: the class device
 * @id: its name (its class_id, or the one it had before a rename)
 * @dev: its number, which the path of a few classes depends on
 * @buf: where the path goes
 * @size: room in @buf
 *
 * The index keys a node by the path class_devnode_name() gives it, the one
 * place a node's path is made ("input/event0"; "event0" in the 2.6.9
 * tree).
 */
static void class_node_name(const struct class_device *cd, const char *id, dev_t dev, char *buf,
			    size_t size)
{
	if (class_devnode_name(cd->class ? cd->class->name : "", id, dev, buf, size))
		snprintf(buf, size, "%s", id);
}

static u64 hash_dev(dev_t dev)
{
	u64 h = (u64)dev * 0x9e3779b97f4a7c15ULL;

	return h ^ (h >> 29);
}

static u64 name_hash_of(const struct ldm_hnode *n)
{
	return ldm_hash_name(container_of(n, struct devnode, by_name)->name);
}

static u64 dev_hash_of(const struct ldm_hnode *n)
{
	return hash_dev(container_of(n, struct devnode, by_dev)->dev);
}

/* The dev_t a "dev" attribute shows ("MAJOR:MINOR\n"); -EINVAL if none. */
static int read_dev(struct class_device *cd, const struct class_device_attribute *attr, dev_t *dev)
{
	unsigned int major, minor;
	char *page;
	ssize_t n;
	int error = -EINVAL;

	if (!attr->show)
		return -EINVAL;
	page = kzalloc(PAGE_SIZE + 1, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	n = attr->show(cd, page);
	if (n > 0 && n <= (ssize_t)PAGE_SIZE && sscanf(page, "%u:%u", &major, &minor) == 2) {
		*dev = MKDEV(major, minor);
		error = 0;
	}
	kfree(page);
	return error;
}

/**
 * class_node_add - index a class device that just got its "dev" attribute
 * @cd: the class device
 * @attr: the attribute, whose show() gives the number
 *
 * Return: 0; -EINVAL if it shows no number (then it is no node, as the
 * walk skipped it), -ENOMEM.
 */
int class_node_add(struct class_device *cd, const struct class_device_attribute *attr)
{
	struct devnode *n;
	dev_t dev;
	int error;

	error = read_dev(cd, attr, &dev);
	if (error)
		return error;
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	n->cd = cd;
	n->dev = dev;
	class_node_name(cd, cd->class_id, dev, n->name, sizeof(n->name));
	mutex_lock(&devnode_lock);
	n->seq = ++devnode_seq;
	error = ldm_htable_add(&names, &n->by_name, ldm_hash_name(n->name), name_hash_of);
	if (!error) {
		error = ldm_htable_add(&numbers, &n->by_dev, hash_dev(dev), dev_hash_of);
		if (error)
			ldm_htable_del(&names, &n->by_name);
	}
	mutex_unlock(&devnode_lock);
	if (error)
		kfree(n);
	return error;
}

/*
 * The entry of @cd, looked for under @name; under devnode_lock. A driver
 * that wrote its class_id itself, not through class_device_rename(), left
 * it under another name: then every entry is looked at, which only that
 * driver pays for.
 */
static struct devnode *find_cd_locked(const struct class_device *cd, const char *name)
{
	struct hlist_node *pos, *tmp;
	struct devnode *n;
	unsigned long i;

	ldm_htable_for_each_possible(&names, n, by_name, ldm_hash_name(name))
		if (n->cd == cd)
			return n;
	ldm_htable_for_each_safe(&names, i, pos, tmp) {
		n = hlist_entry(pos, struct devnode, by_name.node);
		if (n->cd == cd)
			return n;
	}
	return NULL;
}

/**
 * class_node_del - forget the node of a class device, if it has one
 * @cd: the class device, whose name is still the one it was indexed under
 */
void class_node_del(const struct class_device *cd)
{
	char name[DEVNODE_NAME_MAX];
	struct devnode *n;

	class_node_name(cd, cd->class_id, cd->devt, name, sizeof(name));
	mutex_lock(&devnode_lock);
	n = find_cd_locked(cd, name);
	if (n) {
		ldm_htable_del(&names, &n->by_name);
		ldm_htable_del(&numbers, &n->by_dev);
	}
	mutex_unlock(&devnode_lock);
	kfree(n);
}

/**
 * class_node_rename - index the node of a class device under its new name
 * @cd: the class device, renamed
 * @old: the name it had
 */
void class_node_rename(const struct class_device *cd, const char *old)
{
	char path[DEVNODE_NAME_MAX];
	struct devnode *found;

	class_node_name(cd, old, cd->devt, path, sizeof(path));
	mutex_lock(&devnode_lock);
	found = find_cd_locked(cd, path);
	if (found) {
		ldm_htable_del(&names, &found->by_name);
		class_node_name(cd, cd->class_id, found->dev, found->name, sizeof(found->name));
		/* Cannot fail: the table has its buckets. */
		ldm_htable_add(&names, &found->by_name, ldm_hash_name(found->name), name_hash_of);
	}
	mutex_unlock(&devnode_lock);
}

/**
 * class_node_by_name - the number of the device node called @name
 * @name: the node's name
 * @dev: where its number goes
 *
 * Return: 0, or -ENOENT.
 */
int class_node_by_name(const char *name, dev_t *dev)
{
	struct devnode *n, *best = NULL;

	mutex_lock(&devnode_lock);
	ldm_htable_for_each_possible(&names, n, by_name, ldm_hash_name(name))
		if (!strcmp(n->name, name) && (!best || n->seq < best->seq))
			best = n;
	if (best)
		*dev = best->dev;
	mutex_unlock(&devnode_lock);
	return best ? 0 : -ENOENT;
}

/**
 * class_node_by_dev - the name of the device node numbered @dev
 * @dev: the number
 * @name: where its name goes (or NULL)
 * @size: room in @name
 *
 * Return: 0, or -ENOENT.
 */
int class_node_by_dev(dev_t dev, char *name, size_t size)
{
	struct devnode *n, *best = NULL;

	mutex_lock(&devnode_lock);
	ldm_htable_for_each_possible(&numbers, n, by_dev, hash_dev(dev))
		if (n->dev == dev && (!best || n->seq < best->seq))
			best = n;
	if (best && name)
		snprintf(name, size, "%s", best->name);
	mutex_unlock(&devnode_lock);
	return best ? 0 : -ENOENT;
}

/**
 * class_nodes_exit - free the index (every class device is gone by then)
 */
void class_nodes_exit(void)
{
	struct hlist_node *pos, *tmp;
	unsigned long i;

	mutex_lock(&devnode_lock);
	ldm_htable_for_each_safe(&names, i, pos, tmp) {
		struct devnode *n = hlist_entry(pos, struct devnode, by_name.node);

		ldm_htable_del(&names, &n->by_name);
		ldm_htable_del(&numbers, &n->by_dev);
		kfree(n);
	}
	ldm_htable_destroy(&names);
	ldm_htable_destroy(&numbers);
	mutex_unlock(&devnode_lock);
}
