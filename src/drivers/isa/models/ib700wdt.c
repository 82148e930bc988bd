// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ib700wdt.c - the model of the watchdog of ICP's IB700 single-board
 * computer, the card behind 2.6.9's drivers/char/watchdog/ib700wdt.c: a
 * write to its start port arms it (or pings it) with the timeout its low
 * nibble selects, a write to its stop port disarms it; armed and not
 * pinged within that timeout, it resets the machine.
 *
 *   node:  watchdog@443 { compatible = "ldm,ib700wdt";
 *                         reg = <0x443 1 0x441 1>; };  (start, stop; on an "isa" bus)
 *
 * The value written to the start port picks the timeout from the card's
 * table: 0x0 is 30 s, each step 2 s less, 0xf is 0 s (it resets at once).
 * The driver has the ports fixed at 0x443 and 0x441.
 */
#include <errno.h>
#include <stdio.h>
#include <libldm/model.h>

#include "../../../hw/model.h"

#define NS_PER_S 1000000000ULL

struct ib700wdt {
	unsigned int seconds;
	bool armed;
	unsigned long pings;
	unsigned long resets;
};

/* The card's table: the start port's low nibble n gives 30 - 2n seconds. */
static unsigned int ib700wdt_seconds(uint32_t value)
{
	return 30 - 2 * (value & 0xf);
}

static void ib700wdt_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width, uint32_t value)
{
	struct ib700wdt *w = ldm_model_priv(m);

	(void)offset;
	(void)width;
	if (region == 1) {
		w->armed = false;
		ldm_model_timer_cancel(m);
		return;
	}
	w->seconds = ib700wdt_seconds(value);
	w->armed = true;
	w->pings++;
	ldm_model_timer_set(m, ldm_model_now() + w->seconds * NS_PER_S);
}

static void ib700wdt_timer(struct ldm_model *m)
{
	struct ib700wdt *w = ldm_model_priv(m);

	if (!w->armed)
		return;
	w->armed = false;
	w->resets++;
	ldm_model_err(m, "watchdog not pinged within %u s: resetting the machine", w->seconds);
	ldm_model_machine_reset(m);
}

/* Registers: 0 armed (0 or 1), 1 pings, 2 resets, 3 the timeout in s. */
static int ib700wdt_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct ib700wdt *w = ldm_model_priv(m);

	switch (reg) {
	case 0:
		*value = w->armed;
		return 0;
	case 1:
		*value = (uint32_t)w->pings;
		return 0;
	case 2:
		*value = (uint32_t)w->resets;
		return 0;
	case 3:
		*value = w->seconds;
		return 0;
	default:
		return -ENOENT;
	}
}

static int ib700wdt_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	(void)m;
	(void)value;
	return reg <= 3 ? -EROFS : -ENOENT;
}

static int ib700wdt_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct ib700wdt *w = ldm_model_priv(m);

	return snprintf(buf, size, "%s, timeout %u s, %lu pings, %lu resets\n",
			w->armed ? "armed" : "stopped", w->seconds, w->pings, w->resets);
}

static int ib700wdt_probe(struct ldm_model *m)
{
	struct ib700wdt *w = ldm_model_priv(m);

	if (m->nr_regions != 2 || m->regions[0].len != 1 || m->regions[1].len != 1) {
		ldm_model_err(m, "an ib700wdt has a start port and a stop port, one each");
		return -EINVAL;
	}
	w->seconds = ib700wdt_seconds(0);
	return 0;
}

const struct ldm_model_type ib700wdt_model_type = {
	.compatible = "ldm,ib700wdt",
	.priv_size = sizeof(struct ib700wdt),
	.probe = ib700wdt_probe,
	.write = ib700wdt_write,
	.reg_read = ib700wdt_reg_read,
	.reg_write = ib700wdt_reg_write,
	.timer = ib700wdt_timer,
	.dump = ib700wdt_dump,
};
