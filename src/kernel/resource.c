// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * resource.c - the trees of I/O port and memory ranges (kernel/resource.c):
 * a claim that overlaps a sibling fails with -EBUSY; request_region() and
 * request_mem_region() claim a busy range for a driver, nested inside a
 * bus's range that holds it, and /proc/ioports and /proc/iomem print them.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/ioport.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "iospace.h"

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

/* Round @v up to @align (0 or 1: no alignment); false when that wraps. */
static bool align_up(unsigned long v, unsigned long align, unsigned long *out)
{
	if (align <= 1) {
		*out = v;
		return true;
	}
	if (v > ~0UL - (align - 1))
		return false;
	*out = (v + align - 1) / align * align;
	return true;
}

/*
 * Place @new in the first gap between @root's children, within
 * [@min, @max] and @root, that holds @size bytes at @align (and
 * @alignf's adjustment). Under resource_lock.
 */
static int find_resource(struct resource *root, struct resource *new, unsigned long size,
			 unsigned long min, unsigned long max, unsigned long align,
			 void (*alignf)(void *, struct resource *, unsigned long, unsigned long),
			 void *alignf_data)
{
	struct resource *this = root->child;
	unsigned long gap_start = root->start, gap_end;

	for (;;) {
		gap_end = this ? (this->start ? this->start - 1 : 0) : root->end;
		if (this && this->start == root->start)
			goto next;
		if (gap_start < min)
			gap_start = min;
		if (gap_end > max)
			gap_end = max;
		if (align_up(gap_start, align, &new->start) && new->start <= gap_end) {
			if (alignf)
				alignf(alignf_data, new, size, align);
			if (new->start >= gap_start &&new->start <= gap_end &&
			    size - 1 <= gap_end - new->start) {
				new->end = new->start + size - 1;
				return 0;
			}
		}
next:
		if (!this || this->end == ~0UL)
			return -EBUSY;
		gap_start = this->end + 1;
		this = this->sibling;
	}
}

/**
 * allocate_resource - claim a free range of a size anywhere in a window
 * @root: the tree or parent to claim in
 * @new: the range; its start and end are set
 * @size: its size, not 0
 * @min: the lowest start allowed
 * @max: the highest end allowed
 * @align: the start's alignment (0 or 1 for none)
 * @alignf: may move new->start further (for a bus's own rules), or NULL
 * @alignf_data: passed to @alignf
 *
 * Return: 0, -EINVAL for a size of 0, or -EBUSY when no gap fits.
 */
int allocate_resource(struct resource *root, struct resource *new, unsigned long size,
		      unsigned long min, unsigned long max, unsigned long align,
		      void (*alignf)(void *, struct resource *, unsigned long, unsigned long),
		      void *alignf_data)
{
	int err;

	if (!root || !new || !size)
		return -EINVAL;
	pthread_rwlock_wrlock(&resource_lock);
	err = find_resource(root, new, size, min, max, align, alignf, alignf_data);
	if (!err && __request_resource(root, new))
		err = -EBUSY;
	pthread_rwlock_unlock(&resource_lock);
	return err;
}
EXPORT_SYMBOL(allocate_resource);

/* A busy region and its own copy of the name, so that /proc/ioports outlives the driver's string. */
struct region {
	struct resource res;
	char name[];
};

/**
 * __request_region - claim a range for a driver, busy
 * @parent: ioport_resource, iomem_resource, or a range inside one
 * @start: the first address
 * @n: how many
 * @name: who claims it, as /proc/ioports shows it (copied)
 *
 * The range nests inside a range that holds it and is not busy (a bus's
 * window); it fails if any part is busy or straddles another range.
 * Return: the claimed resource, or NULL if the range is busy (or no memory).
 */
struct resource *__request_region(struct resource *parent, unsigned long start, unsigned long n,
				  const char *name)
{
	size_t len = strlen(name ? name : "") + 1;
	struct resource *conflict;
	struct region *r;

	if (!n)
		return NULL;
	r = kzalloc(sizeof(*r) + len, GFP_KERNEL);
	if (!r)
		return NULL;
	memcpy(r->name, name ? name : "", len);
	r->res.name = r->name;
	r->res.start = start;
	r->res.end = start + n - 1;
	r->res.flags = IORESOURCE_BUSY;

	pthread_rwlock_wrlock(&resource_lock);
	for (;;) {
		conflict = __request_resource(parent, &r->res);
		if (!conflict)
			break;
		if (conflict == parent || (conflict->flags & IORESOURCE_BUSY)) {
			pthread_rwlock_unlock(&resource_lock);
			kfree(r);
			return NULL;
		}
		parent = conflict;
	}
	pthread_rwlock_unlock(&resource_lock);
	return &r->res;
}
EXPORT_SYMBOL(__request_region);

/**
 * __check_region - whether a range could be claimed now (2.6.9 deprecates it)
 * @parent: the tree
 * @start: the first address
 * @n: how many
 *
 * Return: 0 if it is free, -EBUSY if not.
 */
int __check_region(struct resource *parent, unsigned long start, unsigned long n)
{
	struct resource *res = __request_region(parent, start, n, "check-region");

	if (!res)
		return -EBUSY;
	release_resource(res);
	kfree(container_of(res, struct region, res));
	return 0;
}
EXPORT_SYMBOL(__check_region);

/**
 * __release_region - give back a range __request_region() claimed
 * @parent: the tree it was claimed in
 * @start: its first address
 * @n: its length, as claimed
 *
 * A range that was not claimed so is warned about and left alone.
 */
void __release_region(struct resource *parent, unsigned long start, unsigned long n)
{
	unsigned long end = start + n - 1;
	struct resource **p, *res;

	pthread_rwlock_wrlock(&resource_lock);
	p = &parent->child;
	while ((res = *p)) {
		if (res->start > start || res->end < end) {
			p = &res->sibling;
			continue;
		}
		if (!(res->flags & IORESOURCE_BUSY)) {
			p = &res->child;
			continue;
		}
		if (res->start != start || res->end != end)
			break;
		*p = res->sibling;
		pthread_rwlock_unlock(&resource_lock);
		kfree(container_of(res, struct region, res));
		return;
	}
	pthread_rwlock_unlock(&resource_lock);
	printk(KERN_WARNING "Trying to free nonexistent resource <%08lx-%08lx>\n", start, end);
}
EXPORT_SYMBOL(__release_region);

/* Print @r and what nests in it, @depth deep; under resource_lock. */
static void print_resources(FILE *f, const struct resource *r, int depth, int width)
{
	for (; r; r = r->sibling) {
		fprintf(f, "%*s%0*lx-%0*lx : %s\n", depth * 2, "", width, r->start, width, r->end,
			r->name ? r->name : "<BAD>");
		print_resources(f, r->child, depth + 1, width);
	}
}

/**
 * ldm_resource_text - a tree as /proc/ioports or /proc/iomem prints it
 * @root: &ioport_resource or &iomem_resource
 *
 * One line per range, "start-end : name", nested ranges indented two
 * spaces a level; 4 hex digits for ports, 8 for memory, as 2.6.9.
 * Return: the text, to free(), or NULL with no memory.
 */
char *ldm_resource_text(const struct resource *root)
{
	int width = root->end < 0x10000 ? 4 : 8;
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	if (!f)
		return NULL;
	pthread_rwlock_rdlock(&resource_lock);
	print_resources(f, root->child, 0, width);
	pthread_rwlock_unlock(&resource_lock);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}
