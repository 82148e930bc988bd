// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sysfs.c - /module/<name> for every loaded module (kernel/module.c
 * and kernel/params.c of later kernels): refcnt, taint, initstate, holders/
 * with a link to each module that uses this one, and parameters/<param> for
 * each parameter whose permissions let it be seen; in the modern tree also
 * coresize, initsize and uevent as modern Linux has them, and the driver
 * core's drivers/ links (src/base/module.c) through the hook set here.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "boot.h"
#include "internal.h"
#include "iospace.h"
#include "module_kobject.h"
#include "params.h"
#include "sysfs_compat.h"
#include "uevent.h"

#define to_lm(k)    container_of(k, struct ldm_module, kobj)
#define to_mattr(a) container_of(a, struct module_attribute, attr)

static ssize_t module_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct module_attribute *mattr = to_mattr(attr);

	return mattr->show ? mattr->show(to_lm(kobj), mattr, buf) : -EIO;
}

static ssize_t module_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
				 size_t count)
{
	struct module_attribute *mattr = to_mattr(attr);

	return mattr->store ? mattr->store(to_lm(kobj), mattr, buf, count) : -EIO;
}

static struct sysfs_ops module_sysfs_ops = {
	.show = module_attr_show,
	.store = module_attr_store,
};

/* As Linux counts: the references taken, and one per module using this one. */
static ssize_t refcnt_show(struct ldm_module *lm, struct module_attribute *mattr, char *buf)
{
	unsigned int users = 0;
	struct module_use *use;

	(void)mattr;
	pthread_mutex_lock(&module_mutex);
	list_for_each_entry(use, &lm->users, source_list)
		users++;
	pthread_mutex_unlock(&module_mutex);
	return sprintf(buf, "%u\n", module_refcount(lm->mod) + users);
}

static ssize_t taint_show(struct ldm_module *lm, struct module_attribute *mattr, char *buf)
{
	char flags[16];

	(void)mattr;
	module_taint_string(lm->taints, flags, sizeof(flags));
	return sprintf(buf, "%s\n", flags);
}

static ssize_t initstate_show(struct ldm_module *lm, struct module_attribute *mattr, char *buf)
{
	static const char *const states[] = {
		[MODULE_STATE_LIVE] = "live",
		[MODULE_STATE_COMING] = "coming",
		[MODULE_STATE_GOING] = "going",
	};
	enum module_state state = __atomic_load_n(&lm->mod->state, __ATOMIC_ACQUIRE);

	(void)mattr;
	return sprintf(buf, "%s\n", states[state]);
}

/* The size lsmod and /proc/modules show; nothing is freed after init here. */
static ssize_t coresize_show(struct ldm_module *lm, struct module_attribute *mattr, char *buf)
{
	(void)mattr;
	return sprintf(buf, "%zu\n", lm->size);
}

static ssize_t initsize_show(struct ldm_module *lm, struct module_attribute *mattr, char *buf)
{
	(void)lm;
	(void)mattr;
	return sprintf(buf, "0\n");
}

static ssize_t uevent_store(struct ldm_module *lm, struct module_attribute *mattr, const char *buf,
			    size_t count)
{
	int error = kobject_synth_uevent(&lm->kobj, buf, count);

	(void)mattr;
	return error ? error : (ssize_t)count;
}

static struct module_attribute modattr_refcnt = __ATTR(refcnt, 0444, refcnt_show, NULL);
static struct module_attribute modattr_taint = __ATTR(taint, 0444, taint_show, NULL);
static struct module_attribute modattr_initstate = __ATTR(initstate, 0444, initstate_show, NULL);

static struct attribute *module_default_attrs[] = {
	&modattr_refcnt.attr,
	&modattr_taint.attr,
	&modattr_initstate.attr,
	NULL,
};

