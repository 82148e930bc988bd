// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * i8042.c - the model of the PC's keyboard controller (an Intel 8042, as
 * 2.6.9's drivers/input/serio/i8042.c drives it) with a PS/2 keyboard on
 * its keyboard port: the data port and the command/status port, the
 * controller's command byte and commands, and the keyboard's replies to
 * atkbd.c's commands (reset, identify, scancode set, LEDs, rate, enable).
 *
 *   node:  i8042@60 { compatible = "ldm,i8042";
 *                     reg = <0x60 1 0x64 1>;     (data, command/status)
 *                     interrupts = <1 12>; };    (keyboard, aux)
 *
 * The keyboard speaks scancode set 2 and the controller does not
 * translate (its command byte starts without XLATE, so i8042.c runs it
 * direct, as i8042.direct=1 does). Keys come from the host: register 0 of
 * `ldm hw write` is the keyboard's wire (0x1c presses A, 0xf0 0x1c
 * releases it); register 1 is the command byte, 2 the LEDs atkbd set.
 * With ldm,mouse a PS/2 mouse answers on the aux port (identify 0: plain
 * PS/2, as psmouse finds it) and register 3 is its wire: 0x08 0x05 0x00
 * moves it 5 to the right. Without, nothing answers there but the
 * controller's loopback.
 */
#include <errno.h>
#include <stdio.h>
#include <libldm/model.h>

#include "../../../hw/model.h"

#define QUEUE_MAX 64

#define STR_OBF	    0x01
#define STR_SYS	    0x04
#define STR_CMDDAT  0x08
#define STR_KEYLOCK 0x10 /* set: not locked */
#define STR_AUXDATA 0x20

#define CTR_KBDINT 0x01
#define CTR_AUXINT 0x02
#define CTR_SYS	   0x04
#define CTR_KBDDIS 0x10
#define CTR_AUXDIS 0x20

enum src { FROM_CTRL, FROM_KBD, FROM_AUX };

struct i8042 {
	uint8_t queue[QUEUE_MAX];
	uint8_t from[QUEUE_MAX];
	unsigned int head, count;
	uint8_t ctr;
	uint8_t last_cmd; /* a controller command waiting for its data byte */
	uint8_t kbd_cmd;  /* a keyboard command waiting for its parameter */
	uint8_t leds, set;
	bool cmddat;
	bool kbd_enabled;
	bool has_mouse;	   /* ldm,mouse: a PS/2 mouse on the aux port */
	uint8_t mouse_cmd; /* a mouse command waiting for its parameter */
	uint8_t mouse_res, mouse_rate;
	bool mouse_enabled; /* streaming */
};

static void push(struct ldm_model *m, struct i8042 *c, uint8_t byte, enum src from)
{
	unsigned int at;

	if (c->count == QUEUE_MAX)
		return; /* the keyboard's buffer overflows: dropped */
	at = (c->head + c->count) % QUEUE_MAX;
	c->queue[at] = byte;
	c->from[at] = (uint8_t)from;
	c->count++;
	if (c->count == 1) {
		if (from == FROM_KBD && (c->ctr & CTR_KBDINT))
			ldm_model_irq_raise(m, 0);
		else if (from == FROM_AUX && (c->ctr & CTR_AUXINT) && m->nr_irqs > 1)
			ldm_model_irq_raise(m, 1);
	}
}

static uint8_t pop(struct ldm_model *m, struct i8042 *c)
{
	uint8_t byte;

	if (!c->count)
		return c->queue[(c->head + QUEUE_MAX - 1) % QUEUE_MAX]; /* the last byte again */
	byte = c->queue[c->head];
	c->head = (c->head + 1) % QUEUE_MAX;
	c->count--;
	ldm_model_irq_lower(m, 0);
	if (m->nr_irqs > 1)
		ldm_model_irq_lower(m, 1);
	/* The next byte, if any, interrupts again. */
	if (c->count) {
		enum src from = c->from[c->head];

		if (from == FROM_KBD && (c->ctr & CTR_KBDINT))
			ldm_model_irq_raise(m, 0);
		else if (from == FROM_AUX && (c->ctr & CTR_AUXINT) && m->nr_irqs > 1)
			ldm_model_irq_raise(m, 1);
	}
	return byte;
}

