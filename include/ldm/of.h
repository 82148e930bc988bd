/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/of.h> - the device tree, as <linux/of.h> of modern Linux: the nodes
 * of the board ldm booted (docs/boards.md), their properties, and the
 * helpers a driver reads its node with.
 *
 * 2.6.9 had no device tree on x86 (only PowerPC and SPARC had Open
 * Firmware); this is modern Linux's model, beside the 2.6.9 driver core.
 *
 * Nodes are read-only once a board is loaded, and live until the last
 * device made from the board is released: of_node_get() and of_node_put()
 * keep them (the whole tree) alive. Property values are stored as in the
 * blob, big-endian; the of_property_read_*() helpers convert.
 */
#ifndef _LDM_OF_H
#define _LDM_OF_H

#include <ldm/compiler.h>
#include <ldm/errno.h>
#include <ldm/mod_devicetable.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

typedef u32 phandle;

/**
 * struct property - one property of a node
 * @name: its name
 * @length: the size of @value in bytes (0 for a boolean property)
 * @value: its value, big-endian cells or NUL-terminated strings
 * @next: the node's next property
 */
struct property {
	char *name;
	int length;
	void *value;
	struct property *next;
};

struct of_tree;
struct of_kobj;

/**
 * struct device_node - one node of the device tree
 * @name: its name without the unit address ("serial" for serial@10000000)
 * @full_name: its path from the root ("/soc/serial@10000000"; modern Linux
 *	keeps only the last component here and prints the path with %pOF)
 * @phandle: its phandle, 0 if it has none
 * @properties: its properties, in the blob's order
 * @parent: its parent, NULL for the root
 * @child: its first child
 * @sibling: its parent's next child
 * @tree: private: the tree it belongs to, whose reference count it shares
 * @kobj: private: its directory under /firmware/devicetree/base
 */
struct device_node {
	const char *name;
	const char *full_name;
	phandle phandle;
	struct property *properties;
	struct device_node *parent;
	struct device_node *child;
	struct device_node *sibling;
	struct of_tree *tree;
	struct of_kobj *kobj;
};

struct device_node *of_node_get(struct device_node *node);
void of_node_put(struct device_node *node);

struct property *of_find_property(const struct device_node *np, const char *name, int *lenp);
const void *of_get_property(const struct device_node *np, const char *name, int *lenp);
int of_device_is_compatible(const struct device_node *np, const char *compat);
bool of_device_is_available(const struct device_node *np);
const struct of_device_id *of_match_node(const struct of_device_id *matches,
					 const struct device_node *node);

struct device_node *of_find_node_by_path(const char *path);
struct device_node *of_get_parent(const struct device_node *node);
struct device_node *of_get_next_child(const struct device_node *node, struct device_node *prev);
struct device_node *of_get_child_by_name(const struct device_node *node, const char *name);

/* Each child of @parent in turn, referenced; of_node_put() @child if leaving early. */
#define for_each_child_of_node(parent, child) \
	for (child = of_get_next_child(parent, NULL); child; \
	     child = of_get_next_child(parent, child))

int of_property_count_elems_of_size(const struct device_node *np, const char *propname,
				    int elem_size);
int of_property_read_u32_index(const struct device_node *np, const char *propname, u32 index,
			       u32 *out_value);
int of_property_read_variable_u32_array(const struct device_node *np, const char *propname,
					u32 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_u64(const struct device_node *np, const char *propname, u64 *out_value);
int of_property_read_string(const struct device_node *np, const char *propname,
			    const char **out_string);
int of_property_match_string(const struct device_node *np, const char *propname,
			     const char *string);

/**
 * of_property_read_u32_array - read exactly @sz cells of a property
 * @np: the node
 * @propname: the property
 * @out_values: where the values go (untouched on error)
 * @sz: how many
 *
 * Return: 0; -EINVAL if there is no such property, -ENODATA if it has no
 * value, -EOVERFLOW if it holds fewer than @sz cells.
 */
static inline int of_property_read_u32_array(const struct device_node *np, const char *propname,
					     u32 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u32_array(np, propname, out_values, sz, 0);

	return ret >= 0 ? 0 : ret;
}

/** of_property_read_u32 - read the first cell of a property; as the array form */
static inline int of_property_read_u32(const struct device_node *np, const char *propname,
				       u32 *out_value)
{
	return of_property_read_u32_array(np, propname, out_value, 1);
}

/** of_property_read_bool - whether @np has the property @propname */
static inline bool of_property_read_bool(const struct device_node *np, const char *propname)
{
	return of_find_property(np, propname, NULL) != NULL;
}

/** of_property_count_u32_elems - how many cells a property holds, or an error */
static inline int of_property_count_u32_elems(const struct device_node *np, const char *propname)
{
	return of_property_count_elems_of_size(np, propname, sizeof(u32));
}

/** of_read_number - @size big-endian cells from @cell as one number (up to 2) */
static inline u64 of_read_number(const u32 *cell, int size)
{
	u64 r = 0;

	while (size-- > 0)
		r = (r << 32) | __builtin_bswap32(*cell++);
	return r;
}

/** of_node_full_name - the path of a node, "<no-node>" for NULL */
static inline const char *of_node_full_name(const struct device_node *np)
{
	return np ? np->full_name : "<no-node>";
}

#pragma GCC visibility pop

#endif /* _LDM_OF_H */
