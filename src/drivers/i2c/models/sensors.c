// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sensors.c - temperature sensors that are register banks and nothing
 * more: the lm75, ds1621, adm1021 and lm90 models. Each is a table of
 * registers over regchip.c (their reset values, read-only bits and, for
 * the two whose limits are written at one address and read at another, a
 * write map); the board overrides any register (docs/hardware-i2c.md).
 * The values are what 2.6.9's drivers/i2c/chips/ detect the chips by,
 * and a room at 25 degrees C.
 */
#include "../i2c-model.h"

/*
 * LM75: four registers, the configuration one byte wide; the pointer's
 * three low bits are decoded, and pointers 4 to 7 read back the last
 * register read (what lm75.c's detection checks).
 */
static const int lm75_byte_regs[] = { 1, -1 };
static const int lm75_reset[] = { 0, 0x1900, 2, 0x4b00, 3, 0x5000, -1 };
static const int lm75_ro[] = { 0, 0xffff, 1, 0xe0, 2, 0x007f, 3, 0x007f, -1 };
static const struct regchip_desc lm75_desc = {
	.count = 4,
	.width = 16,
	.pointer_mask = 0x07,
	.latch_from = 4,
	.byte_regs = lm75_byte_regs,
	.reset = lm75_reset,
	.ro = lm75_ro,
};

static int lm75_probe(struct i2c_slave *s, const struct device_node *np, const char *what)
{
	return regchip_probe(s, np, what, &lm75_desc);
}

const struct i2c_model i2c_model_lm75 = {
	.compatible = "ldm,lm75",
	.probe = lm75_probe,
	REGCHIP_MODEL_OPS,
};

/*
 * DS1621: registers named by command bytes: 0xaa the temperature, 0xa1
 * and 0xa2 the high and low limits (words), 0xac the configuration (a
 * byte; its bits 3:2 read 10, DONE is set). 0xee and 0x22, start and stop
 * converting, take no data.
 */
static const int ds1621_byte_regs[] = { 0xac, -1 };
static const int ds1621_reset[] = { 0xaa, 0x1900, 0xa1, 0x5000, 0xa2, 0x0a00, 0xac, 0x88, -1 };
static const int ds1621_ro[] = { 0xaa, 0xffff, 0xa1, 0x007f, 0xa2, 0x007f, 0xac, 0x9c, -1 };
static const struct regchip_desc ds1621_desc = {
	.count = 256,
	.width = 16,
	.byte_regs = ds1621_byte_regs,
	.reset = ds1621_reset,
	.ro = ds1621_ro,
};

static int ds1621_probe(struct i2c_slave *s, const struct device_node *np, const char *what)
{
	return regchip_probe(s, np, what, &ds1621_desc);
}

const struct i2c_model i2c_model_ds1621 = {
	.compatible = "ldm,ds1621",
	.probe = ds1621_probe,
	REGCHIP_MODEL_OPS,
};

/* The limits of the ADM1021 and the LM90 are written at 0x09 to 0x0e. */
static const int adm_write_map[] = { 0x09, 0x03, 0x0a, 0x04, 0x0b, 0x05, 0x0c,
				     0x06, 0x0d, 0x07, 0x0e, 0x08, -1 };

/* ADM1021: Analog Devices (0x41 at 0xfe), local and remote temperatures. */
static const int adm1021_reset[] = { 0x00, 0x19, 0x01, 0x2d, 0x04, 0x02, 0x05, 0x3c, 0x06, 0x37,
				     0x07, 0x50, 0x08, 0x4b, 0xfe, 0x41, 0xff, 0x00, -1 };
static const int adm1021_ro[] = { 0x00, 0xff, 0x01, 0xff, 0x02, 0xff, 0xfe, 0xff, 0xff, 0xff, -1 };
static const struct regchip_desc adm1021_desc = {
	.count = 256,
	.width = 8,
	.reset = adm1021_reset,
	.ro = adm1021_ro,
	.write_map = adm_write_map,
};

static int adm1021_probe(struct i2c_slave *s, const struct device_node *np, const char *what)
{
	return regchip_probe(s, np, what, &adm1021_desc);
}

const struct i2c_model i2c_model_adm1021 = {
	.compatible = "ldm,adm1021",
	.probe = adm1021_probe,
	REGCHIP_MODEL_OPS,
};

/*
 * LM90: National (0x01 at 0xfe), chip 0x21; lm90.c takes it for an LM90
 * only at address 0x4c.
 */
static const int lm90_reset[] = { 0x00, 0x19, 0x01, 0x2d, 0x04, 0x08, 0x05, 0x46, 0x07, 0x55, 0x19,
				  0x6e, 0x20, 0x55, 0x21, 0x0a, 0xfe, 0x01, 0xff, 0x21, -1 };
static const int lm90_ro[] = { 0x00, 0xff, 0x01, 0xff, 0x02, 0xff, 0x10,
			       0xff, 0xfe, 0xff, 0xff, 0xff, -1 };
static const struct regchip_desc lm90_desc = {
	.count = 256,
	.width = 8,
	.reset = lm90_reset,
	.ro = lm90_ro,
	.write_map = adm_write_map,
};

static int lm90_probe(struct i2c_slave *s, const struct device_node *np, const char *what)
{
	return regchip_probe(s, np, what, &lm90_desc);
}

const struct i2c_model i2c_model_lm90 = {
	.compatible = "ldm,lm90",
	.probe = lm90_probe,
	REGCHIP_MODEL_OPS,
};
