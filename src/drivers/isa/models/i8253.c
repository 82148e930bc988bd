// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * i8253.c - the model of the PC's interval timer (an Intel 8253/8254) and
 * the speaker gate of its port B, as 2.6.9's drivers/input/misc/pcspkr.c
 * programs them: counter 2 divides the PIT's 1193182 Hz into the tone,
 * and bits 0 and 1 of port 0x61 let it reach the speaker.
 *
 *   node:  pit@40 { compatible = "ldm,i8253";
 *                   reg = <0x40 4 0x61 1>; };   (counters and control, port B)
 *
 * The counters keep what is written to them, as reload values; they do
 * not count, and counter 0 raises no interrupt (ldm's clock is its own).
 * The tone is what ldm hw reads: register 3, in Hz (0 when silent).
 */
#include <errno.h>
#include <stdio.h>
#include <libldm/model.h>

#include "../../../hw/model.h"

#define PIT_HZ 1193182U

struct counter {
	uint16_t reload;
	uint8_t mode, access; /* access: 1 low byte, 2 high byte, 3 low then high */
	bool high_next;	      /* the next byte of a 3 is the high one */
};

struct i8253 {
	struct counter c[3];
	uint8_t port_b;
};

static unsigned int tone_hz(const struct i8253 *p)
{
	if ((p->port_b & 3) != 3 || !p->c[2].reload)
		return 0;
	return PIT_HZ / p->c[2].reload;
}

static void control(struct i8253 *p, uint8_t v)
{
	unsigned int sel = v >> 6;
	struct counter *c;

	if (sel == 3)
		return; /* the 8254's read-back: not here */
	c = &p->c[sel];
	if (!(v & 0x30))
		return; /* a latch: the reload value reads back anyway */
	c->access = (v >> 4) & 3;
	c->mode = (v >> 1) & 7;
	c->high_next = false;
}

static void load(struct counter *c, uint8_t v)
{
	if (c->access == 1 || (c->access == 3 && !c->high_next))
		c->reload = (uint16_t)((c->reload & 0xff00) | v);
	else
		c->reload = (uint16_t)((c->reload & 0x00ff) | (v << 8));
	if (c->access == 3)
		c->high_next = !c->high_next;
}

static uint32_t i8253_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width)
{
	struct i8253 *p = ldm_model_priv(m);
	struct counter *c;
	uint8_t v;

	(void)width;
	if (region == 1)
		return p->port_b;
	if (offset == 3)
		return 0xff;
	c = &p->c[offset];
	v = c->access == 2 || (c->access == 3 && c->high_next) ? c->reload >> 8 : c->reload & 0xff;
	if (c->access == 3)
		c->high_next = !c->high_next;
	return v;
}

static void i8253_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			unsigned int width, uint32_t value)
{
	struct i8253 *p = ldm_model_priv(m);

	(void)width;
	if (region == 1)
		p->port_b = (uint8_t)(value & 0x0f); /* the status bits above read 0 */
	else if (offset == 3)
		control(p, (uint8_t)value);
	else
		load(&p->c[offset], (uint8_t)value);
}

/* Registers: 0-2 the counters' reload values, 3 the speaker's tone in Hz (0: silent). */
static int i8253_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct i8253 *p = ldm_model_priv(m);

	if (reg > 3)
		return -ENOENT;
	*value = reg < 3 ? p->c[reg].reload : tone_hz(p);
	return 0;
}

static int i8253_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	struct i8253 *p = ldm_model_priv(m);

	if (reg > 3)
		return -ENOENT;
	if (reg == 3)
		return -EROFS;
	if (value > 0xffff)
		return -EINVAL;
	p->c[reg].reload = (uint16_t)value;
	return 0;
}

static int i8253_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct i8253 *p = ldm_model_priv(m);
	unsigned int hz = tone_hz(p);

	return snprintf(buf, size,
			"counters %u %u %u (modes %u %u %u), port B 0x%02x, speaker %s%u Hz\n",
			p->c[0].reload, p->c[1].reload, p->c[2].reload, p->c[0].mode, p->c[1].mode,
			p->c[2].mode, p->port_b, hz ? "on at " : "off, ", hz);
}

static int i8253_probe(struct ldm_model *m)
{
	if (m->nr_regions != 2 || m->regions[0].len != 4 || m->regions[1].len != 1) {
		ldm_model_err(m, "an i8253 has 4 ports (3 counters, control) and port B, 1 port");
		return -EINVAL;
	}
	return 0;
}

const struct ldm_model_type i8253_model_type = {
	.compatible = "ldm,i8253",
	.priv_size = sizeof(struct i8253),
	.probe = i8253_probe,
	.read = i8253_read,
	.write = i8253_write,
	.reg_read = i8253_reg_read,
	.reg_write = i8253_reg_write,
	.dump = i8253_dump,
};
