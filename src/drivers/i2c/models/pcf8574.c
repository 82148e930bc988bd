// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * pcf8574.c - the PCF8574's eight quasi-bidirectional pins: a byte written
 * sets the output latch; a pin whose latch is 1 is pulled up weakly, so the
 * outside may pull it low, and a read gives the pins as they are: the
 * latch AND what the outside drives. No register pointer: every byte is the
 * port. The outside's levels come from the board (ldm,inputs, all high by
 * default) and from the host (register 0, docs/hardware-i2c.md). With
 * interrupts = <line>, a change of the pins from what was last read or
 * written asserts the chip's /INT, which a read or a write of the port
 * releases: one raise of the line per assertion.
 */
#include <ldm/errno.h>
#include <ldm/interrupt.h>
#include <ldm/of.h>
#include <ldm/slab.h>

#include "../i2c-model.h"

/**
 * struct pcf8574 - the state of the port
 * @latch: the outputs written, 0xff at power on
 * @inputs: the levels the outside drives (1: released or high)
 * @seen: the pins when the port was last read or written
 * @int_asserted: /INT is low
 */
struct pcf8574 {
	u8 latch;
	u8 inputs;
	u8 seen;
	bool int_asserted;
};

static u8 pins(const struct pcf8574 *p)
{
	return p->latch & p->inputs;
}

/* A read or a write of the port: /INT released, the pins seen. */
static void port_accessed(struct pcf8574 *p)
{
	p->int_asserted = false;
	p->seen = pins(p);
}

static int pcf8574_probe(struct i2c_slave *s, const struct device_node *np, const char *what)
{
	struct pcf8574 *p;
	u32 v = 0xff, line;

	if (!of_property_read_u32(np, "ldm,inputs", &v) && v > 0xff) {
		pr_err("ldm: %s: ldm,inputs: 0x%x is wider than the eight pins\n", what, v);
		return -EINVAL;
	}
	if (!of_property_read_u32(np, "interrupts", &line)) {
		if (line >= NR_IRQS) {
			pr_err("ldm: %s: interrupts: line %u is past the last, %u\n", what, line,
			       NR_IRQS - 1);
			return -EINVAL;
		}
		s->irq_line = line;
	}
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->latch = 0xff;
	p->inputs = v;
	p->seen = pins(p);
	s->priv = p;
	return 0;
}

static void pcf8574_remove(struct i2c_slave *s)
{
	kfree(s->priv);
}

static void pcf8574_start(struct i2c_slave *s, bool read)
{
	(void)s;
	(void)read;
}

static int pcf8574_write(struct i2c_slave *s, u8 byte)
{
	struct pcf8574 *p = s->priv;

	p->latch = byte;
	port_accessed(p);
	return 0;
}

static u8 pcf8574_read(struct i2c_slave *s)
{
	struct pcf8574 *p = s->priv;

	port_accessed(p);
	return p->seen;
}

/* Register 0: the pins (a write sets what the outside drives); 1: the latch. */
static int pcf8574_get(struct i2c_slave *s, unsigned int reg, u32 *value)
{
	struct pcf8574 *p = s->priv;

	if (reg > 1)
		return -ENXIO;
	*value = reg ? p->latch : pins(p);
	return 0;
}

static int pcf8574_set(struct i2c_slave *s, unsigned int reg, u32 value)
{
	struct pcf8574 *p = s->priv;

	if (reg > 1)
		return -ENXIO;
	if (value > 0xff)
		return -EINVAL;
	if (reg)
		p->latch = value;
	else
		p->inputs = value;
	if (!reg && !p->int_asserted && pins(p) != p->seen) {
		p->int_asserted = true;
		s->irq_due++;
	}
	return 0;
}

const struct i2c_model i2c_model_pcf8574 = {
	.compatible = "ldm,pcf8574",
	.probe = pcf8574_probe,
	.remove = pcf8574_remove,
	.start = pcf8574_start,
	.write = pcf8574_write,
	.read = pcf8574_read,
	.get = pcf8574_get,
	.set = pcf8574_set,
};
