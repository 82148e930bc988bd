/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * regbank.h - a bank of device registers set up from the board, for the
 * device models of any bus (I2C chips now; port and MMIO models may use it
 * too). Private to libldm: a model embeds or points to a bank and turns its
 * bus's accesses into regbank_read() and regbank_write().
 *
 * DOC: what a bank does
 *
 * A bank is @count registers of 8 or 16 bits, numbered from 0. A driver's
 * write goes through the masks of the register: read-only bits keep their
 * value, write-1-to-clear bits are cleared by a 1 and kept by a 0, other
 * bits take the value. A driver's read returns the value, then clears the
 * register's clear-on-read bits. The hardware's side (the model itself, a
 * test, `ldm hw write`) sets a value with regbank_set(), which no mask
 * stops. A stuck fault pins bits whatever anyone writes. A bank may have an
 * interrupt bit: when that bit goes from 0 to 1 (by any write or set), the
 * bank's line is due, and whoever holds the bank raises it with
 * regbank_take_irq() once its own locks are dropped (a handler may call
 * back into the bus). A write map sends a write of one index to another
 * register, as chips whose limits are read at one address and written at
 * another (adm1021, lm90). The bank has no lock: its model's bus holds one.
 */
#ifndef _LDM_HW_REGBANK_H
#define _LDM_HW_REGBANK_H

#include <stdbool.h>
#include <stdint.h>

struct device_node;

/* The largest bank: the index space of an SMBus command byte. */
#define REGBANK_MAX_REGS 256

/**
 * struct regbank_reg - one register
 * @value: what a read sees (before a stuck fault is applied)
 * @reset: @value after regbank_reset()
 * @ro: bits a driver's write does not change
 * @w1c: bits a driver clears by writing 1
 * @cor: bits cleared once a driver has read them
 * @stuck_mask: bits pinned by a fault to @stuck_value
 * @stuck_value: their value
 * @write_to: the index a driver's write of this index lands in (itself
 *	when no write map names it)
 */
struct regbank_reg {
	uint32_t value;
	uint32_t reset;
	uint32_t ro;
	uint32_t w1c;
	uint32_t cor;
	uint32_t stuck_mask;
	uint32_t stuck_value;
	uint16_t write_to;
};

/**
 * struct regbank - a bank of registers
 * @count: the registers, 1 to REGBANK_MAX_REGS
 * @width: their width in bits, 8 or 16
 * @irq_reg: the register of the interrupt bit, or -1 for none
 * @irq_bit: the bit
 * @irq_line: the interrupt line raised when it goes from 0 to 1
 * @irq_due: how many raises are due (regbank_take_irq() takes them)
 * @regs: the registers
 */
struct regbank {
	unsigned int count;
	unsigned int width;
	int irq_reg;
	unsigned int irq_bit;
	unsigned int irq_line;
	unsigned int irq_due;
	struct regbank_reg regs[];
};

struct regbank *regbank_create(unsigned int count, unsigned int width);
int regbank_configure(struct regbank *rb, const struct device_node *np, const char *what);
int regbank_node_size(const struct device_node *np, unsigned int *count, unsigned int *width,
		      const char *what);
struct regbank *regbank_from_node(const struct device_node *np, unsigned int count,
				  unsigned int width, const char *what);
void regbank_destroy(struct regbank *rb);
void regbank_reset(struct regbank *rb);

int regbank_read(struct regbank *rb, unsigned int idx, uint32_t *ret);
int regbank_peek(const struct regbank *rb, unsigned int idx, uint32_t *ret);
int regbank_write(struct regbank *rb, unsigned int idx, uint32_t value);
int regbank_set(struct regbank *rb, unsigned int idx, uint32_t value);
int regbank_stick(struct regbank *rb, unsigned int idx, uint32_t mask, uint32_t value);
int regbank_take_irq(struct regbank *rb);

#endif /* _LDM_HW_REGBANK_H */