/* The keyboard hears @byte from the host. */
static void keyboard(struct ldm_model *m, struct i8042 *c, uint8_t byte)
{
	uint8_t cmd = c->kbd_cmd;

	if (cmd) { /* the parameter of the command before */
		c->kbd_cmd = 0;
		if (cmd == 0xed)
			c->leds = byte & 7;
		if (cmd == 0xf0 && byte)
			c->set = byte;
		push(m, c, 0xfa, FROM_KBD);
		if (cmd == 0xf0 && !byte)
			push(m, c, c->set, FROM_KBD);
		return;
	}
	switch (byte) {
	case 0xff: /* reset, self test */
		c->set = 2;
		c->leds = 0;
		c->kbd_enabled = true;
		push(m, c, 0xfa, FROM_KBD);
		push(m, c, 0xaa, FROM_KBD);
		return;
	case 0xf2: /* identify: an MF2 keyboard */
		push(m, c, 0xfa, FROM_KBD);
		push(m, c, 0xab, FROM_KBD);
		push(m, c, 0x83, FROM_KBD);
		return;
	case 0xee: /* echo */
		push(m, c, 0xee, FROM_KBD);
		return;
	case 0xed: /* LEDs, rate, scancode set: a parameter follows */
	case 0xf3:
	case 0xf0:
		c->kbd_cmd = byte;
		push(m, c, 0xfa, FROM_KBD);
		return;
	case 0xf4:
		c->kbd_enabled = true;
		push(m, c, 0xfa, FROM_KBD);
		return;
	case 0xf5:
		c->kbd_enabled = false;
		push(m, c, 0xfa, FROM_KBD);
		return;
	default:
		push(m, c, 0xfa, FROM_KBD);
		return;
	}
}

/* The mouse hears @byte from the host (through command 0xd4). */
static void mouse(struct ldm_model *m, struct i8042 *c, uint8_t byte)
{
	if (c->mouse_cmd) { /* the parameter of the command before */
		if (c->mouse_cmd == 0xe8)
			c->mouse_res = byte & 3;
		else
			c->mouse_rate = byte;
		c->mouse_cmd = 0;
		push(m, c, 0xfa, FROM_AUX);
		return;
	}
	push(m, c, 0xfa, FROM_AUX);
	switch (byte) {
	case 0xff: /* reset: self test passed, ID 0 */
		c->mouse_enabled = false;
		c->mouse_res = 2;
		c->mouse_rate = 100;
		push(m, c, 0xaa, FROM_AUX);
		push(m, c, 0x00, FROM_AUX);
		break;
	case 0xf2: /* identify: a plain PS/2 mouse */
		push(m, c, 0x00, FROM_AUX);
		break;
	case 0xe9: /* status: stream mode, then resolution and rate */
		push(m, c, c->mouse_enabled ? 0x20 : 0x00, FROM_AUX);
		push(m, c, c->mouse_res, FROM_AUX);
		push(m, c, c->mouse_rate, FROM_AUX);
		break;
	case 0xeb: /* poll: a packet with no motion */
		push(m, c, 0x08, FROM_AUX);
		push(m, c, 0x00, FROM_AUX);
		push(m, c, 0x00, FROM_AUX);
		break;
	case 0xe8: /* resolution, rate: a parameter follows */
	case 0xf3:
		c->mouse_cmd = byte;
		break;
	case 0xf4:
		c->mouse_enabled = true;
		break;
	case 0xf5:
	case 0xf6:
		c->mouse_enabled = false;
		break;
	default:
		break;
	}
}

static void command(struct ldm_model *m, struct i8042 *c, uint8_t cmd)
{
	switch (cmd) {
	case 0x20:
		push(m, c, c->ctr, FROM_CTRL);
		break;
	case 0x60: /* write the command byte: it follows */
	case 0xd2: /* a byte as if from the keyboard follows */
	case 0xd3: /* a byte as if from the aux port follows */
	case 0xd4: /* a byte for the aux device follows */
		c->last_cmd = cmd;
		break;
	case 0xa7:
		c->ctr |= CTR_AUXDIS;
		break;
	case 0xa8:
		c->ctr &= (uint8_t)~CTR_AUXDIS;
		break;
	case 0xa9: /* aux interface test: fine */
	case 0xab: /* keyboard interface test: fine */
		push(m, c, 0x00, FROM_CTRL);
		break;
	case 0xaa: /* self test */
		push(m, c, 0x55, FROM_CTRL);
		break;
	case 0xad:
		c->ctr |= CTR_KBDDIS;
		break;
	case 0xae:
		c->ctr &= (uint8_t)~CTR_KBDDIS;
		break;
	default: /* the multiplexer's and the rest: not here */
		break;
	}
}

