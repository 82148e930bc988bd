/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/bcd.h> - binary-coded decimal, as clock chips keep the time:
 * BCD2BIN and BIN2BCD convert a byte, BCD_TO_BIN and BIN_TO_BCD in place.
 */
#ifndef _LDM_BCD_H
#define _LDM_BCD_H

#define BCD2BIN(val)	(((val)&0x0f) + ((val) >> 4) * 10)
#define BIN2BCD(val)	((((val) / 10) << 4) + (val) % 10)
#define BCD_TO_BIN(val) ((val) = BCD2BIN(val))
#define BIN_TO_BCD(val) ((val) = BIN2BCD(val))

#endif /* _LDM_BCD_H */
