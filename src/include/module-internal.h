/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * module-internal.h - the loader's record of a module, shared by the files
 * of kernel/ that implement loading, sysfs, parameters and listing.
 * Private to libldm.
 */
#ifndef _LDM_MODULE_INTERNAL_H
#define _LDM_MODULE_INTERNAL_H

#include <pthread.h>
#include <ldm/kobject.h>
#include <ldm/module.h>

/* Taint flags, the bits of Linux's kernel/panic.c. */
#define TAINT_PROPRIETARY_MODULE	0	/* 'P' */
#define TAINT_FORCED_MODULE		1	/* 'F' */

/* A file of /module/<name>: refcnt, taint, initstate, parameters/<param>. */
struct module_attribute {
	struct attribute attr;
	ssize_t (*show)(struct ldm_module *lm, struct module_attribute *mattr, char *buf);
	ssize_t (*store)(struct ldm_module *lm, struct module_attribute *mattr,
			 const char *buf, size_t count);
	struct kernel_param *param;	/* for parameters */
};

/* One module using another's exports: @source uses @target. */
struct module_use {
	struct list_head source_list;	/* on target->users */
	struct list_head target_list;	/* on source->uses */
	struct ldm_module *source, *target;
};

struct ldm_module {
	struct kobject kobj;		/* /module/<name>; its release frees this */
	struct kobject holders;		/* /module/<name>/holders */
	struct module *mod;		/* __this_module, in the mapping */
	char name[MODULE_NAME_LEN];
	struct list_head list;		/* on the list of modules */
	unsigned char *base;		/* the mapping: text, then ro, then rw */
	size_t size, text_size, ro_size;
	atomic_t refcnt;		/* try_module_get() references */
	struct list_head users;		/* module_use.source_list: who uses us */
	struct list_head uses;		/* module_use.target_list: whom we use */
	unsigned long taints;
	bool gpl_compatible;
	bool uses_gpl_only;
	char *license;
	char *args;
	struct kernel_param *params;
	unsigned int nparams;
	struct module_attribute *pattrs;
	struct attribute **pattr_list;
	struct attribute_group pgroup;
	pthread_mutex_t param_lock;	/* kernel_param_lock(): sets against reads */
	bool in_sysfs;
};

extern pthread_mutex_t module_mutex;
extern struct list_head modules;

/* kernel/panic.c */
void add_taint(unsigned int flag);
unsigned long ldm_tainted(void);
const char *print_tainted(char *buf, size_t size);
void module_taint_string(unsigned long taints, char *buf, size_t size);
void taint_reset(void);

/* kernel/module.c */
void ldm_modules_unload_all(void);

/* kernel/module.c */
void free_module_record(struct ldm_module *lm);

/* kernel/module-sysfs.c */
int module_sysfs_add(struct ldm_module *lm);
void module_sysfs_remove(struct ldm_module *lm);
int module_add_holder_link(struct ldm_module *target, struct ldm_module *source);
void module_remove_holder_link(struct ldm_module *target, struct ldm_module *source);

/* kernel/params.c */
int module_parse_args(struct ldm_module *lm, char *args);
void module_param_free_strings(const void *start, size_t size);

#endif /* _LDM_MODULE_INTERNAL_H */
