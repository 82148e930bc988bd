// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * tree.c - the device hierarchy as one listing (ldm; 2.6.9 had only the
 * directories of /sys/devices): what `ldm tree` prints, as U-Boot's
 * `dm tree` and FreeBSD's `devinfo` do.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/device.h>
#include <ldm/rwsem.h>
#include <libldm/device.h>

#include "base.h"

struct tree_buf {
	char *s;
	size_t len, size;
	bool failed;
};

static void tree_printf(struct tree_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void tree_printf(struct tree_buf *b, const char *fmt, ...)
{
	va_list args;
	char *grown;
	int n;

	if (b->failed)
		return;
	va_start(args, fmt);
	n = vsnprintf(b->s + b->len, b->size - b->len, fmt, args);
	va_end(args);
	if (n < 0) {
		b->failed = true;
		return;
	}
	if ((size_t)n >= b->size - b->len) {
		b->size = (b->len + (size_t)n + 1) * 2;
		grown = realloc(b->s, b->size);
		if (!grown) {
			b->failed = true;
			return;
		}
		b->s = grown;
		va_start(args, fmt);
		vsnprintf(b->s + b->len, b->size - b->len, fmt, args);
		va_end(args);
	}
	b->len += (size_t)n;
}

/* @dev and below it, depth first. Caller holds devices_subsys.rwsem. */
static void tree_walk(struct tree_buf *b, struct device *dev, unsigned int depth, char *path,
		      size_t path_len, size_t path_size)
{
	const char *name = kobject_name(&dev->kobj);
	size_t len = strlen(name);
	struct device *child;

	if (path_len + 1 + len >= path_size) {
		b->failed = true;
		return;
	}
	path[path_len] = '/';
	memcpy(path + path_len + 1, name, len + 1);
	tree_printf(b, "%u\t%s\t%s\t%s\t%s\n", depth, dev->bus_id, path,
		    dev->bus ? dev->bus->name : "-", dev->driver ? dev->driver->name : "-");
	list_for_each_entry(child, &dev->children, node)
		tree_walk(b, child, depth + 1, path, path_len + 1 + len, path_size);
	path[path_len] = '\0';
}

/**
 * ldm_device_tree - the device hierarchy, depth first
 *
 * One line per device: its depth (0 for a device with no parent), bus_id,
 * path below the tree's root (/devices/...), bus and driver ("-" for none),
 * separated by tabs; children follow their parent in the order they were
 * added.
 * Return: the listing, which the caller frees with free(); NULL when out of
 * memory.
 */
char *ldm_device_tree(void)
{
	struct tree_buf b = { .size = 4096 };
	char path[4096] = "/devices";
	struct kobject *k;
	struct device *dev;

	b.s = malloc(b.size);
	if (!b.s)
		return NULL;
	b.s[0] = '\0';
	down_read(&devices_subsys.rwsem);
	list_for_each_entry(k, &devices_subsys.kset.list, entry) {
		dev = container_of(k, struct device, kobj);
		if (!dev->parent)
			tree_walk(&b, dev, 0, path, strlen(path), sizeof(path));
	}
	up_read(&devices_subsys.rwsem);
	if (b.failed) {
		free(b.s);
		return NULL;
	}
	return b.s;
}
