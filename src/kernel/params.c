// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * params.c - /module, and the parameters of parts of the runtime that Linux
 * builds as modules (kernel/params.c): /module/<name>/parameters/<param>.
 * The module loader adds loaded modules here; in the modern tree each
 * raises add and remove events with SUBSYSTEM=module.
 */
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kobject.h>

#include "boot.h"
#include "params.h"
#include "sysfs_compat.h"

static struct kobj_type builtin_ktype;

/* Loaded modules: not what lies below them, nor the built-in parts, there before anyone listens. */
static int module_hotplug_filter(struct kset *kset, struct kobject *kobj)
{
	return ldm_sysfs_modern() && kobj->kset == kset && get_ktype(kobj) != &builtin_ktype;
}

static struct kset_hotplug_ops module_hotplug_ops = {
	.filter = module_hotplug_filter,
};

decl_subsys(module, NULL, &module_hotplug_ops);

pthread_mutex_t builtin_param_lock = PTHREAD_MUTEX_INITIALIZER;

#define to_param_attr(a) container_of(a, struct ldm_param_attribute, attr)

static ssize_t param_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct ldm_param_attribute *pattr = to_param_attr(attr);

	ssize_t ret;

	(void)kobj;
	if (!pattr->show)
		return -EIO;
	pthread_mutex_lock(&builtin_param_lock);
	ret = pattr->show(buf);
	pthread_mutex_unlock(&builtin_param_lock);
	return ret;
}

static ssize_t param_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
				size_t count)
{
	struct ldm_param_attribute *pattr = to_param_attr(attr);

	ssize_t ret;

	(void)kobj;
	if (!pattr->store)
		return -EIO;
	pthread_mutex_lock(&builtin_param_lock);
	ret = pattr->store(buf, count);
	pthread_mutex_unlock(&builtin_param_lock);
	return ret;
}

static struct sysfs_ops param_sysfs_ops = {
	.show = param_attr_show,
	.store = param_attr_store,
};

/* A built-in module's kobject lives in its owner's static data. */
static void builtin_release(struct kobject *kobj)
{
	(void)kobj;
}

static struct kobj_type builtin_ktype = {
	.release = builtin_release,
	.sysfs_ops = &param_sysfs_ops,
};

/**
 * ldm_builtin_params_add - publish the parameters of a built-in part
 * @kobj: a zeroed kobject to represent it, /module/<name>
 * @name: the name it would have as a module
 * @group: its parameters, a group named "parameters" of ldm_param_attribute
 */
int ldm_builtin_params_add(struct kobject *kobj, const char *name,
			   const struct attribute_group *group)
{
	int error;

	error = kobject_set_name(kobj, "%s", name);
	if (error)
		return error;
	kobj->kset = &module_subsys.kset;
	kobj->ktype = &builtin_ktype;
	error = kobject_register(kobj);
	if (error) {
		kobject_put(kobj);
		return error;
	}
	error = sysfs_create_group(kobj, group);
	if (error)
		kobject_unregister(kobj);
	return error;
}

void ldm_builtin_params_remove(struct kobject *kobj, const struct attribute_group *group)
{
	sysfs_remove_group(kobj, group);
	kobject_unregister(kobj);
}

int param_sysfs_init(void)
{
	return subsystem_register(&module_subsys);
}

void param_sysfs_exit(void)
{
	subsystem_unregister(&module_subsys);
}
