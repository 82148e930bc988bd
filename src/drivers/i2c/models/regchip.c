// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * regchip.c - an I2C chip that is a register bank behind an address
 * pointer, as most sensors are (struct regchip_desc): what the lm75,
 * ds1621, adm1021 and lm90 models and the generic "ldm,regbank" chip are
 * made of. The bank's registers, masks and interrupt come from the model's
 * defaults and then from the board (docs/hardware-i2c.md).
 */
#include <ldm/err.h>
#include <ldm/errno.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <ldm/slab.h>

#include "../../../hw/regbank.h"
#include "../i2c-model.h"

/**
 * struct regchip - the state of a register chip on the wire
 * @desc: what it is
 * @auto_increment: as @desc, or as the board says
 * @pointer: the address pointer
 * @want_pointer: the next byte written sets @pointer (the first after a
 *	START to write)
 * @byte: how many bytes of the current register have gone
 * @cur: the register being sent or received
 * @latch: the last register read (struct regchip_desc, @latch_from)
 */
struct regchip {
	const struct regchip_desc *desc;
	bool auto_increment;
	u8 pointer;
	bool want_pointer;
	unsigned int byte;
	u32 cur;
	u32 latch;
};

static unsigned int index_of(const struct regchip *rc)
{
	return rc->desc->pointer_mask ? rc->pointer & rc->desc->pointer_mask : rc->pointer;
}

/* The bytes register @idx takes on the wire. */
static unsigned int reg_bytes(const struct i2c_slave *s, const struct regchip *rc, unsigned int idx)
{
	const int *p;

	if (s->bank->width == 8)
		return 1;
	for (p = rc->desc->byte_regs; p && *p >= 0; p++)
		if ((unsigned int)*p == idx)
			return 1;
	return 2;
}

static void next_register(struct regchip *rc)
{
	rc->byte = 0;
	rc->cur = 0;
	if (rc->auto_increment)
		rc->pointer++;
}

/* Apply a model's default <index value> pairs to the field at @offset. */
static void apply_defaults(struct regbank *rb, const int *pairs, size_t offset)
{
	for (; pairs && pairs[0] >= 0; pairs += 2)
		if ((unsigned int)pairs[0] < rb->count)
			*(uint32_t *)((char *)&rb->regs[pairs[0]] + offset) = pairs[1];
}

/**
 * regchip_probe - make a register chip's bank and state from its node
 * @s: the chip
 * @np: its node: ldm,reg-count, ldm,reg-width and ldm,auto-increment
 *	override @desc, and the bank's properties (regbank_configure())
 *	override its defaults
 * @what: its name, for messages
 * @desc: the model's description
 *
 * Return: 0; -EINVAL for a bad property (logged); -ENOMEM.
 */
int regchip_probe(struct i2c_slave *s, const struct device_node *np, const char *what,
		  const struct regchip_desc *desc)
{
	unsigned int count = desc->count, width = desc->width;
	struct regchip *rc;
	const int *p;
	int error;

	error = regbank_node_size(np, &count, &width, what);
	if (error)
		return error;
	rc = kzalloc(sizeof(*rc), GFP_KERNEL);
	s->bank = regbank_create(count, width);
	error = -ENOMEM;
	if (!rc || !s->bank)
		goto err;
	rc->desc = desc;
	rc->auto_increment = desc->auto_increment ||
			     of_property_read_bool(np, "ldm,auto-increment");
	apply_defaults(s->bank, desc->reset, offsetof(struct regbank_reg, reset));
	apply_defaults(s->bank, desc->ro, offsetof(struct regbank_reg, ro));
	for (p = desc->write_map; p && p[0] >= 0; p += 2)
		if ((unsigned int)p[0] < count && (unsigned int)p[1] < count)
			s->bank->regs[p[0]].write_to = p[1];
	error = regbank_configure(s->bank, np, what);
	if (error)
		goto err;
	s->priv = rc;
	return 0;
err:
	regbank_destroy(s->bank);
	s->bank = NULL;
	kfree(rc);
	return error;
}

/**
 * regchip_remove - free a register chip's bank and state
 * @s: the chip
 */
void regchip_remove(struct i2c_slave *s)
{
	regbank_destroy(s->bank);
	kfree(s->priv);
}

/**
 * regchip_start - a START: a write begins with the pointer, a read at the
 * first byte of the register the pointer names
 * @s: the chip
 * @read: whether the master reads
 */
void regchip_start(struct i2c_slave *s, bool read)
{
	struct regchip *rc = s->priv;

	rc->want_pointer = !read;
	rc->byte = 0;
	rc->cur = 0;
}

/**
 * regchip_write - a byte written: the pointer, or a byte of a register
 * (the register is written when its last byte arrives)
 * @s: the chip
 * @byte: the byte
 *
 * Return: 0 (acknowledged), or -EIO for a register past the bank.
 */
int regchip_write(struct i2c_slave *s, u8 byte)
{
	struct regchip *rc = s->priv;
	unsigned int idx;

	if (rc->want_pointer) {
		rc->pointer = byte;
		rc->want_pointer = false;
		return 0;
	}
	idx = index_of(rc);
	if (idx >= s->bank->count)
		return -EIO;
	rc->cur = rc->cur << 8 | byte;
	if (++rc->byte < reg_bytes(s, rc, idx))
		return 0;
	regbank_write(s->bank, idx, rc->cur);
	next_register(rc);
	return 0;
}

/**
 * regchip_read - the next byte of the register the pointer names, most
 * significant first; past the bank, 0xff (nobody drives the line)
 * @s: the chip
 *
 * Return: the byte.
 */
u8 regchip_read(struct i2c_slave *s)
{
	struct regchip *rc = s->priv;
	unsigned int idx = index_of(rc), n;
	u8 byte;

	if (rc->byte == 0) {
		if (rc->desc->latch_from && idx >= rc->desc->latch_from)
			rc->cur = rc->latch;
		else if (regbank_read(s->bank, idx, &rc->cur))
			rc->cur = 0xffff;
		else
			rc->latch = rc->cur;
	}
	n = reg_bytes(s, rc, idx);
	byte = rc->cur >> (8 * (n - 1 - rc->byte));
	if (++rc->byte == n)
		next_register(rc);
	return byte;
}

/**
 * regchip_get - the host's read of a register: no side effect
 * @s: the chip
 * @reg: the register
 * @value: its value
 *
 * Return: 0, or -ENXIO past the bank.
 */
int regchip_get(struct i2c_slave *s, unsigned int reg, u32 *value)
{
	return regbank_peek(s->bank, reg, value);
}

/**
 * regchip_set - the hardware's write of a register: no mask applies
 * @s: the chip
 * @reg: the register
 * @value: its value
 *
 * Return: 0; -ENXIO past the bank; -EINVAL for a value too wide.
 */
int regchip_set(struct i2c_slave *s, unsigned int reg, u32 value)
{
	return regbank_set(s->bank, reg, value);
}

static int regbank_chip_probe(struct i2c_slave *s, const struct device_node *np, const char *what)
{
	static const struct regchip_desc desc = { .count = 256, .width = 8 };

	return regchip_probe(s, np, what, &desc);
}

/*
 * "ldm,regbank": a chip described by the board alone: 256 registers of 8
 * bits unless ldm,reg-count and ldm,reg-width say otherwise.
 */
const struct i2c_model i2c_model_regbank = {
	.compatible = "ldm,regbank",
	.probe = regbank_chip_probe,
	REGCHIP_MODEL_OPS,
};