static struct module_attribute modattr_coresize = __ATTR(coresize, 0444, coresize_show, NULL);
static struct module_attribute modattr_initsize = __ATTR(initsize, 0444, initsize_show, NULL);
static struct module_attribute modattr_uevent = __ATTR(uevent, 0200, NULL, uevent_store);

static struct attribute *module_modern_attrs[] = {
	&modattr_coresize.attr,
	&modattr_initsize.attr,
	&modattr_uevent.attr,
	NULL,
};

/* The modern tree's files, beside 2.6.9's: an unnamed group. */
static const struct attribute_group module_modern_group = {
	.attrs = module_modern_attrs,
};

/* Frees the record, but only of a module that made it into sysfs. */
static void module_kobj_release(struct kobject *kobj)
{
	struct ldm_module *lm = to_lm(kobj);

	if (lm->in_sysfs)
		free_module_record(lm);
}

static struct kobj_type module_ktype = {
	.release = module_kobj_release,
	.sysfs_ops = &module_sysfs_ops,
	.default_attrs = module_default_attrs,
};

/* holders/ lives in its module's record. */
static void holders_release(struct kobject *kobj)
{
	(void)kobj;
}

static struct kobj_type holders_ktype = {
	.release = holders_release,
};

static ssize_t param_attr_show(struct ldm_module *lm, struct module_attribute *mattr, char *buf)
{
	int count;

	if (!mattr->param->get)
		return -EPERM;
	kernel_param_lock(lm->mod);
	count = mattr->param->get(buf, mattr->param);
	kernel_param_unlock(lm->mod);
	if (count < 0)
		return count;
	if ((size_t)count > PAGE_SIZE - 2)
		count = (int)PAGE_SIZE - 2;
	buf[count++] = '\n';
	buf[count] = '\0';
	return count;
}

static ssize_t param_attr_store(struct ldm_module *lm, struct module_attribute *mattr,
				const char *buf, size_t count)
{
	char val[PAGE_SIZE + 1];
	size_t len = count;
	int error;

	if (!mattr->param->set)
		return -EPERM;
	memcpy(val, buf, len);
	if (len && val[len - 1] == '\n')
		len--;
	val[len] = '\0';
	kernel_param_lock(lm->mod);
	error = mattr->param->set(val, mattr->param);
	kernel_param_unlock(lm->mod);
	return error ? error : (ssize_t)count;
}

/* parameters/: one file per parameter with some permission bit set. */
static int add_param_files(struct ldm_module *lm)
{
	unsigned int i, n = 0;

	for (i = 0; i < lm->nparams; i++)
		if (lm->params[i].perm & 0777)
			n++;
	if (!n)
		return 0;
	lm->pattrs = kcalloc(n, sizeof(*lm->pattrs), GFP_KERNEL);
	lm->pattr_list = kcalloc(n + 1, sizeof(*lm->pattr_list), GFP_KERNEL);
	if (!lm->pattrs || !lm->pattr_list)
		return -ENOMEM;
	for (i = 0, n = 0; i < lm->nparams; i++) {
		struct kernel_param *kp = &lm->params[i];

		if (!(kp->perm & 0777))
			continue;
		lm->pattrs[n].attr.name = (char *)kp->name;
		lm->pattrs[n].attr.mode = kp->perm & 0777;
		lm->pattrs[n].show = param_attr_show;
		lm->pattrs[n].store = param_attr_store;
		lm->pattrs[n].param = kp;
		lm->pattr_list[n] = &lm->pattrs[n].attr;
		n++;
	}
	lm->pgroup.name = "parameters";
	lm->pgroup.attrs = lm->pattr_list;
	return sysfs_create_group(&lm->kobj, &lm->pgroup);
}

/**
 * module_add_holder_link - /module/<target>/holders/<source>
 * @target: the module used
 * @source: the module using it
 */
int module_add_holder_link(struct ldm_module *target, struct ldm_module *source)
{
	return sysfs_create_link(&target->holders, &source->kobj, source->name);
}

