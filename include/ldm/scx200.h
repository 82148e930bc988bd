/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/scx200.h> - the National Semiconductor SCx200 and SC1100
 * processors' registers, as <linux/scx200.h> of 2.6.9 names them: the
 * bridge's configuration registers, the GPIO block, and the configuration
 * block at 0x9000 with its watchdog, timer and clock registers.
 *
 * They are ports like any other: with no model of the chip, reads are all
 * ones and scx200_cb_probe() finds no configuration block.
 */
#ifndef _LDM_SCX200_H
#define _LDM_SCX200_H

#include <ldm/io.h>

/* The bridge (function 0)'s PCI configuration registers */
#define SCx200_DOCCS_BASE 0x78
#define SCx200_DOCCS_CTRL 0x7c

/* The GPIO block (the bridge's BAR 0) */
#define SCx200_GPIO_SIZE 0x2c

/* The configuration block, at a fixed base */
#define SCx200_CB_BASE 0x9000

#define SCx200_WDT_OFFSET      0x00
#define SCx200_WDT_SIZE	       0x05
#define SCx200_WDT_WDTO	       0x00
#define SCx200_WDT_WDCNFG      0x02
#define SCx200_WDT_WDSTS       0x04
#define SCx200_WDT_WDSTS_WDOVF (1 << 0)

#define SCx200_TIMER_OFFSET 0x08
#define SCx200_TIMER_SIZE   0x05

#define SCx200_CLOCKGEN_OFFSET 0x10
#define SCx200_CLOCKGEN_SIZE   0x10

#define SCx200_MISC_OFFSET 0x30
#define SCx200_MISC_SIZE   0x10
#define SCx200_PMR	   0x30
#define SCx200_MCR	   0x34
#define SCx200_INTSEL	   0x38
#define SCx200_IID	   0x3c
#define SCx200_REV	   0x3d
#define SCx200_CBA	   0x3e

/* Whether the configuration block is at @base: its CBA register says so. */
#define scx200_cb_probe(base) (inw((base) + SCx200_CBA) == (base))

#endif /* _LDM_SCX200_H */
