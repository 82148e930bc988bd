/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/bcd.h> - binary-coded decimal, as <linux/bcd.h> of 2.6.9: what the
 * CMOS clock and its kin store their fields in.
 */
#ifndef _LDM_BCD_H
#define _LDM_BCD_H

#define BCD2BIN(val) (((val)&0x0f) + ((val) >> 4) * 10)
#define BIN2BCD(val) ((((val) / 10) << 4) + (val) % 10)

/* The forms that convert in place. */
#ifndef BCD_TO_BIN
#define BCD_TO_BIN(val) ((val) = BCD2BIN(val))
#endif
#ifndef BIN_TO_BCD
#define BIN_TO_BCD(val) ((val) = BIN2BCD(val))
#endif

#endif /* _LDM_BCD_H */