void module_remove_holder_link(struct ldm_module *target, struct ldm_module *source)
{
	sysfs_remove_link(&target->holders, source->name);
}

static int add_holder_links(struct ldm_module *lm)
{
	struct module_use *use;
	int error;

	list_for_each_entry(use, &lm->uses, target_list) {
		error = module_add_holder_link(use->target, lm);
		if (error)
			return error;
	}
	return 0;
}

/**
 * module_sysfs_add - create /module/<name> and all in it
 * @lm: the module, relocated, with its uses recorded
 *
 * Return: 0, or an error with nothing left in the tree; the record is then
 * still the caller's to free.
 */
int module_sysfs_add(struct ldm_module *lm)
{
	int error;

	error = kobject_set_name(&lm->kobj, "%s", lm->name);
	if (error)
		return error;
	lm->kobj.kset = &module_subsys.kset;
	lm->kobj.ktype = &module_ktype;
	kobject_init(&lm->kobj);
	/* "add" once its files are there, as Linux's mod_sysfs_setup(). */
	lm->kobj.ldm_flags |= LDM_KOBJ_DEFER_ADD;
	error = kobject_add(&lm->kobj);
	if (error)
		goto err_put;
	error = kobject_set_name(&lm->holders, "holders");
	if (error)
		goto err_unregister;
	lm->holders.parent = &lm->kobj;
	lm->holders.ktype = &holders_ktype;
	error = kobject_register(&lm->holders);
	if (error) {
		kobject_put(&lm->holders);
		goto err_unregister;
	}
	error = add_param_files(lm);
	if (!error)
		error = add_holder_links(lm);
	if (!error && ldm_sysfs_modern())
		error = sysfs_create_group(&lm->kobj, &module_modern_group);
	if (error)
		goto err_holders;
	lm->in_sysfs = true;
	kobject_hotplug_deferred_add(&lm->kobj);
	return 0;

err_holders:
	if (lm->pgroup.attrs)
		sysfs_remove_group(&lm->kobj, &lm->pgroup);
	kobject_unregister(&lm->holders);
err_unregister:
	kobject_unregister(&lm->kobj);
	return error;
err_put:
	kobject_put(&lm->kobj);
	return error;
}

/**
 * module_sysfs_remove - take /module/<name> out of the tree; the last
 * kobject_put() of lm->kobj then frees the record
 * @lm: the module
 */
void module_sysfs_remove(struct ldm_module *lm)
{
	if (ldm_sysfs_modern())
		sysfs_remove_group(&lm->kobj, &module_modern_group);
	if (lm->pgroup.attrs)
		sysfs_remove_group(&lm->kobj, &lm->pgroup);
	kobject_unregister(&lm->holders);
	kobject_del(&lm->kobj);
}

/* The driver core's way to /module/<name> of a driver's owner (module_kobject.h). */
static struct kobject *loaded_module_kobject(struct module *mod)
{
	if (!mod || !mod->ldm || !mod->ldm->in_sysfs)
		return NULL;
	return kobject_get(&mod->ldm->kobj);
}

/*
 * The name of the module whose code holds @ip, or NULL: for the report of
 * a fault (mm/ioremap.c), so it takes module_mutex only if it is free.
 */
static const char *module_text_owner(unsigned long ip)
{
	bool locked = !pthread_mutex_trylock(&module_mutex);
	const char *name = NULL;
	struct ldm_module *lm;

	list_for_each_entry(lm, &modules, list) {
		if (ip >= (unsigned long)lm->base && ip - (unsigned long)lm->base < lm->size) {
			name = lm->name;
			break;
		}
	}
	if (locked)
		pthread_mutex_unlock(&module_mutex);
	return name;
}

void module_sysfs_init(void)
{
	ldm_module_kobject = loaded_module_kobject;
	ldm_text_owner = module_text_owner;
	ldm_fault_report_install();
}

void module_sysfs_exit(void)
{
	ldm_module_kobject = NULL;
	ldm_text_owner = NULL;
}
