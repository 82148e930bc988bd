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
#include "wdog.h"

#define NS_PER_S 1000000000ULL

/* The card's table: the start port's low nibble n gives 30 - 2n seconds. */
static unsigned int ib700wdt_seconds(uint32_t value)
{
	return 30 - 2 * (value & 0xf);
}

/* A write to the start port sets the timeout and arms or pings; to the stop port disarms. */
static void ib700wdt_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width, uint32_t value)
{
	struct isa_wdog *w = ldm_model_priv(m);

	(void)offset;
	(void)width;
	if (region == 1) {
		isa_wdog_stop(m);
		return;
	}
	w->timeout = ib700wdt_seconds(value);
	isa_wdog_ping(m);
}

static int ib700wdt_probe(struct ldm_model *m)
{
	struct isa_wdog *w = ldm_model_priv(m);

	if (m->nr_regions != 2 || m->regions[0].len != 1 || m->regions[1].len != 1) {
		ldm_model_err(m, "an ib700wdt has a start port and a stop port, one each");
		return -EINVAL;
	}
	w->timeout = ib700wdt_seconds(0);
	w->unit_ns = NS_PER_S;
	w->unit = "s";
	return 0;
}

const struct ldm_model_type ib700wdt_model_type = {
	.compatible = "ldm,ib700wdt",
	.priv_size = sizeof(struct isa_wdog),
	.probe = ib700wdt_probe,
	.write = ib700wdt_write,
	.reg_read = isa_wdog_reg_read,
	.reg_write = isa_wdog_reg_write,
	.timer = isa_wdog_timer,
	.dump = isa_wdog_dump,
};
