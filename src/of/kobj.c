// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kobj.c - the loaded board in the tree, as /sys/firmware/devicetree/base
 * of modern Linux (drivers/of/kobj.c): a directory per node, named as in
 * the source ("sensor@10001000"), a read-only file per property holding its
 * raw value (cells big-endian, strings with their NUL), as in Linux. Linux
 * makes them binary attributes; a 2.6.9 binary attribute cannot tell its
 * read() which file it is, so here they are attributes whose show() copies
 * the value: at most PAGE_SIZE bytes of it.
 *
 * Each directory holds a reference on the tree, dropped when it is
 * released, so a file open across an unload reads a live value (or gives
 * -ENODEV once its directory is gone).
 */
#include <string.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "of_private.h"

struct of_prop_attr {
	struct attribute attr;
	struct property *pp;
};

struct of_kobj {
	struct kobject kobj;
	struct device_node *np; /* referenced */
	unsigned int nattrs;
	struct of_prop_attr attrs[];
};

#define to_of_kobj(k) container_of(k, struct of_kobj, kobj)

static decl_subsys(devicetree, NULL, NULL);

static ssize_t of_prop_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct property *pp = container_of(attr, struct of_prop_attr, attr)->pp;
	size_t len = (size_t)pp->length < PAGE_SIZE ? (size_t)pp->length : PAGE_SIZE;

	(void)kobj;
	memcpy(buf, pp->value, len);
	return (ssize_t)len;
}

static struct sysfs_ops of_prop_ops = {
	.show = of_prop_show,
};

static void of_kobj_release(struct kobject *kobj)
{
	struct of_kobj *ok = to_of_kobj(kobj);

	of_node_put(ok->np);
	kfree(ok);
}

static struct kobj_type of_node_ktype = {
	.sysfs_ops = &of_prop_ops,
	.release = of_kobj_release,
};

static const char *dir_name(const struct device_node *np)
{
	const char *slash = strrchr(np->full_name, '/');

	return !np->parent ? "base" : slash ? slash + 1 : np->full_name;
}

/* The directory of @np, under its parent's (or devicetree/ for the root). */
static int add_node(struct device_node *np)
{
	struct property *pp;
	struct of_kobj *ok;
	unsigned int n = 0;
	int error;

	for (pp = np->properties; pp; pp = pp->next)
		n++;
	ok = kzalloc(sizeof(*ok) + n * sizeof(ok->attrs[0]), GFP_KERNEL);
	if (!ok)
		return -ENOMEM;
	ok->np = of_node_get(np);
	ok->kobj.ktype = &of_node_ktype;
	ok->kobj.parent = np->parent ? &np->parent->kobj->kobj : &devicetree_subsys.kset.kobj;
	kobject_init(&ok->kobj);
	error = kobject_set_name(&ok->kobj, "%s", dir_name(np));
	if (!error)
		error = kobject_add(&ok->kobj);
	if (error) {
		kobject_put(&ok->kobj);
		return error;
	}
	np->kobj = ok;
	for (pp = np->properties; pp; pp = pp->next, ok->nattrs++) {
		struct of_prop_attr *a = &ok->attrs[ok->nattrs];

		a->attr.name = pp->name;
		a->attr.mode = 0444;
		a->pp = pp;
		error = sysfs_create_file(&ok->kobj, &a->attr);
		if (error)
			return error; /* the caller removes the directory */
	}
	return 0;
}

static void remove_node(struct device_node *np)
{
	struct of_kobj *ok = np->kobj;

	if (!ok)
		return;
	np->kobj = NULL;
	while (ok->nattrs)
		sysfs_remove_file(&ok->kobj, &ok->attrs[--ok->nattrs].attr);
	kobject_del(&ok->kobj);
	kobject_put(&ok->kobj);
}

/* Every node after @np in document order, backwards: children before parents. */
static void remove_from(struct device_node *root, struct device_node *last)
{
	struct device_node *np, *prev;

	while (last) {
		/* The node before @last in document order. */
		prev = NULL;
		for (np = root; np && np != last; np = of_next_node(np))
			prev = np;
		remove_node(last);
		last = prev;
	}
}

/* The last node of @root's tree in document order. */
static struct device_node *last_node(struct device_node *root)
{
	struct device_node *np = root, *next;

	while ((next = of_next_node(np)))
		np = next;
	return np;
}

/**
 * of_kobj_link - the link "of_node" from a device's directory to its node's
 * @np: the node
 * @kobj: the device's kobject
 */
int of_kobj_link(struct device_node *np, struct kobject *kobj)
{
	return np->kobj ? sysfs_create_link(kobj, &np->kobj->kobj, "of_node") : 0;
}

/**
 * of_kobj_add_tree - show a tree at /firmware/devicetree/base
 * @root: the tree's root
 *
 * Return: 0, or an error with nothing left.
 */
int of_kobj_add_tree(struct device_node *root)
{
	struct device_node *np;
	int error;

	error = firmware_register(&devicetree_subsys);
	if (error)
		return error;
	for (np = root; np; np = of_next_node(np)) {
		error = add_node(np);
		if (error) {
			remove_from(root, np); /* np too, if its directory was made */
			firmware_unregister(&devicetree_subsys);
			return error;
		}
	}
	return 0;
}

/**
 * of_kobj_remove_tree - take a tree's directories away, deepest first
 * @root: the tree's root
 */
void of_kobj_remove_tree(struct device_node *root)
{
	remove_from(root, last_node(root));
	firmware_unregister(&devicetree_subsys);
}
