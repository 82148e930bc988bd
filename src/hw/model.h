/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * model.h - what the files of src/hw/ share: a model of the loaded board.
 * Private to libldm.
 *
 *   model.c  types, callbacks' helpers, the host's look at the models
 *   bind.c   models made from board nodes, regions claimed
 *   clock.c  the models' clock and timers
 */
#ifndef _LDM_HW_MODEL_PRIVATE_H
#define _LDM_HW_MODEL_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <ldm/list.h>
#include <libldm/model.h>

struct device_node;

struct model_region {
	struct ldm_model *model;
	const struct ldm_model_type *type; /* the model's: an access loads one pointer less */
	unsigned int index;
	enum ldm_hw_space space;
	unsigned long start, len;
	bool claimed;
};

/**
 * struct ldm_model - one model of the loaded board
 * @type: its type
 * @np: its node (referenced)
 * @name: the node's name with its unit address
 * @what: the board's name, for messages
 * @lock: held around every callback (but a lockless type's @read and @write)
 * @regions: its "reg" entries
 * @irqs: its "interrupts" lines
 * @irq_up: the lines that are up, a bit each (atomic)
 * @raise: lines raised by a running callback, raised after it (atomic)
 * @reset: a running callback pulled the machine's reset line (atomic)
 * @faulty: @dead or @stuck is set (atomic; the rest under @lock)
 * @due: when its timer is due (clock ns), 0 when not set; under the clock's lock
 * @in_timer: its @timer callback runs; under the clock's lock
 * @dead: it stopped answering (LDM_MODEL_FAULT_HANG)
 * @stuck: a bit is stuck at @stuck_addr: the bits of @stuck_mask read as
 *	those of @stuck_value
 * @priv: the type's state
 * @list: in the list of models
 */
struct ldm_model {
	const struct ldm_model_type *type;
	struct device_node *np;
	char name[64];
	char *what;
	pthread_mutex_t lock;
	struct model_region regions[LDM_MODEL_MAX_REGIONS];
	unsigned int nr_regions;
	unsigned int irqs[LDM_MODEL_MAX_IRQS];
	unsigned int irq_up;
	unsigned int nr_irqs;
	unsigned int raise;
	bool reset;
	bool faulty;
	uint64_t due;
	bool in_timer;
	bool dead, stuck;
	unsigned long stuck_addr;
	uint32_t stuck_mask, stuck_value;
	void *priv;
	struct list_head list;
};

extern const struct ldm_model_type mc146818_model_type;
extern const struct ldm_model_type acquirewdt_model_type;
extern const struct ldm_model_type ib700wdt_model_type;
extern const struct ldm_model_type wdt501_model_type;
extern const struct ldm_model_type pci_wdt501_model_type;
extern const struct ldm_model_type i8042_model_type;
extern const struct ldm_model_type i8253_model_type;
extern const struct ldm_model_type ich_tco_model_type;
extern const struct ldm_model_type applicom_model_type;
extern const struct ldm_model_type ipmi_kcs_model_type;

const struct ldm_model_type *model_type_find(const char *compatible);
void model_lock(struct ldm_model *m);
void model_unlock(struct ldm_model *m);
const struct ldm_hw_ops *model_region_ops(const struct ldm_model_type *t);
int model_add(struct ldm_model *m);
void model_del_all(struct list_head *out);
void model_del_below(const struct device_node *top, struct list_head *out);

/* clock.c */
void model_clock_forget(struct ldm_model *m);
void model_clock_exit(void);

#endif /* _LDM_HW_MODEL_PRIVATE_H */
