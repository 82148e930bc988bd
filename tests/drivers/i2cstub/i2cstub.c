// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * i2cstub.c - the two calls of an i2c core that an adapter driver makes,
 * i2c_add_adapter() and i2c_del_adapter(), and nothing else: what
 * tests/drivers/test-i2c.c loads under modules/i2c-ldm where 2.6.9's own
 * i2c-core.ko is absent (CI has no 2.6.9 tree). It keeps the last adapter
 * added, for the test to drive its algorithm as the core would.
 */
#include <ldm/i2c.h>
#include <ldm/kernel.h>
#include <ldm/module.h>

static struct i2c_adapter *last;
static int added, deleted;

int i2c_add_adapter(struct i2c_adapter *adap)
{
	adap->nr = added++;
	last = adap;
	return 0;
}
EXPORT_SYMBOL(i2c_add_adapter);

int i2c_del_adapter(struct i2c_adapter *adap)
{
	if (adap == last)
		last = NULL;
	deleted++;
	return 0;
}
EXPORT_SYMBOL(i2c_del_adapter);

/**
 * i2cstub_adapter - the adapter added last and not deleted, or NULL
 * @ret_added: how many were added
 * @ret_deleted: how many were deleted
 */
struct i2c_adapter *i2cstub_adapter(int *ret_added, int *ret_deleted);
struct i2c_adapter *i2cstub_adapter(int *ret_added, int *ret_deleted)
{
	*ret_added = added;
	*ret_deleted = deleted;
	return last;
}
EXPORT_SYMBOL(i2cstub_adapter);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("i2c_add_adapter() and i2c_del_adapter() alone, for the tests");
