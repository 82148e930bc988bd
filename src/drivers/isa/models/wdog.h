/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * wdog.h - what the models of the simple ISA watchdog cards share
 * (acquirewdt.c, ib700wdt.c): a card armed or pinged by one port and
 * disarmed by another, which resets the machine when its timeout passes
 * with no ping. Private to libldm.
 */
#ifndef _LDM_ISA_WDOG_H
#define _LDM_ISA_WDOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ldm_model;

/**
 * struct isa_wdog - a card's state, the model's private data
 * @timeout: its timeout, in @unit
 * @unit_ns: nanoseconds a unit
 * @unit: the unit's name in messages ("ms", "s")
 * @armed: armed and counting
 * @pings: arms and pings since the board loaded
 * @resets: times it reset the machine
 */
struct isa_wdog {
	uint32_t timeout;
	uint64_t unit_ns;
	const char *unit;
	bool armed;
	unsigned long pings;
	unsigned long resets;
};

void isa_wdog_ping(struct ldm_model *m);
void isa_wdog_stop(struct ldm_model *m);
void isa_wdog_timer(struct ldm_model *m);
int isa_wdog_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value);
int isa_wdog_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value);
int isa_wdog_dump(struct ldm_model *m, char *buf, size_t size);

#endif /* _LDM_ISA_WDOG_H */
