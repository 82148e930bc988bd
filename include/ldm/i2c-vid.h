/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/i2c-vid.h> - a CPU core voltage from the VID code a monitoring
 * chip reads, by the Intel VRM specification the board follows (2.6.9's
 * <linux/i2c-vid.h>). Voltages are in millivolts, VRM versions times ten.
 */
#ifndef _LDM_I2C_VID_H
#define _LDM_I2C_VID_H

int i2c_which_vrm(void);

#define DEFAULT_VRM 82

/* The voltage of VID code @val (0 to 0x1f) under VRM version @vrm. */
static inline int vid_from_reg(int val, int vrm)
{
	switch (vrm) {
	case 0:
		return 0;
	case 90:
	case 91: /* 1.850 V down in 25 mV steps; 0x1f is off */
		return val == 0x1f ? 0 : 1850 - val * 25;
	case 85: /* two ranges of 50 mV steps, bit 4 adds 25 mV */
		return (val & 0x10 ? 25 : 0) + ((val & 0x0f) > 0x04 ? 2050 : 1250) -
		       (val & 0x0f) * 50;
	case 84:
		val &= 0x0f;
		/* fall through */
	default: /* 8.2: 2.05 V down in 50 mV steps, or 5.1 V in 100 mV with bit 4 */
		if (val == 0x1f)
			return 0;
		return val & 0x10 ? 5100 - val * 100 : 2050 - val * 50;
	}
}

#endif /* _LDM_I2C_VID_H */
