/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/model.h> - device models: C code that plays a device behind the
 * drivers' port, MMIO, IRQ and DMA calls, instantiated from the nodes of a
 * board (docs/hardware.md). A model type is registered by its compatible
 * string; ldm_board_load() makes a model of each node that names one.
 *
 * A model's callbacks run with the model's own lock held: they never run
 * twice at once for one model (a type may say @lockless: its @read and
 * @write then run with no lock, and it keeps its state safe itself). Lines raised from a callback are raised
 * once the callback has returned and the lock is dropped, so a driver's
 * handler may access the model again.
 */
#ifndef _LIBLDM_MODEL_H
#define _LIBLDM_MODEL_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <libldm/hw.h>

#pragma GCC visibility push(default)

#define LDM_MODEL_MAX_REGIONS 4
#define LDM_MODEL_MAX_IRQS    4

struct ldm_model;

/**
 * struct ldm_model_type - a kind of device a board may name
 * @compatible: the string a node's `compatible` names it by ("ldm,mc146818")
 * @priv_size: bytes of zeroed state each model gets (ldm_model_priv())
 * @probe: read the node's properties and set the state up; an error
 *	refuses the board (say why with ldm_model_err())
 * @remove: undo @probe (may be NULL)
 * @read: the value of @width bytes (1, 2, 4) at @offset of region @region
 *	(its index in `reg`); NULL reads all ones
 * @write: take @value there; NULL drops it
 * @reg_read: a register by number, without the side effects of a driver's
 *	read (`ldm hw read`); -ENOENT if there is no such register
 * @reg_write: set a register (`ldm hw write`); -ENOENT, -EINVAL
 * @timer: the time asked with ldm_model_timer_set() has come
 * @dump: write the model's state as text lines into @buf (at most @size
 *	bytes with the NUL); return the length it wanted, as snprintf()
 * @lockless: @read and @write are called with no lock held, perhaps at
 *	once from several threads, straight from the dispatch: the type
 *	keeps its state safe itself (or has none to keep). Its other
 *	callbacks still run under the model's lock. A line it raises, or a
 *	reset it pulls, happens at once, there being no lock to drop first.
 */
struct ldm_model_type {
	const char *compatible;
	size_t priv_size;
	int (*probe)(struct ldm_model *m);
	void (*remove)(struct ldm_model *m);
	uint32_t (*read)(struct ldm_model *m, unsigned int region, unsigned long offset,
			 unsigned int width);
	void (*write)(struct ldm_model *m, unsigned int region, unsigned long offset,
		      unsigned int width, uint32_t value);
	int (*reg_read)(struct ldm_model *m, unsigned int reg, uint32_t *value);
	int (*reg_write)(struct ldm_model *m, unsigned int reg, uint32_t value);
	void (*timer)(struct ldm_model *m);
	int (*dump)(struct ldm_model *m, char *buf, size_t size);
	bool lockless;
};

/* Types: the built-in ones are there from ldm_init(); a host adds its own. */
int ldm_model_type_register(const struct ldm_model_type *type);
void ldm_model_type_unregister(const struct ldm_model_type *type);

/* For a model's callbacks. */
void *ldm_model_priv(struct ldm_model *m);
const char *ldm_model_name(struct ldm_model *m);
const void *ldm_model_prop(struct ldm_model *m, const char *name, size_t *len);
bool ldm_model_prop_bool(struct ldm_model *m, const char *name);
int ldm_model_prop_u32(struct ldm_model *m, const char *name, uint32_t *value);
void ldm_model_err(struct ldm_model *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int ldm_model_irq_raise(struct ldm_model *m, unsigned int index);
int ldm_model_irq_lower(struct ldm_model *m, unsigned int index);
void ldm_model_machine_reset(struct ldm_model *m);
int ldm_model_dma_read(struct ldm_model *m, uint64_t bus_addr, void *buf, size_t len);
int ldm_model_dma_write(struct ldm_model *m, uint64_t bus_addr, const void *buf, size_t len);
uint64_t ldm_model_now(void);
void ldm_model_timer_set(struct ldm_model *m, uint64_t due_ns);
void ldm_model_timer_cancel(struct ldm_model *m);

/* The models of the loaded board, for tests and `ldm hw`. */
int ldm_hw_model_list(char *buf, size_t size);
int ldm_hw_model_reg_read(const char *name, unsigned int reg, uint32_t *value);
int ldm_hw_model_reg_write(const char *name, unsigned int reg, uint32_t value);
int ldm_hw_model_dump(const char *name, char *buf, size_t size);

/**
 * enum ldm_model_fault - what a model does wrong, for tests (`ldm hw fault`)
 * @LDM_MODEL_FAULT_NONE: nothing: it answers, and no bit is stuck
 * @LDM_MODEL_FAULT_HANG: it stops answering: its regions read all ones and
 *	take no writes, as a card that died does, and its callbacks are not called
 */
enum ldm_model_fault {
	LDM_MODEL_FAULT_NONE,
	LDM_MODEL_FAULT_HANG,
};

int ldm_hw_model_fault(const char *name, enum ldm_model_fault fault);
int ldm_hw_model_stuck(const char *name, unsigned long addr, uint32_t mask, uint32_t value);

/* The models' clock: the monotonic clock, or one that moves only when told. */
void ldm_hw_clock_manual(bool manual);
void ldm_hw_clock_advance(uint64_t ns);

#pragma GCC visibility pop

#endif /* _LIBLDM_MODEL_H */
