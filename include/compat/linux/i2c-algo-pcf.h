/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/i2c-algo-pcf.h> for an unchanged 2.6.9 driver: <ldm/i2c-algo-pcf.h>.
 */
#ifndef _LDM_COMPAT_LINUX_I2C_ALGO_PCF_H
#define _LDM_COMPAT_LINUX_I2C_ALGO_PCF_H

#include <ldm/i2c-algo-pcf.h>

#endif /* _LDM_COMPAT_LINUX_I2C_ALGO_PCF_H */
