// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ksysfs.c - /sys/kernel (kernel/ksysfs.c of later kernels): the runtime's
 * own settings as files. uevent_helper is the helper program of hotplug
 * events (2.6.9 had /proc/sys/kernel/hotplug), uevent_seqnum the number of
 * the last event, tainted the taint mask (Linux's /proc/sys/kernel/tainted),
 * ldm_sysfs the tree built (LDM_SYSFS: modern or 2.6.9).
 */
#include <stdio.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>
#include <libldm/runtime.h>

#include "boot.h"
#include "ksysfs.h"
#include "taint.h"
#include "uevent.h"

decl_subsys(kernel, NULL, NULL);

static ssize_t uevent_helper_show(struct subsystem *s, char *page)
{
	int len;

	(void)s;
	len = kobject_uevent_helper_get(page, PAGE_SIZE - 1);
	page[len++] = '\n';
	return len;
}

static ssize_t uevent_helper_store(struct subsystem *s, const char *page, size_t count)
{
	int error;

	(void)s;
	error = kobject_uevent_helper_set(page, count);
	return error ? error : (ssize_t)count;
}

static ssize_t uevent_seqnum_show(struct subsystem *s, char *page)
{
	(void)s;
	return sprintf(page, "%llu\n", kobject_uevent_seqnum());
}

static ssize_t tainted_show(struct subsystem *s, char *page)
{
	(void)s;
	return sprintf(page, "%lu\n", ldm_tainted());
}

static ssize_t ldm_sysfs_show(struct subsystem *s, char *page)
{
	(void)s;
	return sprintf(page, "%s\n", ldm_sysfs_layout());
}

static struct subsys_attribute tainted_attr = __ATTR(tainted, 0444, tainted_show, NULL);
static struct subsys_attribute ldm_sysfs_attr = __ATTR(ldm_sysfs, 0444, ldm_sysfs_show, NULL);

static struct subsys_attribute uevent_helper_attr =
	__ATTR(uevent_helper, 0644, uevent_helper_show, uevent_helper_store);
static struct subsys_attribute uevent_seqnum_attr =
	__ATTR(uevent_seqnum, 0444, uevent_seqnum_show, NULL);

int ksysfs_init(void)
{
	int error;

	error = subsystem_register(&kernel_subsys);
	if (error)
		return error;
	error = subsys_create_file(&kernel_subsys, &uevent_helper_attr);
	if (!error)
		error = subsys_create_file(&kernel_subsys, &uevent_seqnum_attr);
	if (!error)
		error = subsys_create_file(&kernel_subsys, &tainted_attr);
	if (!error)
		error = subsys_create_file(&kernel_subsys, &ldm_sysfs_attr);
	if (error)
		subsystem_unregister(&kernel_subsys);
	return error;
}

void ksysfs_exit(void)
{
	subsystem_unregister(&kernel_subsys);
}
