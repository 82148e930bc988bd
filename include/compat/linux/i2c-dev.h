/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/i2c-dev.h> for an unchanged 2.6.9 driver: <ldm/i2c-dev.h>.
 */
#ifndef _LDM_COMPAT_LINUX_I2C_DEV_H
#define _LDM_COMPAT_LINUX_I2C_DEV_H

#include <ldm/i2c-dev.h>

#endif /* _LDM_COMPAT_LINUX_I2C_DEV_H */
