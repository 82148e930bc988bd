/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-algo-bit.h> - 2.6.9's bit-banging I2C algorithm: an adapter
 * that drives SDA and SCL itself gives these callbacks, and
 * drivers/i2c/algos/i2c-algo-bit.c (a module) does the rest.
 */
#ifndef _LDM_I2C_ALGO_BIT_H
#define _LDM_I2C_ALGO_BIT_H

#include <ldm/i2c.h>

/**
 * struct i2c_algo_bit_data - an adapter's lines
 * @data: the adapter's, passed to each callback
 * @setsda: drive SDA
 * @setscl: drive SCL
 * @getsda: read SDA
 * @getscl: read SCL, or NULL where it cannot be read
 * @udelay: half a clock cycle, in microseconds
 * @mdelay: unused
 * @timeout: in jiffies
 */
struct i2c_algo_bit_data {
	void *data;
	void (*setsda)(void *data, int state);
	void (*setscl)(void *data, int state);
	int (*getsda)(void *data);
	int (*getscl)(void *data);
	int udelay;
	int mdelay;
	int timeout;
};

#define I2C_BIT_ADAP_MAX 16

int i2c_bit_add_bus(struct i2c_adapter *adap);
int i2c_bit_del_bus(struct i2c_adapter *adap);

#endif /* _LDM_I2C_ALGO_BIT_H */
