// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * params.c - module parameters (kernel/params.c of 2.6.9): the
 * param_set_* and param_get_* of each type, and parsing the arguments of a
 * load, "name=value name2 name3=\"a b\"".
 *
 * A charp parameter set here gets its own copy of the value (2.6.9 pointed
 * into the argument buffer, and a write through sysfs left it pointing into
 * a freed page); the copies are freed when their module is unloaded.
 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/moduleparam.h>
#include <ldm/slab.h>

#include "internal.h"
#include "params.h"

#define CHARP_MAX 1024

static pthread_mutex_t *param_lock_of(struct module *mod)
{
	return mod && mod->ldm ? &mod->ldm->param_lock : &builtin_param_lock;
}

/**
 * kernel_param_lock - hold off writes to a module's parameters
 * @mod: the module (THIS_MODULE), or NULL for the runtime's own
 *
 * A write to /module/<name>/parameters/<param> sets the parameter under
 * this lock, and a charp parameter's old string is freed then: code that
 * reads a charp parameter while it may be written takes the lock around
 * the read (modern Linux; 2.6.9 had no such lock).
 */
void kernel_param_lock(struct module *mod)
{
	pthread_mutex_lock(param_lock_of(mod));
}
EXPORT_SYMBOL(kernel_param_lock);

/**
 * kernel_param_unlock - let writes to a module's parameters go on
 * @mod: as given to kernel_param_lock()
 */
void kernel_param_unlock(struct module *mod)
{
	pthread_mutex_unlock(param_lock_of(mod));
}
EXPORT_SYMBOL(kernel_param_unlock);

/* Parse a whole number; -EINVAL if @val is not one or is out of [min, max]. */
static int parse_long(const char *val, long long min, long long max, long long *ret)
{
	char *end;
	long long v;

	if (!val || !*val)
		return -EINVAL;
	errno = 0;
	v = strtoll(val, &end, 0);
	if (errno || end == val || (*end && *end != '\n') || v < min || v > max)
		return -EINVAL;
	*ret = v;
	return 0;
}

static int parse_ulong(const char *val, unsigned long long max, unsigned long long *ret)
{
	char *end;
	unsigned long long v;

	if (!val || !*val || *val == '-')
		return -EINVAL;
	errno = 0;
	v = strtoull(val, &end, 0);
	if (errno || end == val || (*end && *end != '\n') || v > max)
		return -EINVAL;
	*ret = v;
	return 0;
}

