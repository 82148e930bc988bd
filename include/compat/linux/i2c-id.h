/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/i2c-id.h> for an unchanged 2.6.9 driver: <ldm/i2c-id.h>.
 */
#ifndef _LDM_COMPAT_LINUX_I2C_ID_H
#define _LDM_COMPAT_LINUX_I2C_ID_H

#include <ldm/i2c-id.h>

#endif /* _LDM_COMPAT_LINUX_I2C_ID_H */
