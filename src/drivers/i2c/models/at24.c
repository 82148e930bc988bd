// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * at24.c - a 24C02 serial EEPROM: 256 bytes behind an address pointer.
 * The first byte of a write sets the pointer and the bytes after it are
 * written from there, wrapping within the 8-byte page as the chip's page
 * write does; a read sends bytes from the pointer on, wrapping at the end
 * of the array. The bytes come from the board (ldm,data; an erased
 * chip's 0xff past them); ldm,write-protect holds its WP pin high, so
 * writes are acknowledged and dropped (docs/hardware-i2c.md).
 */
#include <string.h>
#include <ldm/errno.h>
#include <ldm/of.h>
#include <ldm/slab.h>

#include "../i2c-model.h"

#define AT24_SIZE 256
#define AT24_PAGE 8

/**
 * struct at24 - the EEPROM
 * @data: its bytes
 * @pointer: the address pointer
 * @want_pointer: the next byte written sets @pointer
 * @write_protect: writes are dropped
 */
struct at24 {
	u8 data[AT24_SIZE];
	u8 pointer;
	bool want_pointer;
	bool write_protect;
};

static int at24_probe(struct i2c_slave *s, const struct device_node *np, const char *what)
{
	const void *bytes;
	struct at24 *e;
	int len = 0;

	bytes = of_get_property(np, "ldm,data", &len);
	if (bytes && len > AT24_SIZE) {
		pr_err("ldm: %s: ldm,data: %d bytes do not fit a 24C02's %d\n", what, len,
		       AT24_SIZE);
		return -EINVAL;
	}
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	memset(e->data, 0xff, sizeof(e->data));
	if (bytes)
		memcpy(e->data, bytes, len);
	e->write_protect = of_property_read_bool(np, "ldm,write-protect");
	s->priv = e;
	return 0;
}

static void at24_remove(struct i2c_slave *s)
{
	kfree(s->priv);
}

static void at24_start(struct i2c_slave *s, bool read)
{
	struct at24 *e = s->priv;

	e->want_pointer = !read;
}

static int at24_write(struct i2c_slave *s, u8 byte)
{
	struct at24 *e = s->priv;

	if (e->want_pointer) {
		e->pointer = byte;
		e->want_pointer = false;
		return 0;
	}
	if (!e->write_protect)
		e->data[e->pointer] = byte;
	e->pointer = (e->pointer & ~(AT24_PAGE - 1)) | ((e->pointer + 1) & (AT24_PAGE - 1));
	return 0;
}

static u8 at24_read(struct i2c_slave *s)
{
	struct at24 *e = s->priv;

	return e->data[e->pointer++];
}

static int at24_get(struct i2c_slave *s, unsigned int reg, u32 *value)
{
	struct at24 *e = s->priv;

	if (reg >= AT24_SIZE)
		return -ENXIO;
	*value = e->data[reg];
	return 0;
}

static int at24_set(struct i2c_slave *s, unsigned int reg, u32 value)
{
	struct at24 *e = s->priv;

	if (reg >= AT24_SIZE)
		return -ENXIO;
	if (value > 0xff)
		return -EINVAL;
	e->data[reg] = value;
	return 0;
}

const struct i2c_model i2c_model_24c02 = {
	.compatible = "ldm,24c02",
	.probe = at24_probe,
	.remove = at24_remove,
	.start = at24_start,
	.write = at24_write,
	.read = at24_read,
	.get = at24_get,
	.set = at24_set,
};