#define SIGNED_PARAM(name, type, min, max, format) \
	int param_set_##name(const char *val, struct kernel_param *kp) \
	{ \
		long long v; \
		int error = parse_long(val, min, max, &v); \
\
		if (!error) \
			*(type *)kp->arg = (type)v; \
		return error; \
	} \
	EXPORT_SYMBOL(param_set_##name); \
	int param_get_##name(char *buffer, struct kernel_param *kp) \
	{ \
		return sprintf(buffer, format, *(type *)kp->arg); \
	} \
	EXPORT_SYMBOL(param_get_##name)

#define UNSIGNED_PARAM(name, type, max, format) \
	int param_set_##name(const char *val, struct kernel_param *kp) \
	{ \
		unsigned long long v; \
		int error = parse_ulong(val, max, &v); \
\
		if (!error) \
			*(type *)kp->arg = (type)v; \
		return error; \
	} \
	EXPORT_SYMBOL(param_set_##name); \
	int param_get_##name(char *buffer, struct kernel_param *kp) \
	{ \
		return sprintf(buffer, format, *(type *)kp->arg); \
	} \
	EXPORT_SYMBOL(param_get_##name)

UNSIGNED_PARAM(byte, unsigned char, UCHAR_MAX, "%hhu");
SIGNED_PARAM(short, short, SHRT_MIN, SHRT_MAX, "%hi");
UNSIGNED_PARAM(ushort, unsigned short, USHRT_MAX, "%hu");
SIGNED_PARAM(int, int, INT_MIN, INT_MAX, "%i");
UNSIGNED_PARAM(uint, unsigned int, UINT_MAX, "%u");
SIGNED_PARAM(long, long, LONG_MIN, LONG_MAX, "%li");
UNSIGNED_PARAM(ulong, unsigned long, ULONG_MAX, "%lu");

/* The copies charp parameters point to, to free at unload. */
struct charp_copy {
	struct list_head list;
	void *arg;
	char *value;
};

static LIST_HEAD(charp_copies);
static pthread_mutex_t charp_lock = PTHREAD_MUTEX_INITIALIZER;

int param_set_charp(const char *val, struct kernel_param *kp)
{
	struct charp_copy *c, *old = NULL;

	if (!val) {
		printk(KERN_ERR "%s: string parameter expected\n", kp->name);
		return -EINVAL;
	}
	if (strlen(val) > CHARP_MAX) {
		printk(KERN_ERR "%s: string parameter too long\n", kp->name);
		return -ENOSPC;
	}
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (c)
		c->value = kstrdup(val, GFP_KERNEL);
	if (!c || !c->value) {
		kfree(c);
		return -ENOMEM;
	}
	c->arg = kp->arg;
	pthread_mutex_lock(&charp_lock);
	list_for_each_entry(old, &charp_copies, list)
		if (old->arg == kp->arg)
			break;
	if (&old->list == &charp_copies)
		old = NULL;
	if (old)
		list_del(&old->list);
	list_add(&c->list, &charp_copies);
	*(char **)kp->arg = c->value;
	pthread_mutex_unlock(&charp_lock);
	if (old) {
		kfree(old->value);
		kfree(old);
	}
	return 0;
}
EXPORT_SYMBOL(param_set_charp);

int param_get_charp(char *buffer, struct kernel_param *kp)
{
	const char *s = *(char **)kp->arg;

	return snprintf(buffer, PAGE_SIZE, "%s", s ? s : "(null)");
}
EXPORT_SYMBOL(param_get_charp);

/**
 * module_param_free_strings - free the charp copies of parameters that live
 * in [@start, @start + @size), a module's mapping
 * @start: the mapping
 * @size: its size
 */
void module_param_free_strings(const void *start, size_t size)
{
	struct charp_copy *c, *n;

	if (!start)
		return;
	pthread_mutex_lock(&charp_lock);
	list_for_each_entry_safe(c, n, &charp_copies, list) {
		if ((const char *)c->arg >= (const char *)start &&
		    (const char *)c->arg < (const char *)start + size) {
			list_del(&c->list);
			kfree(c->value);
			kfree(c);
		}
	}
	pthread_mutex_unlock(&charp_lock);
}

int param_set_bool(const char *val, struct kernel_param *kp)
{
	if (!val) /* no "=value": set */
		val = "1";
	switch (val[0]) {
	case 'y':
	case 'Y':
	case '1':
		*(int *)kp->arg = 1;
		return 0;
	case 'n':
	case 'N':
	case '0':
		*(int *)kp->arg = 0;
		return 0;
	}
	return -EINVAL;
}
EXPORT_SYMBOL(param_set_bool);

int param_get_bool(char *buffer, struct kernel_param *kp)
{
	return sprintf(buffer, "%c", *(int *)kp->arg ? 'Y' : 'N');
}
EXPORT_SYMBOL(param_get_bool);

int param_set_invbool(const char *val, struct kernel_param *kp)
{
	struct kernel_param dummy = { .arg = NULL };
	int boolval, error;

	dummy.arg = &boolval;
	error = param_set_bool(val, &dummy);
	if (!error)
		*(int *)kp->arg = !boolval;
	return error;
}
EXPORT_SYMBOL(param_set_invbool);

int param_get_invbool(char *buffer, struct kernel_param *kp)
{
	return sprintf(buffer, "%c", *(int *)kp->arg ? 'N' : 'Y');
}
EXPORT_SYMBOL(param_get_invbool);

/**
 * param_array_set - set an array parameter from "a,b,c"
 * @val: the elements, comma-separated
 * @kp: the parameter; its arg is a struct kparam_array
 *
 * Each element is set with the element type's set function, in order;
 * the number set goes to the array's num.
 * Return: 0; -EINVAL without a value, with more elements than the array
 * holds ("can only take N arguments", as 2.6.9 says) or when an element's
 * set fails; -ENOMEM.
 */
int param_array_set(const char *val, struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arg;
	struct kernel_param elem = { .name = kp->name, .perm = kp->perm };
	char *copy, *cur, *comma;
	unsigned int n = 0;
	int err = 0;

	if (!val) {
		printk(KERN_ERR "%s: expects arguments\n", kp->name);
		return -EINVAL;
	}
	copy = kstrdup(val, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	for (cur = copy; cur; cur = comma ? comma + 1 : NULL) {
		comma = strchr(cur, ',');
		if (comma)
			*comma = '\0';
		if (n >= arr->max) {
			printk(KERN_ERR "%s: can only take %u arguments\n", kp->name, arr->max);
			err = -EINVAL;
			break;
		}
		elem.arg = (char *)arr->elem + (size_t)n * arr->elemsize;
		err = arr->set(cur, &elem);
		if (err)
			break;
		n++;
	}
	kfree(copy);
	if (!err && arr->num)
		*arr->num = n;
	return err;
}
EXPORT_SYMBOL(param_array_set);

/**
 * param_array_get - an array parameter as "a,b,c"
 * @buffer: a page to write to
 * @kp: the parameter; its arg is a struct kparam_array
 *
 * Return: the length written: the elements set (all of them if the array
 * keeps no count), each formatted by the element type's get function.
 */
int param_array_get(char *buffer, struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arg;
	struct kernel_param elem = { .name = kp->name, .perm = kp->perm };
	unsigned int i, n = arr->num ? *arr->num : arr->max;
	char tmp[PAGE_SIZE];
	int off = 0, len;

	for (i = 0; i < n && i < arr->max; i++) {
		elem.arg = (char *)arr->elem + (size_t)i * arr->elemsize;
		len = arr->get(tmp, &elem);
		if (len < 0)
			return len;
		if ((size_t)off + (size_t)len + 2 > PAGE_SIZE)
			break;
		if (i)
			buffer[off++] = ',';
		memcpy(buffer + off, tmp, (size_t)len);
		off += len;
	}
	buffer[off] = '\0';
	return off;
}
EXPORT_SYMBOL(param_array_get);

int param_set_copystring(const char *val, struct kernel_param *kp)
{
	struct kparam_string *kps = kp->arg;

	if (!val)
		return -EINVAL;
	if (strlen(val) + 1 > kps->maxlen) {
		printk(KERN_ERR "%s: string doesn't fit in %u chars.\n", kp->name, kps->maxlen - 1);
		return -ENOSPC;
	}
	strcpy(kps->string, val);
	return 0;
}
EXPORT_SYMBOL(param_set_copystring);

int param_get_string(char *buffer, struct kernel_param *kp)
{
	struct kparam_string *kps = kp->arg;

	return snprintf(buffer, PAGE_SIZE, "%s", kps->string);
}
EXPORT_SYMBOL(param_get_string);

/* Cut the next "name[=value]" off @args, honouring double quotes. */
static char *next_arg(char *args, char **name, char **value)
{
	bool quoted = false;
	char *p;

	*value = NULL;
	*name = args;
	for (p = args; *p && (quoted || *p != ' '); p++) {
		if (*p == '"')
			quoted = !quoted;
		else if (*p == '=' && !*value)
			*value = p + 1;
	}
	if (*p)
		*p++ = '\0';
	if (*value) {
		(*value)[-1] = '\0';
		if (**value == '"') {
			size_t len = strlen(++*value);

			if (len && (*value)[len - 1] == '"')
				(*value)[len - 1] = '\0';
		}
	}
	while (*p == ' ')
		p++;
	return p;
}

/*
 * Whether a parameter is the one @name gives: the same name, or a
 * __setup() option "name=" given as name=value.
 */
static bool param_is(const struct kernel_param *kp, const char *name, const char *value)
{
	size_t len = strlen(name);

	if (!strcmp(kp->name, name))
		return true;
	return value && !strncmp(kp->name, name, len) && kp->name[len] == '=' && !kp->name[len + 1];
}

/**
 * module_parse_args - set a module's parameters from its load arguments
 * @lm: the module, with its __param table found
 * @args: "name=value ...", modified in place
 *
 * Return: 0; -ENOENT for a name that is not a parameter (as 2.6.9); the
 * setter's error for a bad value. Each is printed naming the parameter.
 */
int module_parse_args(struct ldm_module *lm, char *args)
{
	char *name, *value;
	unsigned int i;
	int error;

	while (*args == ' ')
		args++;
	while (*args) {
		args = next_arg(args, &name, &value);
		for (i = 0; i < lm->nparams; i++)
			if (param_is(&lm->params[i], name, value))
				break;
		if (i == lm->nparams) {
			printk(KERN_ERR "%s: unknown parameter '%s'\n", lm->name, name);
			return -ENOENT;
		}
		error = lm->params[i].set ? lm->params[i].set(value, &lm->params[i]) : -EPERM;
		if (error) {
			printk(KERN_ERR "%s: parameter %s: invalid value '%s'\n", lm->name, name,
			       value ? value : "");
			return error;
		}
	}
	return 0;
}
