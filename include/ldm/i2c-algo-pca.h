/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-algo-pca.h> - 2.6.9's algorithm for PCA9564 controllers.
 */
#ifndef _LDM_I2C_ALGO_PCA_H
#define _LDM_I2C_ALGO_PCA_H

#include <ldm/i2c.h>

/**
 * struct i2c_algo_pca_data - an adapter's access to its PCA9564
 * @get_own: the adapter's own address
 * @get_clock: the chip's clock setting
 * @write_byte: write register @reg
 * @read_byte: read register @reg
 * @wait_for_interrupt: wait for the chip's interrupt
 */
struct i2c_algo_pca_data {
	int (*get_own)(struct i2c_algo_pca_data *adap);
	int (*get_clock)(struct i2c_algo_pca_data *adap);
	void (*write_byte)(struct i2c_algo_pca_data *adap, int reg, int val);
	int (*read_byte)(struct i2c_algo_pca_data *adap, int reg);
	int (*wait_for_interrupt)(struct i2c_algo_pca_data *adap);
};

#define I2C_PCA_ADAP_MAX 16

int i2c_pca_add_bus(struct i2c_adapter *adap);
int i2c_pca_del_bus(struct i2c_adapter *adap);

#endif /* _LDM_I2C_ALGO_PCA_H */
