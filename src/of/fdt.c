// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fdt.c - a flattened device tree blob made into a tree of nodes
 * (drivers/of/fdt.c of modern Linux), read with libfdt. The blob is checked
 * whole first (fdt_check_full), so a truncated or corrupt one is refused
 * before anything is built, and each property's length against the blob's
 * end before it is copied; names and values are copied, so the tree does
 * not need the blob afterwards.
 */
#include <stdio.h>
#include <string.h>
#include <libfdt.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "of_private.h"

static void free_node(struct device_node *np)
{
	struct property *pp, *next;

	for (pp = np->properties; pp; pp = next) {
		next = pp->next;
		kfree(pp->name);
		kfree(pp->value);
		kfree(pp);
	}
	kfree(np->name);
	kfree(np->full_name);
	kfree(np);
}

/* Free every node below and including @np, deepest first, without recursion. */
static void free_nodes(struct device_node *np)
{
	struct device_node *next;

	while (np) {
		if (np->child) {
			np = np->child;
			continue;
		}
		/* A leaf, and its parent's first child: unlink it, go on. */
		next = np->sibling ? np->sibling : np->parent;
		if (np->parent)
			np->parent->child = np->sibling;
		free_node(np);
		np = next;
	}
}

static void of_tree_release(struct kref *kref)
{
	struct of_tree *tree = container_of(kref, struct of_tree, kref);

	free_nodes(tree->root);
	kfree(tree);
}

void of_tree_get(struct of_tree *tree)
{
	kref_get(&tree->kref);
}

void of_tree_put(struct of_tree *tree)
{
	kref_put(&tree->kref, of_tree_release);
}

/*
 * The oldest blob read: before 16, nodes were named by their whole path,
 * and libfdt's support of that is little used (and crashes).
 */
#define OF_MIN_VERSION 16

/* A blob being made into a tree: what each step of the walk needs. */
struct fdt_walk {
	const void *blob;
	const char *end;  /* fdt_totalsize() bytes on, within the buffer */
	const char *what; /* its name in messages */
	struct of_tree *tree;
};

/*
 * Whether the @len bytes at @value lie within the blob: check_lengths()
 * has made sure of it before libfdt walked the blob; this keeps the copy
 * safe whatever the libfdt.
 */
static bool value_in_blob(const struct fdt_walk *w, const void *value, int len)
{
	const char *v = value;

	return len >= 0 && v >= (const char *)w->blob && v <= w->end &&
	       (size_t)len <= (size_t)(w->end - v);
}

/* Copy the property at @offset to the end of @np's list (*@tail). */
static int copy_property(const struct fdt_walk *w, int offset, struct device_node *np,
			 struct property ***tail)
{
	const char *name;
	const void *value;
	struct property *pp;
	int len;

	value = fdt_getprop_by_offset(w->blob, offset, &name, &len);
	if (!value || !name) {
		pr_err("ldm: board %s: %s: a property libfdt cannot read: %s\n", w->what,
		       np->full_name, fdt_strerror(value ? -FDT_ERR_BADSTRUCTURE : len));
		return -EINVAL;
	}
	if (!value_in_blob(w, value, len)) {
		pr_err("ldm: board %s: %s: property %s is %u bytes long, past the end of the "
		       "blob\n",
		       w->what, np->full_name, name, (u32)len);
		return -EINVAL;
	}
	pp = kzalloc(sizeof(*pp), GFP_KERNEL);
	if (!pp)
		return -ENOMEM;
	**tail = pp;
	*tail = &pp->next;
	pp->name = kstrdup(name, GFP_KERNEL);
	pp->length = len;
	/* One byte more: a string value read past its length still stops. */
	pp->value = kzalloc((size_t)len + 1, GFP_KERNEL);
	if (!pp->name || !pp->value)
		return -ENOMEM;
	memcpy(pp->value, value, (size_t)len);
	if (!strcmp(name, "phandle") || (!np->phandle && !strcmp(name, "linux,phandle")))
		np->phandle = len == 4 ? fdt32_ld(value) : 0; /* the blob may be unaligned */
	return 0;
}

/* A node for the blob's node at @offset, under @parent; its properties too. */
static int make_node(const struct fdt_walk *w, int offset, struct device_node *parent,
		     struct device_node **ret)
{
	struct property **tail;
	struct device_node *np;
	const char *fdt_name;
	int len, prop, error;

