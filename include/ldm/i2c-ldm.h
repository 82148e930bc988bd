/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-ldm.h> - ldm's own SMBus/I2C bus, for its adapter driver: the
 * kernel-side calls that carry an adapter's transfers to the chip models a
 * board puts under an "ldm,smbus" node (docs/hardware-i2c.md). Not a
 * 2.6.9 header: 2.6.9 had no such bus. The adapter module
 * (modules/i2c-ldm) registers an i2c_adapter whose algorithm calls these.
 */
#ifndef _LDM_I2C_LDM_H
#define _LDM_I2C_LDM_H

#include <ldm/i2c.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

struct device_node;
struct ldm_i2c_bus;

/* What ldm_i2c_functionality() gives: every transfer the bus carries. */
#define LDM_I2C_FUNC \
	(I2C_FUNC_I2C | I2C_FUNC_SMBUS_QUICK | I2C_FUNC_SMBUS_BYTE | I2C_FUNC_SMBUS_BYTE_DATA | \
	 I2C_FUNC_SMBUS_WORD_DATA | I2C_FUNC_SMBUS_PROC_CALL | I2C_FUNC_SMBUS_BLOCK_DATA | \
	 I2C_FUNC_SMBUS_READ_I2C_BLOCK | I2C_FUNC_SMBUS_WRITE_I2C_BLOCK)

struct ldm_i2c_bus *ldm_i2c_bus_get(struct device_node *np);
void ldm_i2c_bus_put(struct ldm_i2c_bus *bus);
int ldm_i2c_transfer(struct ldm_i2c_bus *bus, struct i2c_msg *msgs, int num);
int ldm_i2c_smbus_xfer(struct ldm_i2c_bus *bus, u16 addr, unsigned short flags, char read_write,
		       u8 command, int size, union i2c_smbus_data *data);
u32 ldm_i2c_functionality(struct ldm_i2c_bus *bus);
int ldm_i2c_bus_acks(struct ldm_i2c_bus *bus, u16 addr);

#pragma GCC visibility pop

#endif /* _LDM_I2C_LDM_H */
