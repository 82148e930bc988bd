/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * params.h - parameters of built-in parts of the runtime, under /module
 * (kernel/params.c). Private to libldm.
 */
#ifndef _LDM_PARAMS_H
#define _LDM_PARAMS_H

#include <pthread.h>
#include <ldm/kobject.h>

extern struct subsystem module_subsys;

/* What kernel_param_lock(NULL) takes: the parameters built into the runtime. */
extern pthread_mutex_t builtin_param_lock;

struct ldm_param_attribute {
	struct attribute attr;
	ssize_t (*show)(char *buf);
	ssize_t (*store)(const char *buf, size_t count);
};

int ldm_builtin_params_add(struct kobject *kobj, const char *name,
			   const struct attribute_group *group);
void ldm_builtin_params_remove(struct kobject *kobj, const struct attribute_group *group);

#endif /* _LDM_PARAMS_H */
