/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/i2c.h> - ldm's own SMBus/I2C bus seen from the host: the chips
 * (models) a board puts under an "ldm,smbus" node, their registers, and
 * the faults a test gives them (docs/hardware-i2c.md).
 *
 * A bus is known by its board node's path ("/smbus@0"); a chip by its
 * address on it, or by its own node's path ("/smbus@0/temp@48"). The
 * models of a bus exist while someone holds the bus: the adapter driver
 * bound to it, or a handle of ldm_i2c_bus_open(); they start from the
 * board's values each time they are made.
 */
#ifndef _LIBLDM_I2C_H
#define _LIBLDM_I2C_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)

/**
 * enum ldm_i2c_fault - what a chip does wrong, for tests
 * @LDM_I2C_FAULT_NONE: nothing: the chip answers
 * @LDM_I2C_FAULT_NAK: its address is not acknowledged, as if it were absent
 * @LDM_I2C_FAULT_DATA_NAK: its address is acknowledged, but no byte
 *	written to it is (every write fails with -EIO)
 * @LDM_I2C_FAULT_HANG: it stops answering: every transfer to it times out
 *	(-ETIMEDOUT), as a controller reports a chip that holds the clock
 */
enum ldm_i2c_fault {
	LDM_I2C_FAULT_NONE,
	LDM_I2C_FAULT_NAK,
	LDM_I2C_FAULT_DATA_NAK,
	LDM_I2C_FAULT_HANG,
};

struct ldm_i2c_bus;

int ldm_i2c_bus_open(const char *path, struct ldm_i2c_bus **ret);
void ldm_i2c_bus_close(struct ldm_i2c_bus *bus);
int ldm_i2c_model(struct ldm_i2c_bus *bus, uint16_t addr, char *buf, size_t size);
int ldm_i2c_reg_read(struct ldm_i2c_bus *bus, uint16_t addr, unsigned int reg, uint32_t *value);
int ldm_i2c_reg_write(struct ldm_i2c_bus *bus, uint16_t addr, unsigned int reg, uint32_t value);
int ldm_i2c_fault(struct ldm_i2c_bus *bus, uint16_t addr, enum ldm_i2c_fault fault);
int ldm_i2c_stuck(struct ldm_i2c_bus *bus, uint16_t addr, unsigned int reg, uint32_t mask,
		  uint32_t value);
int ldm_i2c_fault_parse(const char *kind, enum ldm_i2c_fault *ret);
int ldm_i2c_chip_open(const char *path, struct ldm_i2c_bus **ret_bus, uint16_t *ret_addr);

/**
 * struct ldm_i2c_chip - a chip of a bus, as ldm_i2c_for_each_chip() shows it
 * @addr: its address
 * @model: its model's name ("lm75")
 * @node: its board node's path ("/smbus/temp@48")
 * @fault: its fault now
 */
struct ldm_i2c_chip {
	uint16_t addr;
	const char *model;
	const char *node;
	enum ldm_i2c_fault fault;
};

int ldm_i2c_for_each_chip(struct ldm_i2c_bus *bus,
			  int (*fn)(const struct ldm_i2c_chip *chip, void *data), void *data);
int ldm_i2c_for_each_bus(int (*fn)(const char *path, void *data), void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_I2C_H */
