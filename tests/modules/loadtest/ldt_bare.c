// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldt_bare.c - a module with neither init nor exit, a library of exports
 * only (as 2.6.9's i2c-sensor.ko): removable without force.
 */
#include <ldm/kernel.h>
#include <ldm/module.h>

int ldt_bare_twice(int x)
{
	return 2 * x;
}
EXPORT_SYMBOL(ldt_bare_twice);

MODULE_LICENSE("GPL");
