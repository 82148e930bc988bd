// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * wdog.c - the part the simple ISA watchdog models share (wdog.h): arming
 * and pinging, disarming, the reset when the timeout passes, and what
 * `ldm hw` reads of them.
 */
#include <errno.h>
#include <stdio.h>
#include <libldm/model.h>

#include "wdog.h"

/**
 * isa_wdog_ping - arm the card, or ping it: its timeout starts again
 * @m: the model, whose private data is a struct isa_wdog
 */
void isa_wdog_ping(struct ldm_model *m)
{
	struct isa_wdog *w = ldm_model_priv(m);

	w->armed = true;
	w->pings++;
	ldm_model_timer_set(m, ldm_model_now() + w->timeout * w->unit_ns);
}

/**
 * isa_wdog_stop - disarm the card
 * @m: the model
 */
void isa_wdog_stop(struct ldm_model *m)
{
	struct isa_wdog *w = ldm_model_priv(m);

	w->armed = false;
	ldm_model_timer_cancel(m);
}

/**
 * isa_wdog_timer - the timeout passed: an armed card resets the machine
 * @m: the model
 */
void isa_wdog_timer(struct ldm_model *m)
{
	struct isa_wdog *w = ldm_model_priv(m);

	if (!w->armed)
		return;
	w->armed = false;
	w->resets++;
	ldm_model_err(m, "watchdog not pinged within %u %s: resetting the machine", w->timeout,
		      w->unit);
	ldm_model_machine_reset(m);
}

/**
 * isa_wdog_reg_read - the card's registers for `ldm hw read`
 * @m: the model
 * @reg: 0 armed (0 or 1), 1 pings, 2 resets, 3 the timeout in its unit
 * @value: where the value goes
 *
 * Return: 0, or -ENOENT past register 3.
 */
int isa_wdog_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct isa_wdog *w = ldm_model_priv(m);

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
		*value = w->timeout;
		return 0;
	default:
		return -ENOENT;
	}
}

/**
 * isa_wdog_reg_write - the card's registers are read-only
 * @m: the model
 * @reg: the register
 * @value: unused
 *
 * Return: -EROFS for registers 0 to 3, -ENOENT past them.
 */
int isa_wdog_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	(void)m;
	(void)value;
	return reg <= 3 ? -EROFS : -ENOENT;
}

/**
 * isa_wdog_dump - the card's state as a line
 * @m: the model
 * @buf: where it goes
 * @size: its room
 *
 * Return: the length the line wants, as snprintf().
 */
int isa_wdog_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct isa_wdog *w = ldm_model_priv(m);

	return snprintf(buf, size, "%s, timeout %u %s, %lu pings, %lu resets\n",
			w->armed ? "armed" : "stopped", w->timeout, w->unit, w->pings, w->resets);
}
