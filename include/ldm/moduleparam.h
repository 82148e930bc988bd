/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/moduleparam.h> - module parameters, as <linux/moduleparam.h> of
 * 2.6.9: module_param(name, type, perm) places a struct kernel_param in the
 * section __param; the loader sets it from the load arguments
 * ("name=value ...") and shows it as /module/<mod>/parameters/<name> when
 * perm has read or write bits.
 */
#ifndef _LDM_MODULEPARAM_H
#define _LDM_MODULEPARAM_H

#include <ldm/compiler.h>
#include <ldm/init.h>
#include <ldm/kernel.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct kernel_param;

typedef int (*param_set_fn)(const char *val, struct kernel_param *kp);
typedef int (*param_get_fn)(char *buffer, struct kernel_param *kp);

struct kernel_param {
	const char *name;
	unsigned int perm;
	param_set_fn set;
	param_get_fn get;
	void *arg;
};

struct kparam_string {
	unsigned int maxlen;
	char *string;
};

/**
 * struct kparam_array - an array parameter (module_param_array())
 * @max: the elements the array holds
 * @num: where the number of elements set goes (NULL: nowhere)
 * @set: sets one element
 * @get: formats one element
 * @elemsize: the size of an element
 * @elem: the array
 */
struct kparam_array {
	unsigned int max;
	unsigned int *num;
	param_set_fn set;
	param_get_fn get;
	unsigned int elemsize;
	void *elem;
};

#define __module_param_call(prefix, name, set, get, arg, perm) \
	static char __param_str_##name[] = prefix #name; \
	static const struct kernel_param __param_##name \
		__attribute__((__used__, __section__("__param"), __aligned__(sizeof(void *)))) = { \
			__param_str_##name, perm, set, get, arg \
		}

#define module_param_call(name, set, get, arg, perm) \
	__module_param_call("", name, set, get, arg, perm)

/* A function that only compiles if @p has the parameter's type. */
#define __param_check(name, p, type) \
	static inline __maybe_unused type *__check_##name(void) \
	{ \
		return (p); \
	}

/*
 * The type is pasted and stringified where it is written, never passed on
 * to another macro: <stdbool.h> makes "bool" a macro, and an argument
 * passed on is expanded (to _Bool).
 */
#define __module_param_named(name, value, check, set, get, typestr, perm) \
	check(name, &(value)); \
	static const char __PASTE(__parmtype_, name)[] \
		__attribute__((__used__, __section__(".modinfo"), __aligned__(1))) = \
			"parmtype=" #name ":" typestr; \
	module_param_call(name, set, get, &value, perm)

