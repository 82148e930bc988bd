/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/init.h> - what <linux/init.h> of 2.6.9 gives a driver: the __init
 * and __exit marks, module_init and module_exit, and the initcall levels
 * of built-in code, which for a module (and here for any code) all mean
 * module_init.
 */
#ifndef _LDM_INIT_H
#define _LDM_INIT_H

#include <ldm/compiler.h>
#include <ldm/config.h>

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#ifdef MODULE
/* The entry points the loader calls; the checks only test the types. */
#define module_init(initfn) \
	static inline __maybe_unused initcall_t __inittest(void) \
	{ \
		return initfn; \
	} \
	int init_module(void) __attribute__((__alias__(#initfn)));
#define module_exit(exitfn) \
	static inline __maybe_unused exitcall_t __exittest(void) \
	{ \
		return exitfn; \
	} \
	void cleanup_module(void) __attribute__((__alias__(#exitfn)));
#else
/* Built into a program: nothing loads it; keep the functions referenced. */
#define module_init(initfn) \
	static __maybe_unused __used initcall_t __UNIQUE_ID(__initcall_) = initfn;
#define module_exit(exitfn) \
	static __maybe_unused __used exitcall_t __UNIQUE_ID(__exitcall_) = exitfn;
#endif

/*
 * The levels of built-in code's initcalls: a module has one init, which
 * runs at load, whatever the level it names (as in 2.6.9 under MODULE).
 */
#define core_initcall(fn)     module_init(fn)
#define postcore_initcall(fn) module_init(fn)
#define arch_initcall(fn)     module_init(fn)
#define subsys_initcall(fn)   module_init(fn)
#define fs_initcall(fn)	      module_init(fn)
#define device_initcall(fn)   module_init(fn)
#define late_initcall(fn)     module_init(fn)
#define __initcall(fn)	      device_initcall(fn)
#define __exitcall(fn)	      module_exit(fn)

/*
 * Boot options: 2.6.9 drops them from a module; here they are parameters of
 * the module's command line (<ldm/moduleparam.h>), so that "name=value"
 * reaches a driver whose only option is a __setup.
 */
#ifdef MODULE
#define __setup(str, fn)      __setup_param(str, fn, fn)
#define __obsolete_setup(str) __setup_param(str, __UNIQUE_ID(obs), NULL)
#else
#define __setup(str, fn)
#define __obsolete_setup(str)
#endif
#define __initcall_attr
#define __init_or_module
#define __devinitconst
#define __initconst

/* __setup needs the parameters' table. */
#include <ldm/moduleparam.h>

#endif /* _LDM_INIT_H */
