// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * acquirewdt.c - the model of Acquire's single-board-computer watchdog,
 * the card behind 2.6.9's drivers/char/watchdog/acquirewdt.c: a read of
 * its start port arms it (or pings it), a read of its stop port disarms
 * it; armed and not pinged within its timeout, it resets the machine.
 *
 *   node:  watchdog@443 { compatible = "ldm,acquirewdt";
 *                         reg = <0x443 1 0x43 1>;     (start, stop)
 *                         ldm,timeout-ms = <1000>; }; (on an "isa" bus)
 *
 * The card's timeout is set by jumpers; ldm,timeout-ms is that setting
 * (1000 without it). The start and stop ports may be one port: a read
 * then arms or pings it, as the driver's defaults allow.
 */
#include <errno.h>
#include <stdio.h>
#include <libldm/model.h>

#include "../../../hw/model.h"
#include "wdog.h"

#define NS_PER_MS 1000000ULL

/* A read of the start port arms or pings the card; of the stop port disarms it. */
static uint32_t acquirewdt_read(struct ldm_model *m, unsigned int region, unsigned long offset,
				unsigned int width)
{
	(void)offset;
	(void)width;
	if (region == 1 && m->nr_regions == 2)
		isa_wdog_stop(m);
	else
		isa_wdog_ping(m);
	return 0xff;
}

static int acquirewdt_probe(struct ldm_model *m)
{
	struct isa_wdog *w = ldm_model_priv(m);
	uint32_t ms = 1000;
	int err;

	if (m->nr_regions < 1 || m->nr_regions > 2 || m->regions[0].len != 1 ||
	    (m->nr_regions == 2 && m->regions[1].len != 1)) {
		ldm_model_err(m, "an acquirewdt has a start port and a stop port, one each");
		return -EINVAL;
	}
	err = ldm_model_prop_u32(m, "ldm,timeout-ms", &ms);
	if ((err && err != -EINVAL) || !ms) {
		ldm_model_err(m, "ldm,timeout-ms is one cell, above 0");
		return -EINVAL;
	}
	w->timeout = ms;
	w->unit_ns = NS_PER_MS;
	w->unit = "ms";
	return 0;
}

const struct ldm_model_type acquirewdt_model_type = {
	.compatible = "ldm,acquirewdt",
	.priv_size = sizeof(struct isa_wdog),
	.probe = acquirewdt_probe,
	.read = acquirewdt_read,
	.reg_read = isa_wdog_reg_read,
	.reg_write = isa_wdog_reg_write,
	.timer = isa_wdog_timer,
	.dump = isa_wdog_dump,
};
