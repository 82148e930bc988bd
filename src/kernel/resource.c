// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * resource.c - the trees of I/O port and memory ranges (kernel/resource.c):
 * a claim that overlaps a sibling fails with -EBUSY.
 */
#include <pthread.h>
#include <ldm/export.h>
#include <ldm/ioport.h>

struct resource ioport_resource = {
	.name = "PCI IO",
	.start = 0,
	.end = 0xffff,
	.flags = IORESOURCE_IO,
};
EXPORT_SYMBOL(ioport_resource);

struct resource iomem_resource = {
	.name = "PCI mem",
	.start = 0,
	.end = ~0UL,
	.flags = IORESOURCE_MEM,
};
EXPORT_SYMBOL(iomem_resource);

static pthread_rwlock_t resource_lock = PTHREAD_RWLOCK_INITIALIZER;

/* Link @new under @root, in address order; the conflicting sibling, or NULL. */
static struct resource *__request_resource(struct resource *root, struct resource *new)
{
	struct resource **p = &root->child, *tmp;

	if (new->end < new->start || new->start < root->start || new->end > root->end)
		return root;
	for (;;) {
		tmp = *p;
		if (!tmp || tmp->start > new->end) {
			new->sibling = tmp;
			*p = new;
			new->parent = root;
			new->child = NULL;
			return NULL;
		}
		p = &tmp->sibling;
		if (tmp->end < new->start)
			continue;
		return tmp;
	}
}

/**
 * request_resource - claim a range of a resource tree
 * @root: the tree's root (iomem_resource, ioport_resource) or a parent
 * @new: the range; it must lie within @root and overlap no sibling
 *
 * Return: 0, or -EBUSY.
 */
int request_resource(struct resource *root, struct resource *new)
{
	struct resource *conflict;

	pthread_rwlock_wrlock(&resource_lock);
	conflict = __request_resource(root, new);
	pthread_rwlock_unlock(&resource_lock);
	return conflict ? -EBUSY : 0;
}
EXPORT_SYMBOL(request_resource);

/**
 * release_resource - give a claimed range back
 * @old: the range
 *
 * Return: 0, or -EINVAL if it was not claimed.
 */
int release_resource(struct resource *old)
{
	struct resource **p;
	int error = -EINVAL;

	pthread_rwlock_wrlock(&resource_lock);
	if (old->parent) {
		for (p = &old->parent->child; *p; p = &(*p)->sibling) {
			if (*p == old) {
				*p = old->sibling;
				old->parent = NULL;
				error = 0;
				break;
			}
		}
	}
	pthread_rwlock_unlock(&resource_lock);
	return error;
}
EXPORT_SYMBOL(release_resource);
