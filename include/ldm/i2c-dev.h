/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-dev.h> - the arguments of /dev/i2c-N's I2C_SMBUS and I2C_RDWR
 * ioctls, as 2.6.9's <linux/i2c-dev.h> (the user ABI).
 */
#ifndef _LDM_I2C_DEV_H
#define _LDM_I2C_DEV_H

#include <ldm/compiler.h>
#include <ldm/i2c.h>

/* I2C_SMBUS: one SMBus transfer. */
struct i2c_smbus_ioctl_data {
	__u8 read_write;
	__u8 command;
	__u32 size;
	union i2c_smbus_data __user *data;
};

/* I2C_RDWR: I2C messages with one stop at the end. */
struct i2c_rdwr_ioctl_data {
	struct i2c_msg __user *msgs;
	__u32 nmsgs;
};

#define I2C_RDRW_IOCTL_MAX_MSGS 42

#endif /* _LDM_I2C_DEV_H */
