/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-algo-pcf.h> - 2.6.9's algorithm for PCF8584 controllers: the
 * adapter reads and writes the chip's registers, i2c-algo-pcf.c does the
 * protocol.
 */
#ifndef _LDM_I2C_ALGO_PCF_H
#define _LDM_I2C_ALGO_PCF_H

#include <ldm/i2c.h>

/**
 * struct i2c_algo_pcf_data - an adapter's access to its PCF8584
 * @data: the adapter's, passed to each callback
 * @setpcf: write register @ctl
 * @getpcf: read register @ctl
 * @getown: the adapter's own address
 * @getclock: the chip's clock setting
 * @waitforpin: wait for the chip's interrupt
 * @udelay: between accesses, in microseconds
 * @mdelay: unused
 * @timeout: in jiffies
 */
struct i2c_algo_pcf_data {
	void *data;
	void (*setpcf)(void *data, int ctl, int val);
	int (*getpcf)(void *data, int ctl);
	int (*getown)(void *data);
	int (*getclock)(void *data);
	void (*waitforpin)(void);
	int udelay;
	int mdelay;
	int timeout;
};

#define I2C_PCF_ADAP_MAX 16

int i2c_pcf_add_bus(struct i2c_adapter *adap);
int i2c_pcf_del_bus(struct i2c_adapter *adap);

#endif /* _LDM_I2C_ALGO_PCF_H */
