// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nodes.c - the node ids of the sysfs mount.
 *
 * The kernel names every inode it knows by the node id a LOOKUP reply gave
 * it, counts how many such replies it got (its lookup count), and gives the
 * count back with FORGET when it drops the inode. A node id here is the
 * address of a struct fuse_node: it holds one reference on its sysfs node
 * for as long as the kernel's count is above zero, so the node it names is
 * valid memory whatever happens to the tree meanwhile (a removed node then
 * answers with -ENOENT or -ENODEV, never with freed memory). The same sysfs
 * node always gets the same id while the kernel knows it, so the kernel's
 * dentries stay valid across look-ups. The root is FUSE_ROOT_ID, held from
 * the start of serving to the end; FUSE never forgets it.
 */
#include <errno.h>
#include <pthread.h>
#include <search.h>
#include <stdlib.h>
#include <libldm/sysfs.h>

#include "internal.h"

struct fuse_node {
	struct ldm_sysfs_node *sd; /* referenced */
	uint64_t nlookup;	   /* the kernel's lookup count */
};

static pthread_mutex_t nodes_lock = PTHREAD_MUTEX_INITIALIZER;
static void *nodes; /* tsearch() tree of struct fuse_node, by sd */
static struct ldm_sysfs_node *root_sd;

static int by_sd(const void *a, const void *b)
{
	const struct fuse_node *x = a, *y = b;

	return x->sd < y->sd ? -1 : x->sd > y->sd;
}

/**
 * fuse_nodes_init - take the root of the tree for FUSE_ROOT_ID
 *
 * Return: 0, or the error of the look-up (-ENODEV before ldm_init()).
 */
int fuse_nodes_init(void)
{
	return ldm_sysfs_lookup("/", 0, &root_sd);
}

static void free_node(void *p)
{
	struct fuse_node *node = p;

	ldm_sysfs_put(node->sd);
	free(node);
}

/**
 * fuse_nodes_exit - drop every node the kernel still knows, and the root
 *
 * Only once nothing serves the session any more: the kernel sends no
 * FORGET for what it still holds at unmount.
 */
void fuse_nodes_exit(void)
{
	tdestroy(nodes, free_node);
	nodes = NULL;
	ldm_sysfs_put(root_sd);
	root_sd = NULL;
}

/**
 * fuse_node_sd - the sysfs node a node id names
 * @ino: a node id the kernel has and has not forgotten
 *
 * Return: the node, valid until the kernel forgets @ino.
 */
struct ldm_sysfs_node *fuse_node_sd(fuse_ino_t ino)
{
	if (ino == FUSE_ROOT_ID)
		return root_sd;
	return ((struct fuse_node *)(uintptr_t)ino)->sd;
}

/**
 * fuse_node_hold - the node id for a sysfs node a LOOKUP is about to return
 * @sd: the node, referenced; the reference passes to the node table
 *
 * Counts one lookup on the id; fuse_node_forget(id, 1) undoes it if the
 * reply does not reach the kernel.
 * Return: the node id, or 0 when out of memory (@sd is then put).
 */
fuse_ino_t fuse_node_hold(struct ldm_sysfs_node *sd)
{
	struct fuse_node key = { .sd = sd }, *node, **found;

	if (sd == root_sd) {
		ldm_sysfs_put(sd);
		return FUSE_ROOT_ID;
	}
	pthread_mutex_lock(&nodes_lock);
	found = tfind(&key, &nodes, by_sd);
	if (found) {
		node = *found;
		node->nlookup++;
		pthread_mutex_unlock(&nodes_lock);
		ldm_sysfs_put(sd); /* the node already holds one */
		return (fuse_ino_t)(uintptr_t)node;
	}
	node = malloc(sizeof(*node));
	if (node) {
		node->sd = sd;
		node->nlookup = 1;
		if (!tsearch(node, &nodes, by_sd)) {
			free(node);
			node = NULL;
		}
	}
	pthread_mutex_unlock(&nodes_lock);
	if (!node)
		ldm_sysfs_put(sd);
	return (fuse_ino_t)(uintptr_t)node;
}

/**
 * fuse_node_find - the node id the kernel knows a sysfs node by
 * @sd: the node
 *
 * Return: the id, or 0 if the kernel holds none for it (it caches nothing
 * about it, nor below it). The id may be forgotten as soon as this returns:
 * use it only where the kernel checks ids (notifications).
 */
fuse_ino_t fuse_node_find(struct ldm_sysfs_node *sd)
{
	struct fuse_node key = { .sd = sd }, **found;
	fuse_ino_t ino = 0;

	if (sd == root_sd)
		return FUSE_ROOT_ID;
	pthread_mutex_lock(&nodes_lock);
	found = tfind(&key, &nodes, by_sd);
	if (found && (*found)->nlookup)
		ino = (fuse_ino_t)(uintptr_t)*found;
	pthread_mutex_unlock(&nodes_lock);
	return ino;
}

/**
 * fuse_node_forget - the kernel gives back lookups of a node id
 * @ino: the node id
 * @nlookup: how many
 *
 * The last one drops the node's reference on its sysfs node.
 */
void fuse_node_forget(fuse_ino_t ino, uint64_t nlookup)
{
	struct fuse_node *node = (struct fuse_node *)(uintptr_t)ino;
	bool last;

	if (ino == FUSE_ROOT_ID)
		return;
	pthread_mutex_lock(&nodes_lock);
	node->nlookup -= nlookup < node->nlookup ? nlookup : node->nlookup;
	last = !node->nlookup;
	if (last)
		tdelete(node, &nodes, by_sd);
	pthread_mutex_unlock(&nodes_lock);
	if (last)
		free_node(node);
}
