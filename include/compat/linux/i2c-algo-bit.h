/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/i2c-algo-bit.h> for an unchanged 2.6.9 driver: <ldm/i2c-algo-bit.h>.
 */
#ifndef _LDM_COMPAT_LINUX_I2C_ALGO_BIT_H
#define _LDM_COMPAT_LINUX_I2C_ALGO_BIT_H

#include <ldm/i2c-algo-bit.h>

#endif /* _LDM_COMPAT_LINUX_I2C_ALGO_BIT_H */
