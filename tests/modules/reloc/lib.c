// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib.c - reloc_lib: the half of the relocation test that exports. Built by
 * gcc and clang, at -O0 and -O2, with -fPIC and with -mcmodel=large -fno-pic,
 * it holds what makes a compiler emit each kind of relocation: a switch
 * with a jump table, tables of function pointers (static, and exported as
 * data), static, const and zeroed data, strings, pointers to functions of
 * the runtime, and the runtime's platform_bus_type, on which it registers a
 * driver. Its init checks all of it and returns -EINVAL if anything is
 * wrong; the parameter "result" says which check failed (0: none), and
 * reloc_lib_check() runs the checks again for the test, from outside.
 */
#include <ldm/device.h>
#include <ldm/kernel.h>
#include <ldm/module.h>
#include <ldm/slab.h>
#include <ldm/string.h>

#include "reloc.h"

static int result = -1;
module_param(result, int, 0444);
MODULE_PARM_DESC(result, "0, or the number of the first check that failed");

int reloc_lib_counter = RELOC_COUNTER_START;
EXPORT_SYMBOL(reloc_lib_counter);

/* Inputs read through a volatile, so that no call is folded away. */
static volatile int probe;
static int calls;					    /* .bss */
static int seeded = 42;					    /* .data */
static const int primes[] = { 2, 3, 5, 7, 11, 13, 17, 19 }; /* .rodata */
static const char *const words[] = { "alpha", "beta", "gamma", "delta" };
static char scratch[64];

/* Pointers to functions of the runtime, stored as data. */
static void *(*const alloc_fn)(size_t size, gfp_t flags) = kmalloc;
static void (*free_fn)(const void *p) = kfree;
static int (*const format_fn)(char *buf, size_t size, const char *fmt, ...) = snprintf;

static struct device_driver reloc_driver = {
	.name = "reloc_drv",
	.bus = &platform_bus_type,
};

static int twice(int x)
{
	calls++;
	return 2 * x;
}

static int square(int x)
{
	calls++;
	return x * x;
}

static int negate(int x)
{
	calls++;
	return -x;
}

static int add_seed(int x)
{
	calls++;
	return x + seeded;
}

static int (*const static_ops[RELOC_NOPS])(int x) = { twice, square, negate, add_seed };

const struct reloc_op reloc_lib_ops[RELOC_NOPS] = {
	{ "twice", twice },
	{ "square", square },
	{ "negate", negate },
	{ "add_seed", add_seed },
};
EXPORT_SYMBOL(reloc_lib_ops);

/* Dense and with different code per case: a jump table at -O0 and -O2. */
int __attribute__((noinline)) reloc_lib_switch(int x)
{
	switch (x) {
	case 0:
		return 1;
	case 1:
		return x * 5 + 101;
	case 2:
		return x * 7 + 201;
	case 3:
		return x * 11 + 301;
	case 4:
		return twice(x * 13) / 2 + 401;
	case 5:
		return x * 17 + 501;
	case 6:
		return square(x) * 19 / 6 + 601;
	case 7:
		return x * 23 + 701;
	case 8:
		return x * 29 + 801;
	case 9:
		return -negate(x * 31) + 901;
	case 10:
		return x * 37 + 1001;
	case 11:
		return x * 41 + 1101;
	default:
		return -1;
	}
}
EXPORT_SYMBOL(reloc_lib_switch);

int __attribute__((noinline)) reloc_lib_op(int i, int x)
{
	if (i < 0 || i >= RELOC_NOPS)
		return 0;
	return static_ops[i](x);
}
EXPORT_SYMBOL(reloc_lib_op);

const char *reloc_lib_name(int i)
{
	return i >= 0 && i < RELOC_NOPS ? reloc_lib_ops[i].name : NULL;
}
EXPORT_SYMBOL(reloc_lib_name);

static int check_switch(void)
{
	int x;

	for (x = -1; x <= RELOC_SWITCH_CASES; x++) {
		probe = x;
		if (reloc_lib_switch(probe) != reloc_switch_ref(x))
			return -1;
	}
	return 0;
}

static int check_tables(void)
{
	int i;

	for (i = 0; i < RELOC_NOPS; i++) {
		probe = i;
		if (reloc_lib_op(probe, 5) != reloc_op_ref(i, 5))
			return -1;
		if (reloc_lib_ops[probe].fn(3) != reloc_op_ref(i, 3))
			return -1;
		if (reloc_lib_ops[i].fn != static_ops[i])
			return -1;
	}
	return strcmp(reloc_lib_ops[3].name, "add_seed") ? -1 : 0;
}

static int check_data(void)
{
	int sum = 0, before = calls;
	size_t i;

	for (i = 0; i < sizeof(primes) / sizeof(primes[0]); i++)
		sum += primes[i];
	if (sum != 77 || seeded != 42)
		return -1;
	probe = 1;
	twice(probe);
	if (calls != before + 1)
		return -1;
	for (i = 0; i < sizeof(scratch); i++)
		if (scratch[i] && i > 16)
			return -1;
	return 0;
}

static int check_strings(void)
{
	if (strcmp(words[2], "gamma") || words[0][0] != 'a')
		return -1;
	format_fn(scratch, sizeof(scratch), "%s-%d", words[1], primes[3]);
	if (strcmp(scratch, "beta-7") || strlen(scratch) != 6)
		return -1;
	return 0;
}

static int check_runtime_functions(void)
{
	char *p;

	if (alloc_fn != kmalloc || free_fn != kfree || format_fn != snprintf)
		return -1;
	p = alloc_fn(32, GFP_KERNEL);
	if (!p)
		return -1;
	memset(p, 'x', 32);
	p[31] = '\0';
	if (strlen(p) != 31) {
		free_fn(p);
		return -1;
	}
	free_fn(p);
	return 0;
}

static int check_runtime_data(void)
{
	if (reloc_driver.bus != &platform_bus_type)
		return -1;
	if (!platform_bus_type.name || strcmp(platform_bus_type.name, "platform"))
		return -1;
	return 0;
}

/**
 * reloc_lib_check - run the checks of the module's own relocations
 *
 * Return: 0, or the number of the first check that failed.
 */
int reloc_lib_check(void)
{
	static int (*const checks[])(void) = {
		check_switch,
		check_tables,
		check_data,
		check_strings,
		check_runtime_functions,
		check_runtime_data,
	};
	unsigned int i;

	for (i = 0; i < sizeof(checks) / sizeof(checks[0]); i++)
		if (checks[i]())
			return (int)i + 1;
	return 0;
}
EXPORT_SYMBOL(reloc_lib_check);

static int __init reloc_lib_init(void)
{
	struct device_driver *found;
	int error;

	result = reloc_lib_check();
	if (result) {
		printk(KERN_ERR "reloc_lib: check %d failed\n", result);
		return -EINVAL;
	}
	error = driver_register(&reloc_driver);
	if (error)
		return error;
	found = driver_find("reloc_drv", &platform_bus_type);
	if (found != &reloc_driver) {
		if (found)
			put_driver(found);
		driver_unregister(&reloc_driver);
		result = 100;
		printk(KERN_ERR "reloc_lib: driver_find did not find reloc_drv\n");
		return -EINVAL;
	}
	put_driver(found);
	return 0;
}

static void __exit reloc_lib_exit(void)
{
	driver_unregister(&reloc_driver);
}

module_init(reloc_lib_init);
module_exit(reloc_lib_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Relocation test: the exporting half");