#define module_param_named(name, value, type, perm) \
	__module_param_named(name, value, param_check_##type, param_set_##type, param_get_##type, \
			     #type, perm)

#define module_param(name, type, perm) \
	__module_param_named(name, name, param_check_##type, param_set_##type, param_get_##type, \
			     #type, perm)

#define module_param_string(name, string, len, perm) \
	static struct kparam_string __param_string_##name = { len, string }; \
	module_param_call(name, param_set_copystring, param_get_string, &__param_string_##name, \
			  perm)

int param_set_byte(const char *val, struct kernel_param *kp);
int param_get_byte(char *buffer, struct kernel_param *kp);
#define param_check_byte(name, p) __param_check(name, p, unsigned char)
int param_set_short(const char *val, struct kernel_param *kp);
int param_get_short(char *buffer, struct kernel_param *kp);
#define param_check_short(name, p) __param_check(name, p, short)
int param_set_ushort(const char *val, struct kernel_param *kp);
int param_get_ushort(char *buffer, struct kernel_param *kp);
#define param_check_ushort(name, p) __param_check(name, p, unsigned short)
int param_set_int(const char *val, struct kernel_param *kp);
int param_get_int(char *buffer, struct kernel_param *kp);
#define param_check_int(name, p) __param_check(name, p, int)
int param_set_uint(const char *val, struct kernel_param *kp);
int param_get_uint(char *buffer, struct kernel_param *kp);
#define param_check_uint(name, p) __param_check(name, p, unsigned int)
int param_set_long(const char *val, struct kernel_param *kp);
int param_get_long(char *buffer, struct kernel_param *kp);
#define param_check_long(name, p) __param_check(name, p, long)
int param_set_ulong(const char *val, struct kernel_param *kp);
int param_get_ulong(char *buffer, struct kernel_param *kp);
#define param_check_ulong(name, p) __param_check(name, p, unsigned long)
int param_set_charp(const char *val, struct kernel_param *kp);
int param_get_charp(char *buffer, struct kernel_param *kp);
#define param_check_charp(name, p) __param_check(name, p, char *)
int param_set_bool(const char *val, struct kernel_param *kp);
int param_get_bool(char *buffer, struct kernel_param *kp);
#define param_check_bool(name, p) __param_check(name, p, int)
int param_set_invbool(const char *val, struct kernel_param *kp);
int param_get_invbool(char *buffer, struct kernel_param *kp);
#define param_check_invbool(name, p) __param_check(name, p, int)
/*
 * An array: "name=a,b,c" sets the elements in turn (at most the array's
 * size), and @nump (an unsigned int, or int, lvalue) gets how many.
 */
#define module_param_array_named(name, array, type, nump, perm) \
	static struct kparam_array __param_arr_##name = { \
		ARRAY_SIZE(array), (unsigned int *)&(nump), param_set_##type, \
		param_get_##type,  sizeof(array[0]),	    array \
	}; \
	static const char __PASTE(__parmtype_, name)[] \
		__attribute__((__used__, __section__(".modinfo"), __aligned__(1))) = \
			"parmtype=" #name ":array of " #type; \
	module_param_call(name, param_array_set, param_array_get, &__param_arr_##name, perm)

#define module_param_array(name, type, nump, perm) \
	module_param_array_named(name, name, type, nump, perm)

int param_array_set(const char *val, struct kernel_param *kp);
int param_array_get(char *buffer, struct kernel_param *kp);

int param_set_copystring(const char *val, struct kernel_param *kp);
int param_get_string(char *buffer, struct kernel_param *kp);

/* Modern: sets through sysfs against reads by the module (NULL: built-in). */
/**
 * struct obsolete_modparm - a MODULE_PARM() parameter, 2.6.9's older form
 * @name: the variable's name, the parameter's
 * @type: "[min[-max]]T": T is b (unsigned char), h (short), i (int),
 *	l (long), s (char *) or c<N> (char[N], a string); with a count, the
 *	variable is an array taking min to max comma-separated values
 * @addr: the variable; NULL until the loader finds it by @name
 */
struct obsolete_modparm {
	const char *name;
	const char *type;
	void *addr;
};

int param_set_obsolete(const char *val, struct kernel_param *kp);

/*
 * MODULE_PARM(var, type) - var is a parameter of the given type string,
 * parsed as module_param parses its types (a wrong-typed value is refused
 * naming the parameter); it has no file in sysfs, as in 2.6.9.
 *
 * As 2.6.9 did, the loader finds the variable by its name in the module's
 * symbol table, so it may be declared after the MODULE_PARM line (parkbd.c
 * does). That needs a compiler that keeps a static variable where the
 * symbol table says, even one the code never writes or never reads: gcc
 * with -fno-ipa-reference-addressable -fno-toplevel-reorder, which
 * module.mk gives, and then defines LDM_OBSPARM_BY_NAME. Otherwise (clang)
 * the line takes the variable's address, and the variable must come first.
 */
#ifdef LDM_OBSPARM_BY_NAME
#define MODULE_PARM(var, type) \
	static struct obsolete_modparm __obsparm_##var = { #var, type, NULL }; \
	module_param_call(var, param_set_obsolete, NULL, &__obsparm_##var, 0)
#else
#define MODULE_PARM(var, type) \
	static struct obsolete_modparm __obsparm_##var = { #var, type, &(var) }; \
	module_param_call(var, param_set_obsolete, NULL, &__obsparm_##var, 0)
#endif

/**
 * struct obs_kernel_param - a __setup() boot option, given on the module's
 * command line
 * @str: the option, "name=" or "name"
 * @setup_func: called with what follows "name=" ("" for a bare "name");
 *	NULL for __obsolete_setup(), whose option is accepted and ignored
 * @value: the runtime's copy of that value, which the module may keep
 */
struct obs_kernel_param {
	const char *str;
	int (*setup_func)(char *);
	char *value;
};

int param_set_setup(const char *val, struct kernel_param *kp);

/*
 * A parameter whose name ends in '=' ("name=") is given as name=value; one
 * without ("name") as a bare name.
 */
#define __setup_param(str, unique_id, fn) ___setup_param(str, unique_id, fn)
#define ___setup_param(str, unique_id, fn) \
	static struct obs_kernel_param __setup_##unique_id = { str, fn, NULL }; \
	static const struct kernel_param __param_setup_##unique_id \
		__attribute__((__used__, __section__("__param"), __aligned__(sizeof(void *)))) = { \
			str, 0, param_set_setup, NULL, &__setup_##unique_id \
		}

struct module;
void kernel_param_lock(struct module *mod);
void kernel_param_unlock(struct module *mod);

#pragma GCC visibility pop

#endif /* _LDM_MODULEPARAM_H */
