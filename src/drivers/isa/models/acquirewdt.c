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

#define NS_PER_MS 1000000ULL

struct acquirewdt {
	uint64_t timeout_ns;
	bool armed;
	unsigned long pings;
	unsigned long resets;
};

static uint32_t acquirewdt_read(struct ldm_model *m, unsigned int region, unsigned long offset,
				unsigned int width)
{
	struct acquirewdt *w = ldm_model_priv(m);

	(void)offset;
	(void)width;
	if (region == 1 && m->nr_regions == 2) {
		w->armed = false;
		ldm_model_timer_cancel(m);
		return 0xff;
	}
	w->armed = true;
	w->pings++;
	ldm_model_timer_set(m, ldm_model_now() + w->timeout_ns);
	return 0xff;
}

static void acquirewdt_timer(struct ldm_model *m)
{
	struct acquirewdt *w = ldm_model_priv(m);

	if (!w->armed)
		return;
	w->armed = false;
	w->resets++;
	ldm_model_err(m, "watchdog not pinged within %llu ms: resetting the machine",
		      (unsigned long long)(w->timeout_ns / NS_PER_MS));
	ldm_model_machine_reset(m);
}

/* Registers: 0 armed (0 or 1), 1 pings, 2 resets, 3 the timeout in ms. */
static int acquirewdt_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct acquirewdt *w = ldm_model_priv(m);

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
		*value = (uint32_t)(w->timeout_ns / NS_PER_MS);
		return 0;
	default:
		return -ENOENT;
	}
}

static int acquirewdt_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	(void)m;
	(void)value;
	return reg <= 3 ? -EROFS : -ENOENT;
}

static int acquirewdt_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct acquirewdt *w = ldm_model_priv(m);

	return snprintf(buf, size, "%s, timeout %llu ms, %lu pings, %lu resets\n",
			w->armed ? "armed" : "stopped",
			(unsigned long long)(w->timeout_ns / NS_PER_MS), w->pings, w->resets);
}

static int acquirewdt_probe(struct ldm_model *m)
{
	struct acquirewdt *w = ldm_model_priv(m);
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
	w->timeout_ns = ms * NS_PER_MS;
	return 0;
}

const struct ldm_model_type acquirewdt_model_type = {
	.compatible = "ldm,acquirewdt",
	.priv_size = sizeof(struct acquirewdt),
	.probe = acquirewdt_probe,
	.read = acquirewdt_read,
	.reg_read = acquirewdt_reg_read,
	.reg_write = acquirewdt_reg_write,
	.timer = acquirewdt_timer,
	.dump = acquirewdt_dump,
};
