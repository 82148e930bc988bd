/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/i2c-sensor.h> for an unchanged 2.6.9 driver: <ldm/i2c-sensor.h>.
 */
#ifndef _LDM_COMPAT_LINUX_I2C_SENSOR_H
#define _LDM_COMPAT_LINUX_I2C_SENSOR_H

#include <ldm/i2c-sensor.h>

#endif /* _LDM_COMPAT_LINUX_I2C_SENSOR_H */
