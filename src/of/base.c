// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * base.c - device tree nodes (drivers/of/base.c of modern Linux): the root
 * of the loaded board, references, walking, properties, compatibility and
 * matching against a driver's table.
 */
#include <pthread.h>
#include <string.h>
#include <strings.h>
#include <ldm/export.h>

#include "of_private.h"

/* The root of the loaded board, if any. */
static struct device_node *of_root;
static pthread_mutex_t of_root_lock = PTHREAD_MUTEX_INITIALIZER;

/* The root of the loaded board, referenced, or NULL. */
struct device_node *of_root_get(void)
{
	struct device_node *root;

	pthread_mutex_lock(&of_root_lock);
	root = of_node_get(of_root);
	pthread_mutex_unlock(&of_root_lock);
	return root;
}

/* Make @root (or no tree) the one lookups by path see; board.c keeps it alive. */
void of_root_set(struct device_node *root)
{
	pthread_mutex_lock(&of_root_lock);
	of_root = root;
	pthread_mutex_unlock(&of_root_lock);
}

/**
 * of_node_get - take a reference on a node (on its whole tree)
 * @node: the node, or NULL
 *
 * Return: @node.
 */
struct device_node *of_node_get(struct device_node *node)
{
	if (node && node->tree)
		of_tree_get(node->tree);
	return node;
}
EXPORT_SYMBOL(of_node_get);

/**
 * of_node_put - drop a reference taken with of_node_get() or given by a
 * lookup; the tree goes with its last reference
 * @node: the node, or NULL
 */
void of_node_put(struct device_node *node)
{
	if (node && node->tree)
		of_tree_put(node->tree);
}
EXPORT_SYMBOL(of_node_put);

/* The node after @node in a walk of its tree in document order, or NULL. */
struct device_node *of_next_node(struct device_node *node)
{
	if (node->child)
		return node->child;
	while (node && !node->sibling)
		node = node->parent;
	return node ? node->sibling : NULL;
}

/* The node of @root's tree with phandle @handle, not referenced, or NULL. */
struct device_node *of_find_node_by_phandle_in(struct device_node *root, phandle handle)
{
	struct device_node *np;

	if (!handle)
		return NULL;
	for (np = root; np; np = of_next_node(np))
		if (np->phandle == handle)
			return np;
	return NULL;
}

/**
 * of_find_property - find a property of a node
 * @np: the node, or NULL
 * @name: the property's name
 * @lenp: if not NULL, where its length goes
 *
 * Return: the property, or NULL.
 */
struct property *of_find_property(const struct device_node *np, const char *name, int *lenp)
{
	struct property *pp;

	if (!np || !name)
		return NULL;
	for (pp = np->properties; pp; pp = pp->next) {
		if (!strcmp(pp->name, name)) {
			if (lenp)
				*lenp = pp->length;
			return pp;
		}
	}
	return NULL;
}
EXPORT_SYMBOL(of_find_property);

/**
 * of_get_property - the value of a property of a node
 * @np: the node, or NULL
 * @name: the property's name
 * @lenp: if not NULL, where its length goes
 *
 * Return: the value, as stored in the blob (big-endian cells), or NULL.
 */
const void *of_get_property(const struct device_node *np, const char *name, int *lenp)
{
	struct property *pp = of_find_property(np, name, lenp);

	return pp ? pp->value : NULL;
}
EXPORT_SYMBOL(of_get_property);

/* Where @s stands in the string list @name of @np, from 0; -1 if absent. */
static int string_index(const struct device_node *np, const char *name, const char *s)
{
	struct property *pp = of_find_property(np, name, NULL);
	const char *p, *end;
	int i;

	if (!pp || !pp->value)
		return -1;
	p = pp->value;
	end = p + pp->length;
	for (i = 0; p < end; i++) {
		size_t len = strnlen(p, (size_t)(end - p));

		if (p + len == end)
			return -1; /* not NUL-terminated: not a string list */
		if (!strcasecmp(p, s))
			return i;
		p += len + 1;
	}
	return -1;
}

/* The score of a compatible string at @index: earlier is more specific. */
static int compat_score(int index)
{
	return 0x10000 - (index < 0xffff ? index : 0xffff);
}

/**
 * of_device_is_compatible - whether a node's "compatible" names @compat
 * @np: the node
 * @compat: the string, compared without regard to case, as Linux does
 *
 * Return: 0 if not; otherwise a positive score, higher for a string that
 * comes earlier in the list (the more specific one).
 */
int of_device_is_compatible(const struct device_node *np, const char *compat)
{
	int index;

	if (!np || !compat)
		return 0;
	index = string_index(np, "compatible", compat);
	return index < 0 ? 0 : compat_score(index);
}
EXPORT_SYMBOL(of_device_is_compatible);