static void data(struct ldm_model *m, struct i8042 *c, uint8_t byte)
{
	uint8_t cmd = c->last_cmd;

	c->last_cmd = 0;
	switch (cmd) {
	case 0x60:
		c->ctr = byte;
		break;
	case 0xd2:
		push(m, c, byte, FROM_KBD);
		break;
	case 0xd3:
		push(m, c, byte, FROM_AUX);
		break;
	case 0xd4:
		if (c->has_mouse)
			mouse(m, c, byte);
		break; /* without a mouse the byte is lost */
	default:
		keyboard(m, c, byte);
		break;
	}
}

static uint32_t i8042_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width)
{
	struct i8042 *c = ldm_model_priv(m);
	uint8_t str;

	(void)offset;
	(void)width;
	if (region == 0)
		return pop(m, c);
	str = STR_KEYLOCK | (c->ctr & CTR_SYS) | (c->cmddat ? STR_CMDDAT : 0);
	if (c->count) {
		str |= STR_OBF;
		if (c->from[c->head] == FROM_AUX)
			str |= STR_AUXDATA;
	}
	return str;
}

static void i8042_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			unsigned int width, uint32_t value)
{
	struct i8042 *c = ldm_model_priv(m);

	(void)offset;
	(void)width;
	c->cmddat = region == 1;
	if (region == 1)
		command(m, c, (uint8_t)value);
	else
		data(m, c, (uint8_t)value);
}

/*
 * Registers: 0 the keyboard's wire (write: a byte the keyboard sends),
 * 1 the command byte, 2 the LEDs, 3 the mouse's wire.
 */
static int i8042_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct i8042 *c = ldm_model_priv(m);

	switch (reg) {
	case 0:
		*value = c->count ? c->queue[c->head] : 0;
		return 0;
	case 1:
		*value = c->ctr;
		return 0;
	case 2:
		*value = c->leds;
		return 0;
	case 3:
		*value = c->count && c->from[c->head] == FROM_AUX ? c->queue[c->head] : 0;
		return 0;
	default:
		return -ENOENT;
	}
}

static int i8042_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	struct i8042 *c = ldm_model_priv(m);

	if (reg > 3 || (reg == 3 && !c->has_mouse))
		return -ENOENT;
	if (value > 0xff)
		return -EINVAL;
	if (reg == 0)
		push(m, c, (uint8_t)value, FROM_KBD);
	else if (reg == 3)
		push(m, c, (uint8_t)value, FROM_AUX);
	else if (reg == 1)
		c->ctr = (uint8_t)value;
	else
		return -EROFS;
	return 0;
}

static int i8042_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct i8042 *c = ldm_model_priv(m);

	return snprintf(buf, size,
			"command byte 0x%02x, %u byte(s) waiting, keyboard %s, set %u, LEDs 0x%x\n",
			c->ctr, c->count, c->kbd_enabled ? "enabled" : "disabled", c->set, c->leds);
}

static int i8042_probe(struct ldm_model *m)
{
	struct i8042 *c = ldm_model_priv(m);

	if (m->nr_regions != 2 || m->regions[0].len != 1 || m->regions[1].len != 1) {
		ldm_model_err(m, "an i8042 has a data port and a command port, one each");
		return -EINVAL;
	}
	if (m->nr_irqs < 1) {
		ldm_model_err(m, "an i8042 needs its keyboard's interrupt line");
		return -EINVAL;
	}
	c->has_mouse = ldm_model_prop_bool(m, "ldm,mouse");
	if (c->has_mouse && m->nr_irqs < 2) {
		ldm_model_err(m, "a mouse needs the aux port's interrupt line, the second");
		return -EINVAL;
	}
	c->mouse_res = 2;
	c->mouse_rate = 100;
	c->ctr = CTR_SYS | CTR_KBDINT; /* as a BIOS leaves it, but untranslated */
	c->set = 2;
	c->kbd_enabled = true;
	return 0;
}

const struct ldm_model_type i8042_model_type = {
	.compatible = "ldm,i8042",
	.priv_size = sizeof(struct i8042),
	.probe = i8042_probe,
	.read = i8042_read,
	.write = i8042_write,
	.reg_read = i8042_reg_read,
	.reg_write = i8042_reg_write,
	.dump = i8042_dump,
};
