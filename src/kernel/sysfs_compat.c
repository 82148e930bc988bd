// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sysfs_compat.c - the runtime setting that chooses the tree: "modern"
 * (the default) adds to 2.6.9's tree what today's tools read (uevent
 * files, subsystem and driver links, modalias, /dev, the events that go
 * with them); "2.6.9" builds 2.6.9's tree and events exactly.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/errno.h>
#include <ldm/kernel.h>
#include <libldm/runtime.h>

#include "sysfs_compat.h"

enum layout { LAYOUT_UNSET, LAYOUT_MODERN, LAYOUT_269 };

static const char *const layout_names[] = {
	[LAYOUT_MODERN] = "modern",
	[LAYOUT_269] = "2.6.9",
};

/* Set before the runtime boots and fixed while it runs: no lock needed. */
static enum layout chosen, in_use;
static bool running;

static enum layout layout_of(const char *name)
{
	if (!strcmp(name, "modern"))
		return LAYOUT_MODERN;
	if (!strcmp(name, "2.6.9"))
		return LAYOUT_269;
	return LAYOUT_UNSET;
}

/**
 * ldm_sysfs_layout_set - choose the tree the next ldm_init() builds
 * @layout: "modern" (2.6.9's tree with what today's tools need) or "2.6.9"
 *	(2.6.9's tree exactly); NULL to let LDM_SYSFS decide again
 *
 * Return: 0, -EINVAL for an unknown name, -EBUSY while the runtime runs.
 */
int ldm_sysfs_layout_set(const char *layout)
{
	enum layout l = layout ? layout_of(layout) : LAYOUT_UNSET;

	if (layout && l == LAYOUT_UNSET)
		return -EINVAL;
	if (__atomic_load_n(&running, __ATOMIC_ACQUIRE))
		return -EBUSY;
	chosen = l;
	return 0;
}

/**
 * ldm_sysfs_layout - the tree the runtime builds: "modern" or "2.6.9"
 *
 * Return: the name of the layout in use, or of the one the next
 * ldm_init() would build (the host's choice, else LDM_SYSFS, else modern).
 */
const char *ldm_sysfs_layout(void)
{
	if (__atomic_load_n(&running, __ATOMIC_ACQUIRE))
		return layout_names[in_use];
	return layout_names[chosen ? chosen : LAYOUT_MODERN];
}

bool ldm_sysfs_modern(void)
{
	return in_use != LAYOUT_269;
}

int sysfs_compat_init(const char *env)
{
	enum layout l = chosen;

	if (!l && env && *env) {
		l = layout_of(env);
		if (!l) {
			printk(KERN_ERR "ldm: LDM_SYSFS=%s: not a layout (modern or 2.6.9)\n", env);
			return -EINVAL;
		}
	}
	in_use = l ? l : LAYOUT_MODERN;
	__atomic_store_n(&running, true, __ATOMIC_RELEASE);
	return 0;
}

void sysfs_compat_exit(void)
{
	__atomic_store_n(&running, false, __ATOMIC_RELEASE);
	in_use = LAYOUT_UNSET;
}
