/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * of_private.h - what the files of the device tree share
 * (drivers/of/of_private.h). Private to libldm.
 *
 *   base.c      nodes, references, compatibility and matching
 *   property.c  the of_property_read_*() helpers
 *   device.c    of_match_device(), of_device_get_match_data()
 *   fdt.c       a flattened blob made into a tree of nodes (libfdt)
 *   kobj.c      the tree in sysfs: /firmware/devicetree/base
 *   platform.c  the platform devices of a tree: names, resources
 *   board.c     ldm_board_load(): files, dtc, the loaded board
 */
#ifndef _LDM_OF_PRIVATE_H
#define _LDM_OF_PRIVATE_H

#include <ldm/device.h>
#include <ldm/kref.h>
#include <ldm/of.h>

/* Deepest nesting of nodes a blob may have (as Linux's FDT_MAX_DEPTH). */
#define OF_MAX_DEPTH 64

/* A whole tree: its nodes live as long as its count has references. */
struct of_tree {
	struct kref kref;
	struct device_node *root;
};

/* fdt.c: @what names the blob in messages */
int of_unflatten(const void *blob, size_t size, const char *what, struct of_tree **ret);
void of_tree_get(struct of_tree *tree);
void of_tree_put(struct of_tree *tree);

/* base.c */
struct device_node *of_find_node_by_phandle_in(struct device_node *root, phandle handle);
struct device_node *of_next_node(struct device_node *node);
struct device_node *of_root_get(void);
void of_root_set(struct device_node *root);

/* kobj.c: /firmware/devicetree/base, and each device's of_node link */
int of_kobj_add_tree(struct device_node *root);
void of_kobj_remove_tree(struct device_node *root);
int of_kobj_link(struct device_node *np, struct kobject *kobj);

/* platform.c: the devices made, in the order registered */
struct of_devices {
	struct platform_device **pdevs;
	size_t count, size;
};

int of_platform_populate_tree(struct device_node *root, const char *what, struct of_devices *devs);
void of_platform_depopulate_tree(struct of_devices *devs);

#endif /* _LDM_OF_PRIVATE_H */
