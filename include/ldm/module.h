/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/module.h> - what a module's source uses, as <linux/module.h> of
 * 2.6.9: MODULE_LICENSE and the other .modinfo tags, module_init and
 * module_exit, EXPORT_SYMBOL and EXPORT_SYMBOL_GPL, module_param, and
 * THIS_MODULE with the reference counting of try_module_get/module_put.
 *
 * A module is compiled with -DMODULE (the build fragment does it): then
 * THIS_MODULE is the module's own struct module, which `ldm modpost`
 * generates with its name and entry points, and module_init/module_exit name
 * the entry points init_module and cleanup_module, as in Linux.
 */
#ifndef _LDM_MODULE_H
#define _LDM_MODULE_H

#include <ldm/byteorder.h>
#include <ldm/compiler.h>
#include <ldm/config.h>
#include <ldm/export.h>
#include <ldm/init.h>
#include <ldm/kmod.h>
#include <ldm/list.h>
#include <ldm/moduleparam.h>
#include <ldm/sched.h>
#include <ldm/stat.h>

#pragma GCC visibility push(default)

#define MODULE_NAME_LEN (64 - sizeof(unsigned long))

/*
 * What ldm modules are built for; the loader refuses any other. The number
 * goes up whenever a structure a module sees changes its layout (2: struct
 * device gained its semaphore).
 */
#define LDM_VERMAGIC "ldm-2 x86_64"

enum module_state {
	MODULE_STATE_LIVE,
	MODULE_STATE_COMING,
	MODULE_STATE_GOING,
};

struct ldm_module;

/*
 * One per module, in its section .gnu.linkonce.this_module, made by
 * `ldm modpost` (as Linux's modpost makes it in <module>.mod.c).
 */
struct module {
	enum module_state state;
	struct list_head list;
	char name[MODULE_NAME_LEN];
	int (*init)(void);
	void (*exit)(void);
	struct ldm_module *ldm; /* the loader's record of the module */
};

#define __MODULE_INFO(tag, info) \
	static const char __UNIQUE_ID(__modinfo_)[] \
		__attribute__((__used__, __section__(".modinfo"), __aligned__(1))) = \
			__stringify(tag) "=" info

/* A macro's value as a string (2.6.9's name for __stringify). */
#define __MODULE_STRING(x) __stringify(x)

#define MODULE_INFO(tag, info)	      __MODULE_INFO(tag, info)
#define MODULE_LICENSE(_license)      __MODULE_INFO(license, _license)
#define MODULE_AUTHOR(_author)	      __MODULE_INFO(author, _author)
#define MODULE_DESCRIPTION(_desc)     __MODULE_INFO(description, _desc)
#define MODULE_ALIAS(_alias)	      __MODULE_INFO(alias, _alias)
#define MODULE_VERSION(_version)      __MODULE_INFO(version, _version)
#define MODULE_PARM_DESC(_parm, desc) __MODULE_INFO(parm, #_parm ":" desc)
#define MODULE_SUPPORTED_DEVICE(name)

#ifdef MODULE
/*
 * The table @name of devices of the bus @type (platform, of) that the module
 * drives: `ldm modpost` makes an alias of each entry, as kbuild's
 * file2alias does, so that depmod, modprobe and ldmd --modules find the
 * module for a device's MODALIAS (docs/modules.md).
 */
#define MODULE_DEVICE_TABLE(type, name) \
	extern __typeof__(name) __mod_##type##__##name##_device_table \
		__attribute__((__unused__, __alias__(__stringify(name))))
#else
#define MODULE_DEVICE_TABLE(type, name)
#endif
/* 2.6.9's untyped form: no alias is made of it. */
#define MODULE_GENERIC_TABLE(gtype, name)

/* 2.6.9 kept these for symbol versioning, which ldm has none of. */
#define EXPORT_SYMBOL_NOVERS(sym) EXPORT_SYMBOL(sym)

int try_module_get(struct module *module);
void module_put(struct module *module);
void __module_get(struct module *module);
unsigned int module_refcount(struct module *module);

#pragma GCC visibility pop

#endif /* _LDM_MODULE_H */