	fdt_name = fdt_get_name(w->blob, offset, &len);
	if (!fdt_name) {
		pr_err("ldm: board %s: a node libfdt cannot read under %s: %s\n", w->what,
		       parent ? parent->full_name : "no parent", fdt_strerror(len));
		return -EINVAL;
	}
	np = kzalloc(sizeof(*np), GFP_KERNEL);
	if (!np)
		return -ENOMEM;
	np->tree = w->tree;
	np->parent = parent;
	*ret = np; /* linked by the caller even on error, so that it is freed */
	np->name = kasprintf(GFP_KERNEL, "%.*s", (int)strcspn(fdt_name, "@"), fdt_name);
	if (!parent)
		np->full_name = kstrdup("/", GFP_KERNEL);
	else
		np->full_name = kasprintf(GFP_KERNEL, "%s/%s",
					  parent->parent ? parent->full_name : "", fdt_name);
	if (!np->name || !np->full_name)
		return -ENOMEM;
	tail = &np->properties;
	fdt_for_each_property_offset(prop, w->blob, offset)
	{
		error = copy_property(w, prop, np, &tail);
		if (error)
			return error;
	}
	if (prop != -FDT_ERR_NOTFOUND) {
		pr_err("ldm: board %s: %s: its properties cannot be read: %s\n", w->what,
		       np->full_name, fdt_strerror(prop));
		return -EINVAL;
	}
	return 0;
}

/* Hang @np under @parent after @last, its previous child. */
static void link_node(struct device_node *parent, struct device_node *last, struct device_node *np)
{
	if (last)
		last->sibling = np;
	else if (parent)
		parent->child = np;
}

/* The last child of @np, or NULL. */
static struct device_node *last_child(struct device_node *np)
{
	struct device_node *c = np->child;

	while (c && c->sibling)
		c = c->sibling;
	return c;
}

/* Every node of the blob, in order, walked without recursion. */
static int build_tree(const struct fdt_walk *w)
{
	const void *blob = w->blob;
	const char *what = w->what;
	struct device_node *cur = NULL, *parent, *np;
	int offset = 0, depth = 0, cur_depth = -1, error;

	/* fdt_next_node() leaves depth negative past the root's end. */
	for (; offset >= 0 && depth >= 0; offset = fdt_next_node(blob, offset, &depth)) {
		if (depth > OF_MAX_DEPTH) {
			pr_err("ldm: board %s: nodes nested deeper than %d levels\n", what,
			       OF_MAX_DEPTH);
			return -E2BIG;
		}
		if (depth == 0 && cur) {
			pr_err("ldm: board %s: more than one root node\n", what);
			return -EINVAL;
		}
		/* The parent is the node at depth - 1 on the way up from cur. */
		parent = cur;
		while (parent && cur_depth >= depth) {
			parent = parent->parent;
			cur_depth--;
		}
		np = NULL;
		error = make_node(w, offset, parent, &np);
		if (np) {
			if (parent)
				link_node(parent, last_child(parent), np);
			else
				w->tree->root = np;
		}
		if (error)
			return error;
		cur = np;
		cur_depth = depth;
	}
	if (offset < 0 && offset != -FDT_ERR_NOTFOUND) {
		pr_err("ldm: board %s: its nodes cannot be walked: %s\n", what,
		       fdt_strerror(offset));
		return -EINVAL;
	}
	return 0;
}

/* @off rounded up to the next tag, as FDT_TAGALIGN() of libfdt's internals. */
#define TAG_ALIGN(off) (((off) + FDT_TAGSIZE - 1) & ~(size_t)(FDT_TAGSIZE - 1))

/* The size of the structure block of a blob whose header libfdt has checked. */
static size_t struct_size(const void *blob)
{
	if (fdt_version(blob) >= 17)
		return fdt_size_dt_struct(blob);
	return fdt_totalsize(blob) - fdt_off_dt_struct(blob);
}

/*
 * Walk the structure block of @blob as fdt_next_tag() does, before libfdt
 * does: each property's value must lie within the block. libfdt 1.6.1 adds
 * a property's length to an int offset, so that 0xffffffff passes
 * fdt_check_full() (the next tag is where it was) and 0xfffffff4 sends it
 * back to the same tag for ever. Anything else wrong is left to
 * fdt_check_full(). Return: 0, or -EINVAL (logged, naming the node).
 */