/**
 * of_device_is_available - whether a node's "status" lets it be used
 * @np: the node
 *
 * Return: true without a status, or with "okay" or "ok".
 */
bool of_device_is_available(const struct device_node *np)
{
	const char *status;
	int len;

	if (!np)
		return false;
	status = of_get_property(np, "status", &len);
	if (!status)
		return true;
	return len > 0 && strnlen(status, (size_t)len) < (size_t)len &&
	       (!strcmp(status, "okay") || !strcmp(status, "ok"));
}
EXPORT_SYMBOL(of_device_is_available);

/* How well @m fits @np: 0 not at all, else higher is better. */
static int match_score(const struct of_device_id *m, const struct device_node *np)
{
	int score = 0, index;

	if (m->compatible[0]) {
		index = string_index(np, "compatible", m->compatible);
		if (index < 0)
			return 0;
		score += compat_score(index) << 2;
	}
	if (m->type[0]) {
		if (string_index(np, "device_type", m->type) != 0)
			return 0;
		score += 2;
	}
	if (m->name[0]) {
		if (strcmp(m->name, np->name))
			return 0;
		score++;
	}
	return score;
}

/**
 * of_match_node - the entry of a match table that fits a node best
 * @matches: the table, ended by an entry with empty name, type and
 *	compatible
 * @node: the node
 *
 * An entry fits when each of its non-empty strings does; a compatible
 * string earlier in the node's list beats a later one, and among equals the
 * first entry wins.
 * Return: the entry, or NULL.
 */
const struct of_device_id *of_match_node(const struct of_device_id *matches,
					 const struct device_node *node)
{
	const struct of_device_id *best = NULL;
	int best_score = 0, score;

	if (!matches || !node)
		return NULL;
	for (; matches->name[0] || matches->type[0] || matches->compatible[0]; matches++) {
		score = match_score(matches, node);
		if (score > best_score) {
			best = matches;
			best_score = score;
		}
	}
	return best;
}
EXPORT_SYMBOL(of_match_node);

/* The last component of a node's path: "serial@10000000". */
static const char *basename_of(const struct device_node *np)
{
	const char *slash = strrchr(np->full_name, '/');

	return slash ? slash + 1 : np->full_name;
}

/* The child of @np that the path component @c (@len bytes) names. */
static struct device_node *child_by_component(const struct device_node *np, const char *c,
					      size_t len)
{
	bool has_unit = memchr(c, '@', len) != NULL;
	struct device_node *child;

	for (child = np->child; child; child = child->sibling) {
		const char *name = has_unit ? basename_of(child) : child->name;

		if (strlen(name) == len && !memcmp(name, c, len))
			return child;
	}
	return NULL;
}

/**
 * of_find_node_by_path - find a node of the loaded board by its path
 * @path: an absolute path, "/soc/serial@10000000"; a component without a
 *	unit address names the first child of that name
 *
 * Return: the node, referenced (of_node_put() it), or NULL.
 */
struct device_node *of_find_node_by_path(const char *path)
{
	struct device_node *root, *np;
	size_t len;

	if (!path || path[0] != '/')
		return NULL;
	root = of_root_get();
	np = root;
	for (path++; np && *path; path += len) {
		if (*path == '/') {
			len = 1;
			continue;
		}
		len = strcspn(path, "/");
		np = child_by_component(np, path, len);
	}
	if (np)
		of_node_get(np);
	of_node_put(root);
	return np;
}
EXPORT_SYMBOL(of_find_node_by_path);

/**
 * of_get_parent - the parent of a node
 * @node: the node
 *
 * Return: the parent, referenced, or NULL for the root.
 */
struct device_node *of_get_parent(const struct device_node *node)
{
	return node ? of_node_get(node->parent) : NULL;
}
EXPORT_SYMBOL(of_get_parent);

/**
 * of_get_next_child - iterate over the children of a node
 * @node: the parent
 * @prev: the child before, whose reference this drops; NULL for the first
 *
 * Return: the next child, referenced, or NULL after the last.
 */
struct device_node *of_get_next_child(const struct device_node *node, struct device_node *prev)
{
	struct device_node *next;

	if (!node)
		return NULL;
	next = prev ? prev->sibling : node->child;
	of_node_get(next);
	of_node_put(prev);
	return next;
}
EXPORT_SYMBOL(of_get_next_child);

/**
 * of_get_child_by_name - the first child of a node with a name
 * @node: the parent
 * @name: the child's name, without unit address
 *
 * Return: the child, referenced, or NULL.
 */
struct device_node *of_get_child_by_name(const struct device_node *node, const char *name)
{
	struct device_node *child;

	if (!name)
		return NULL;
	for_each_child_of_node(node, child) if (!strcmp(child->name, name)) return child;
	return NULL;
}
EXPORT_SYMBOL(of_get_child_by_name);
