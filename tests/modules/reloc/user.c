// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * user.c - reloc_user: the half of the relocation test that imports, from
 * reloc_lib (functions, a table of function pointers and a counter, all
 * exported) and from the runtime (functions, and platform_bus_type to find
 * reloc_lib's driver). Its init checks the calls and the addresses, bumps
 * reloc_lib_counter once, and sets "result" as reloc_lib does;
 * reloc_user_check() runs the checks again for the test.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/slab.h>
#include <ldm/string.h>

#include "reloc.h"

extern int reloc_lib_counter;
extern const struct reloc_op reloc_lib_ops[RELOC_NOPS];
int reloc_lib_switch(int x);
int reloc_lib_op(int i, int x);
const char *reloc_lib_name(int i);
int reloc_lib_check(void);

static int result = -1;
module_param(result, int, 0444);

static volatile int probe;

/* Addresses of the other module's symbols, stored as data. */
static int (*const imported_fns[])(int x) = { reloc_lib_switch };
static int *const counter_p = &reloc_lib_counter;
static const struct reloc_op *const ops_p = reloc_lib_ops;

/* Exported, so that the test can compare it with reloc_lib's export. */
int (*reloc_user_switch_ptr)(int x) = reloc_lib_switch;
EXPORT_SYMBOL(reloc_user_switch_ptr);

struct blob {
	char bytes[300];
};

/* A jump table of its own. */
static int __attribute__((noinline)) classify(int c)
{
	switch (c) {
	case 'a':
		return 1;
	case 'b':
		return c + 2;
	case 'c':
		return c * 3;
	case 'd':
		return c - 4;
	case 'e':
		return c ^ 5;
	case 'f':
		return c << 1;
	case 'g':
		return c >> 1;
	case 'h':
		return c % 7;
	default:
		return 0;
	}
}

static int check_calls(void)
{
	int x, i;
	char name[16];

	for (x = -1; x <= RELOC_SWITCH_CASES; x++) {
		probe = x;
		if (reloc_lib_switch(probe) != reloc_switch_ref(x) ||
		    imported_fns[0](probe) != reloc_switch_ref(x))
			return -1;
	}
	for (i = 0; i < RELOC_NOPS; i++) {
		probe = i;
		if (reloc_lib_op(probe, 9) != reloc_op_ref(i, 9) ||
		    ops_p[probe].fn(4) != reloc_op_ref(i, 4) ||
		    reloc_lib_name(i) != reloc_lib_ops[i].name)
			return -1;
	}
	sprintf(name, "%s", reloc_lib_name(1));
	return strcmp(name, "square") || reloc_lib_check() ? -1 : 0;
}

static int check_addresses(void)
{
	if (counter_p != &reloc_lib_counter || ops_p != reloc_lib_ops ||
	    imported_fns[0] != reloc_lib_switch || reloc_user_switch_ptr != reloc_lib_switch)
		return -1;
	return 0;
}

static int check_own_switch(void)
{
	static const char in[] = "abcdefghz";
	static const int out[] = { 1,	     'b' + 2,  'c' * 3, 'd' - 4, 'e' ^ 5,
				   'f' << 1, 'g' >> 1, 'h' % 7, 0 };
	size_t i;

	for (i = 0; i < sizeof(out) / sizeof(out[0]); i++) {
		probe = in[i];
		if (classify(probe) != out[i])
			return -1;
	}
	return 0;
}

static int check_runtime(void)
{
	struct blob *a = kzalloc(sizeof(*a), GFP_KERNEL), *b = kmalloc(sizeof(*b), GFP_KERNEL);
	struct device_driver *drv;
	unsigned int n = 0;
	char *end;
	int error = -1;

	if (!a || !b)
		goto out;
	memset(a->bytes, 'q', sizeof(a->bytes));
	probe = sizeof(a->bytes);
	memcpy(b->bytes, a->bytes, (size_t)probe);
	*b = *a;
	if (memcmp(a, b, sizeof(*a)) || simple_strtoul("17 apples", &end, 10) != 17 ||
	    *end != ' ' || sscanf("42 pears", "%u", &n) != 1 || n != 42)
		goto out;
	drv = driver_find("reloc_drv", &platform_bus_type);
	if (!drv || strcmp(drv->name, "reloc_drv"))
		goto out;
	put_driver(drv);
	error = 0;
out:
	kfree(a);
	kfree(b);
	return error;
}

/**
 * reloc_user_check - run the checks of the calls into reloc_lib and the
 * runtime
 *
 * Return: 0, or the number of the first check that failed.
 */
int reloc_user_check(void)
{
	static int (*const checks[])(void) = {
		check_calls,
		check_addresses,
		check_own_switch,
		check_runtime,
	};
	unsigned int i;

	for (i = 0; i < sizeof(checks) / sizeof(checks[0]); i++)
		if (checks[i]())
			return (int)i + 1;
	return 0;
}
EXPORT_SYMBOL(reloc_user_check);

static int __init reloc_user_init(void)
{
	result = reloc_user_check();
	if (result) {
		printk(KERN_ERR "reloc_user: check %d failed\n", result);
		return -EINVAL;
	}
	(*counter_p)++;
	return 0;
}

static void __exit reloc_user_exit(void)
{
	reloc_lib_counter--;
}

module_init(reloc_user_init);
module_exit(reloc_user_exit);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("Relocation test: the importing half");
