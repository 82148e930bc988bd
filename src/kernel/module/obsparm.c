// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * obsparm.c - the older forms of module parameters that 2.6.9 drivers
 * still use: MODULE_PARM(var, "type") (kernel/module.c's obsolete
 * parameters, CONFIG_OBSOLETE_MODPARM) and __setup() boot options, which
 * here are given on the module's command line.
 *
 * A MODULE_PARM value is parsed by the module_param setter of its type,
 * element by element, so a value of the wrong type is refused as
 * module_param refuses it, naming the parameter.
 */
#include <stdlib.h>
#include <string.h>
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/moduleparam.h>
#include <ldm/slab.h>

#include "internal.h"

/* A "c<N>" element: a string of fewer than N chars, copied in place. */
static int obs_set_string(const char *val, struct kernel_param *kp, unsigned int size)
{
	if (strlen(val) >= size) {
		printk(KERN_ERR "%s: string doesn't fit in %u chars.\n", kp->name, size - 1);
		return -ENOSPC;
	}
	strcpy(kp->arg, val);
	return 0;
}

/* The setter and element size of a type letter; -EINVAL for an unknown one. */
static int obs_type(char letter, param_set_fn *set, unsigned int *size)
{
	switch (letter) {
	case 'b':
		*set = param_set_byte, *size = sizeof(unsigned char);
		return 0;
	case 'h':
		*set = param_set_short, *size = sizeof(short);
		return 0;
	case 'i':
		*set = param_set_int, *size = sizeof(int);
		return 0;
	case 'l':
		*set = param_set_long, *size = sizeof(long);
		return 0;
	case 's':
		*set = param_set_charp, *size = sizeof(char *);
		return 0;
	case 'c':
		*set = NULL;
		return 0;
	default:
		return -EINVAL;
	}
}

/* Parse "[min[-max]]T[N]" into its counts, letter and string size. */
static int obs_parse_type(const char *type, unsigned int *min, unsigned int *max, char *letter,
			  unsigned int *strsize)
{
	char *end;

	*min = (unsigned int)strtoul(type, &end, 10);
	if (end == type) {
		*min = *max = 1;
	} else if (*end == '-') {
		type = end + 1;
		*max = (unsigned int)strtoul(type, &end, 10);
	} else {
		*max = *min;
	}
	*letter = *end;
	*strsize = 0;
	if (*letter == 'c') {
		type = end + 1;
		*strsize = (unsigned int)strtoul(type, &end, 10);
		if (end == type || !*strsize)
			return -EINVAL;
	}
	if (!*letter || (*letter != 'c' && end[1]) || *max < *min || !*max)
		return -EINVAL;
	return 0;
}

/**
 * param_set_obsolete - set a MODULE_PARM() parameter
 * @val: the value: one, or for a counted type min to max comma-separated
 * @kp: the parameter; its arg is a struct obsolete_modparm
 *
 * Return: 0; -EINVAL for no value, too few or too many values, a value
 * its type's setter refuses, or a type string that is not one; -ENOSPC
 * for a string longer than a "c<N>" holds; -ENOMEM.
 */
int param_set_obsolete(const char *val, struct kernel_param *kp)
{
	const struct obsolete_modparm *obs = kp->arg;
	struct kernel_param elem = { .name = kp->name };
	unsigned int min, max, strsize, elemsize = 0, n = 0;
	param_set_fn set = NULL;
	char letter, *copy, *cur, *comma;
	int err = 0;

	if (obs_parse_type(obs->type, &min, &max, &letter, &strsize) ||
	    obs_type(letter, &set, &elemsize)) {
		printk(KERN_ERR "%s: unknown MODULE_PARM type \"%s\"\n", kp->name, obs->type);
		return -EINVAL;
	}
	if (letter == 'c')
		elemsize = strsize;
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
		if (n == max) {
			printk(KERN_ERR "%s: can only take %u arguments\n", kp->name, max);
			err = -EINVAL;
			break;
		}
		elem.arg = (char *)obs->addr + (size_t)n * elemsize;
		err = set ? set(cur, &elem) : obs_set_string(cur, &elem, strsize);
		if (err)
			break;
		n++;
	}
	kfree(copy);
	if (!err && n < min) {
		printk(KERN_ERR "%s: needs at least %u arguments\n", kp->name, min);
		err = -EINVAL;
	}
	return err;
}
EXPORT_SYMBOL(param_set_obsolete);

/**
 * obsolete_param_size - the bytes a MODULE_PARM() variable must hold
 * @obs: the parameter
 * @size: set to them: its largest count of elements times an element's size
 *
 * Return: 0, or -EINVAL for a type string that is not one.
 */
int obsolete_param_size(const struct obsolete_modparm *obs, size_t *size)
{
	unsigned int min, max, strsize, elemsize = 0;
	param_set_fn set;
	char letter;

	if (obs_parse_type(obs->type, &min, &max, &letter, &strsize) ||
	    obs_type(letter, &set, &elemsize))
		return -EINVAL;
	*size = (size_t)max * (letter == 'c' ? strsize : elemsize);
	return 0;
}

/**
 * param_set_setup - give a __setup() option its value
 * @val: what followed "name=", or NULL for a bare "name"
 * @kp: the parameter; its arg is a struct obs_kernel_param
 *
 * The value is copied (freed when the module is unloaded) and handed to
 * the setup function, which may keep it. An __obsolete_setup() option has
 * none: it is accepted and ignored, with a warning.
 *
 * Return: 0, -ENOSPC for a value too long, -ENOMEM.
 */
int param_set_setup(const char *val, struct kernel_param *kp)
{
	struct obs_kernel_param *p = kp->arg;
	struct kernel_param copy = { .name = kp->name, .arg = &p->value };
	int err;

	if (!p->setup_func) {
		printk(KERN_WARNING "%s: obsolete option, ignored\n", kp->name);
		return 0;
	}
	err = param_set_charp(val ? val : "", &copy);
	if (err)
		return err;
	p->setup_func(p->value);
	return 0;
}
EXPORT_SYMBOL(param_set_setup);
