/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * i2c-model.h - the chips on ldm's own SMBus/I2C adapter (drivers/i2c/):
 * what a model of a chip implements, and the register-chip helper most
 * models are made of. Private to libldm (docs/hardware-i2c.md).
 *
 * DOC: the I2C slave model API
 *
 * A model answers the bus at the level of the wire, as a chip does: a
 * START (or repeated START) addressed to it, the bytes written to it,
 * the bytes read from it, and the STOP. The bus (bus.c) turns each SMBus
 * transfer (quick, byte, byte data, word data, process call, block, I2C
 * block) and each plain I2C message into that sequence, as i2c-core's
 * emulation and a real controller do, so one model serves i2c_transfer()
 * and i2c_smbus_xfer() alike and every protocol sees the same chip. An
 * address no model holds (or a model faulted so) does not acknowledge:
 * the transfer fails with -ENXIO. All callbacks run with the bus's lock
 * held; none may call back into the bus.
 */
#ifndef _LDM_I2C_MODEL_H
#define _LDM_I2C_MODEL_H

#include <pthread.h>
#include <ldm/list.h>
#include <ldm/mutex.h>
#include <ldm/types.h>
#include <libldm/i2c.h>

struct device_node;
struct regbank;
struct i2c_slave;

/**
 * struct i2c_model - a kind of chip
 * @compatible: the board's name for it ("ldm,lm75")
 * @probe: set @s up from its node (its private state in @s->priv, its
 *	registers in @s->bank); an error refuses the board's bus
 * @remove: free what @probe made (may be NULL)
 * @start: a START addressed to the chip, to be written (@read false) or
 *	read (@read true)
 * @write: a byte written to the chip; 0 acknowledges it, a negative errno
 *	does not (the transfer fails with -EIO)
 * @read: the next byte the chip sends
 * @stop: the STOP that ends the transfer (may be NULL)
 * @get: the host's read of register @reg, without side effects
 * @set: the host's (the hardware's) write of register @reg: no mask applies
 */
struct i2c_model {
	const char *compatible;
	int (*probe)(struct i2c_slave *s, const struct device_node *np, const char *what);
	void (*remove)(struct i2c_slave *s);
	void (*start)(struct i2c_slave *s, bool read);
	int (*write)(struct i2c_slave *s, u8 byte);
	u8 (*read)(struct i2c_slave *s);
	void (*stop)(struct i2c_slave *s);
	int (*get)(struct i2c_slave *s, unsigned int reg, u32 *value);
	int (*set)(struct i2c_slave *s, unsigned int reg, u32 value);
};

/**
 * struct i2c_slave - one chip on a bus
 * @list: in its bus's list
 * @model: its kind
 * @name: its node's full name
 * @addr: its 7-bit address
 * @fault: what a test made it do (LDM_I2C_FAULT_*)
 * @bank: its registers, if it has a bank (stuck faults and IRQs act there)
 * @irq_line: the interrupt line of a model without a bank, or -1
 * @irq_due: how many raises of @irq_line the model has made due
 * @priv: its model's state
 */
struct i2c_slave {
	struct list_head list;
	const struct i2c_model *model;
	const char *name;
	u16 addr;
	enum ldm_i2c_fault fault;
	struct regbank *bank;
	int irq_line;
	unsigned int irq_due;
	void *priv;
};

/**
 * struct regchip_desc - a chip that is a register bank behind an address
 * pointer: the first byte of a write sets the pointer, the bytes after it
 * are written to the register it points at, and a read sends the bytes of
 * that register; a 16-bit register goes most significant byte first
 * @count: registers in the bank (ldm,reg-count overrides)
 * @width: 8 or 16 (ldm,reg-width overrides)
 * @auto_increment: the pointer moves to the next register after each
 *	whole register (ldm,auto-increment sets it)
 * @pointer_mask: the pointer bits the chip decodes (0: all eight)
 * @latch_from: pointers from this one up read back the last register
 *	read, as the LM75's unused addresses do (0: none)
 * @byte_regs: in a 16-bit bank, the registers that are one byte on the
 *	wire, ended by -1
 * @reset, @ro, @write_map: <index value> pairs ended by -1: the chip's
 *	reset values, read-only masks and write map, which the board's
 *	properties override register by register
 */
struct regchip_desc {
	unsigned int count;
	unsigned int width;
	bool auto_increment;
	u8 pointer_mask;
	u8 latch_from;
	const int *byte_regs;
	const int *reset;
	const int *ro;
	const int *write_map;
};

int regchip_probe(struct i2c_slave *s, const struct device_node *np, const char *what,
		  const struct regchip_desc *desc);
void regchip_remove(struct i2c_slave *s);
void regchip_start(struct i2c_slave *s, bool read);
int regchip_write(struct i2c_slave *s, u8 byte);
u8 regchip_read(struct i2c_slave *s);
int regchip_get(struct i2c_slave *s, unsigned int reg, u32 *value);
int regchip_set(struct i2c_slave *s, unsigned int reg, u32 value);

/* The callbacks of a model made of regchip alone. */
#define REGCHIP_MODEL_OPS \
	.remove = regchip_remove, .start = regchip_start, .write = regchip_write, \
	.read = regchip_read, .get = regchip_get, .set = regchip_set

/* bus.c, for host.c: a bus's lock, and its chip at @addr (under the lock). */
struct ldm_i2c_bus;
pthread_mutex_t *ldm_i2c_bus_lock(struct ldm_i2c_bus *bus);
struct i2c_slave *ldm_i2c_bus_slave(struct ldm_i2c_bus *bus, u16 addr);
/* bus.c: one raise a chip made due (its bank's or its own), or -1; under the lock. */
int i2c_slave_take_irq(struct i2c_slave *s);

/* The models (drivers/i2c/models/), for bus.c's table. */
extern const struct i2c_model i2c_model_regbank;
extern const struct i2c_model i2c_model_lm75;
extern const struct i2c_model i2c_model_ds1621;
extern const struct i2c_model i2c_model_adm1021;
extern const struct i2c_model i2c_model_lm90;
extern const struct i2c_model i2c_model_pcf8574;
extern const struct i2c_model i2c_model_24c02;

#endif /* _LDM_I2C_MODEL_H */