static int check_lengths(const void *blob, const char *what)
{
	const char *s = (const char *)blob + fdt_off_dt_struct(blob), *name;
	size_t size = struct_size(blob), off = 0, len, at[OF_MAX_DEPTH + 1];
	char path[256] = "";
	int depth = 0;
	u32 tag;

	while (off + FDT_TAGSIZE <= size) {
		tag = fdt32_ld((const fdt32_t *)(s + off));
		off += FDT_TAGSIZE;
		if (tag == FDT_BEGIN_NODE) {
			name = s + off;
			len = strnlen(name, size - off);
			if (len == size - off || depth > OF_MAX_DEPTH)
				return 0; /* for fdt_check_full() or build_tree() */
			at[depth] = strlen(path);
			snprintf(path + at[depth], sizeof(path) - at[depth], "%s%.*s",
				 depth ? "/" : "", (int)len, name);
			depth++;
			off = TAG_ALIGN(off + len + 1);
		} else if (tag == FDT_END_NODE) {
			if (depth)
				path[at[--depth]] = '\0';
		} else if (tag == FDT_PROP) {
			if (size - off < 2 * sizeof(fdt32_t))
				return 0;
			len = fdt32_ld((const fdt32_t *)(s + off));
			if (len > size - off - 2 * sizeof(fdt32_t)) {
				name = fdt_get_string(
					blob, (int)fdt32_ld((const fdt32_t *)(s + off) + 1), NULL);
				pr_err("ldm: board %s: %s: property %s is %zu bytes long, past the end "
				       "of the blob\n",
				       what, path[0] ? path : "/", name ? name : "?", len);
				return -EINVAL;
			}
			off = TAG_ALIGN(off + 2 * sizeof(fdt32_t) + len);
		} else if (tag != FDT_NOP) {
			return 0; /* FDT_END, or for fdt_check_full() to refuse */
		}
	}
	return 0;
}

/* Say what is wrong with a blob libfdt refuses. */
static int blob_error(const void *blob, size_t size, const char *what, int fdt_error)
{
	if (fdt_error == -FDT_ERR_TRUNCATED && size >= sizeof(struct fdt_header) &&
	    fdt_magic(blob) == FDT_MAGIC && fdt_totalsize(blob) > size)
		pr_err("ldm: board %s: truncated: the blob's header says %u bytes, there are %zu\n",
		       what, fdt_totalsize(blob), size);
	else if (fdt_error == -FDT_ERR_TRUNCATED && size < sizeof(struct fdt_header))
		pr_err("ldm: board %s: truncated: %zu bytes, less than a blob's header\n", what,
		       size);
	else if (fdt_error == -FDT_ERR_BADMAGIC)
		pr_err("ldm: board %s: not a device tree blob (bad magic)\n", what);
	else
		pr_err("ldm: board %s: not a valid device tree blob: %s\n", what,
		       fdt_strerror(fdt_error));
	return -EINVAL;
}

/*
 * The whole blob, before anything is built: its header, its version and
 * size, the lengths of its properties, then every tag, name and string
 * (fdt_check_full). Return: 0, or -EINVAL (logged).
 */
static int check_blob(const void *blob, size_t size, const char *what)
{
	int error;

	if (size < sizeof(struct fdt_header))
		return blob_error(blob, size, what, -FDT_ERR_TRUNCATED);
	if (fdt_magic(blob) == FDT_MAGIC && fdt_version(blob) < OF_MIN_VERSION) {
		/* libfdt 1.6.1's fdt_check_full() dereferences NULL on these. */
		pr_err("ldm: board %s: a blob of version %u: ldm reads version %d and later "
		       "(dtc writes 17)\n",
		       what, fdt_version(blob), OF_MIN_VERSION);
		return -EINVAL;
	}
	error = fdt_check_header(blob);
	if (!error && fdt_totalsize(blob) > size)
		error = -FDT_ERR_TRUNCATED;
	if (error)
		return blob_error(blob, size, what, error);
	error = check_lengths(blob, what);
	if (error)
		return error;
	error = fdt_check_full(blob, size);
	return error ? blob_error(blob, size, what, error) : 0;
}

/**
 * of_unflatten - make a device tree blob into a tree of nodes
 * @blob: the blob
 * @size: its size in bytes (the blob's header must not claim more)
 * @what: the name messages give it (its file)
 * @ret: the tree, with one reference, on success
 *
 * Return: 0; -EINVAL for a blob that is not a valid device tree (logged),
 * -E2BIG for one nested too deep, -ENOMEM.
 */
int of_unflatten(const void *blob, size_t size, const char *what, struct of_tree **ret)
{
	struct fdt_walk w = { .blob = blob, .what = what };
	struct of_tree *tree;
	int error;

	error = check_blob(blob, size, what);
	if (error)
		return error;
	w.end = (const char *)blob + fdt_totalsize(blob); /* <= size: checked */
	tree = kzalloc(sizeof(*tree), GFP_KERNEL);
	if (!tree)
		return -ENOMEM;
	kref_init(&tree->kref);
	w.tree = tree;
	error = build_tree(&w);
	if (!error && !tree->root) {
		pr_err("ldm: board %s: no root node\n", what);
		error = -EINVAL;
	}
	if (error) {
		of_tree_put(tree);
		return error;
	}
	*ret = tree;
	return 0;
}
