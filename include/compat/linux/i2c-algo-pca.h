/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <linux/i2c-algo-pca.h> for an unchanged 2.6.9 driver: <ldm/i2c-algo-pca.h>.
 */
#ifndef _LDM_COMPAT_LINUX_I2C_ALGO_PCA_H
#define _LDM_COMPAT_LINUX_I2C_ALGO_PCA_H

#include <ldm/i2c-algo-pca.h>

#endif /* _LDM_COMPAT_LINUX_I2C_ALGO_PCA_H */
