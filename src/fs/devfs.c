// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * devfs.c - the names 2.6.9's devfs gave character devices
 * (devfs_mk_cdev()), as a kernel with CONFIG_DEVFS_FS showed them in /dev:
 * "ipmidev/0", "input/event0". Drivers of 2.6.9 that make no class device
 * for their numbers (ipmi_devintf, for one) have no other node, and their
 * tools look there (ipmitool tries /dev/ipmidev/0). The names join the
 * device nodes of char_dev.c; a number that a class device shows keeps
 * the class device's name alone, as udev names it. Layer 5, beside
 * char_dev.c, whose look-ups read it.
 *
 * Block devices, directories and symbolic links of devfs stay what they
 * were: accepted and ignored (<ldm/devfs_fs_kernel.h>).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <ldm/devfs_fs_kernel.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/list.h>
#include <ldm/slab.h>

#include "devfs.h"

#define DEVFS_NAME_MAX 64

/* A name devfs_mk_cdev() made. */
struct devfs_node {
	struct list_head list;
	dev_t dev;
	mode_t mode;
	char name[DEVFS_NAME_MAX];
};

static pthread_mutex_t devfs_lock = PTHREAD_MUTEX_INITIALIZER;
static LIST_HEAD(devfs_nodes);

/* Whether @name is a path below /dev: no empty, "." or ".." component. */
static bool devfs_name_ok(const char *name)
{
	const char *p = name;
	size_t len;

	do {
		len = strcspn(p, "/");
		if (!len || (len == 1 && p[0] == '.') || (len == 2 && !strncmp(p, "..", 2)))
			return false;
		p += len;
	} while (*p++ == '/');
	return true;
}

/* The node named @name, under devfs_lock; NULL if none. */
static struct devfs_node *devfs_find(const char *name)
{
	struct devfs_node *n;

	list_for_each_entry(n, &devfs_nodes, list)
		if (!strcmp(n->name, name))
			return n;
	return NULL;
}

/**
 * devfs_mk_cdev - give a character device a name in /dev, as devfs did
 * @dev: its number
 * @mode: S_IFCHR and its permissions
 * @fmt: printf format of the name below /dev ("ipmidev/%d")
 *
 * Return: 0; -EINVAL for a name that is empty, too long (64 bytes), or has
 * an empty, "." or ".." component; -EEXIST if it is taken; -ENOMEM.
 */
int devfs_mk_cdev(dev_t dev, umode_t mode, const char *fmt, ...)
{
	struct devfs_node *n;
	va_list ap;
	int len;

	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	va_start(ap, fmt);
	len = vsnprintf(n->name, sizeof(n->name), fmt, ap);
	va_end(ap);
	if (len <= 0 || len >= (int)sizeof(n->name) || !devfs_name_ok(n->name)) {
		printk(KERN_WARNING "devfs: device name \"%.64s\" refused\n", n->name);
		kfree(n);
		return -EINVAL;
	}
	n->dev = dev;
	n->mode = S_IFCHR | (mode & 07777);
	pthread_mutex_lock(&devfs_lock);
	if (devfs_find(n->name)) {
		pthread_mutex_unlock(&devfs_lock);
		kfree(n);
		return -EEXIST;
	}
	list_add_tail(&n->list, &devfs_nodes);
	pthread_mutex_unlock(&devfs_lock);
	return 0;
}
EXPORT_SYMBOL(devfs_mk_cdev);

/**
 * devfs_remove - take a name of devfs away, and the names below it
 * @fmt: printf format of the name
 */
void devfs_remove(const char *fmt, ...)
{
	struct devfs_node *n, *next;
	char name[DEVFS_NAME_MAX];
	va_list ap;
	size_t len;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	len = strlen(name);
	pthread_mutex_lock(&devfs_lock);
	list_for_each_entry_safe(n, next, &devfs_nodes, list)
		if (!strncmp(n->name, name, len) && (!n->name[len] || n->name[len] == '/')) {
			list_del(&n->list);
			kfree(n);
		}
	pthread_mutex_unlock(&devfs_lock);
}
EXPORT_SYMBOL(devfs_remove);

/**
 * devfs_node_lookup - the number and mode of a devfs name
 * @name: the name below /dev
 * @dev: where its number goes
 * @mode: where its mode goes, or NULL
 *
 * Return: 0, or -ENOENT.
 */
int devfs_node_lookup(const char *name, dev_t *dev, mode_t *mode)
{
	struct devfs_node *n;
	int ret = -ENOENT;

	pthread_mutex_lock(&devfs_lock);
	n = devfs_find(name);
	if (n) {
		*dev = n->dev;
		if (mode)
			*mode = n->mode;
		ret = 0;
	}
	pthread_mutex_unlock(&devfs_lock);
	return ret;
}

/**
 * devfs_node_by_dev - the first devfs name of a number
 * @dev: the number
 * @name: where the name goes (or NULL)
 * @size: room in @name
 * @mode: where its mode goes, or NULL
 *
 * Return: 0, or -ENOENT.
 */
int devfs_node_by_dev(dev_t dev, char *name, size_t size, mode_t *mode)
{
	struct devfs_node *n;
	int ret = -ENOENT;

	pthread_mutex_lock(&devfs_lock);
	list_for_each_entry(n, &devfs_nodes, list) {
		if (n->dev != dev)
			continue;
		if (name && size)
			snprintf(name, size, "%s", n->name);
		if (mode)
			*mode = n->mode;
		ret = 0;
		break;
	}
	pthread_mutex_unlock(&devfs_lock);
	return ret;
}

/**
 * devfs_for_each_node - call a function for each devfs name
 * @fn: called with the name, number and mode, with no lock held; a
 *	non-zero return stops the walk and is returned
 * @data: passed to @fn
 *
 * The names are copied first, so that @fn may take any lock.
 * Return: 0, the first non-zero return of @fn, or -ENOMEM.
 */
int devfs_for_each_node(int (*fn)(const char *name, dev_t dev, mode_t mode, void *data), void *data)
{
	struct devfs_node *n, *copy;
	size_t count = 0, i = 0;
	int ret = 0;

	pthread_mutex_lock(&devfs_lock);
	list_for_each_entry(n, &devfs_nodes, list)
		count++;
	copy = count ? kcalloc(count, sizeof(*copy), GFP_KERNEL) : NULL;
	if (count && !copy) {
		pthread_mutex_unlock(&devfs_lock);
		return -ENOMEM;
	}
	list_for_each_entry(n, &devfs_nodes, list)
		copy[i++] = *n;
	pthread_mutex_unlock(&devfs_lock);
	for (i = 0; i < count && !ret; i++)
		ret = fn(copy[i].name, copy[i].dev, copy[i].mode, data);
	kfree(copy);
	return ret;
}

/**
 * devfs_exit - forget the names the modules left, with a warning
 */
void devfs_exit(void)
{
	struct devfs_node *n, *next;

	pthread_mutex_lock(&devfs_lock);
	list_for_each_entry_safe(n, next, &devfs_nodes, list) {
		printk(KERN_WARNING "devfs: %s still named at exit; removing it\n", n->name);
		list_del(&n->list);
		kfree(n);
	}
	pthread_mutex_unlock(&devfs_lock);
}
