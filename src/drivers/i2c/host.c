// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * host.c - <libldm/i2c.h>: the host's side of ldm's SMBus/I2C bus: a
 * bus by its board node's path, its chips' registers, and their faults
 * (docs/hardware-i2c.md). What `ldm hw` and the tests call.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <ldm/err.h>
#include <ldm/errno.h>
#include <ldm/i2c-ldm.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <libldm/hw.h>
#include <libldm/i2c.h>

#include "../../hw/regbank.h"
#include "i2c-model.h"

/**
 * ldm_i2c_bus_open - hold the bus of a board node
 * @path: the node's path in the loaded board ("/smbus@0")
 * @ret: the bus, for the calls below and ldm_i2c_bus_close()
 *
 * Return: 0; -ENOENT when no board is loaded or it has no such node;
 * -ENODEV when the node is not "ldm,smbus" or a chip under it has no
 * model; -EINVAL and -EBUSY for a chip the board describes wrong (as
 * ldm_i2c_bus_get() logs them); -ENOMEM.
 */
int ldm_i2c_bus_open(const char *path, struct ldm_i2c_bus **ret)
{
	struct device_node *np;
	struct ldm_i2c_bus *bus;

	if (!path || !ret)
		return -EINVAL;
	np = of_find_node_by_path(path);
	if (!np)
		return -ENOENT;
	bus = ldm_i2c_bus_get(np);
	of_node_put(np);
	if (IS_ERR(bus))
		return PTR_ERR(bus);
	*ret = bus;
	return 0;
}

/**
 * ldm_i2c_bus_close - let go of a bus ldm_i2c_bus_open() gave
 * @bus: the bus, or NULL
 */
void ldm_i2c_bus_close(struct ldm_i2c_bus *bus)
{
	ldm_i2c_bus_put(bus);
}

/**
 * ldm_i2c_chip_open - hold the bus of a chip's board node
 * @path: the chip's node ("/smbus@0/temp@48")
 * @ret_bus: its bus, to ldm_i2c_bus_close()
 * @ret_addr: its address
 *
 * Return: as ldm_i2c_bus_open() for the node's parent; -ENOENT also when
 * the node is not a chip of that bus.
 */
int ldm_i2c_chip_open(const char *path, struct ldm_i2c_bus **ret_bus, uint16_t *ret_addr)
{
	struct device_node *np, *parent;
	struct ldm_i2c_bus *bus;
	u32 addr;
	int error;

	if (!path || !ret_bus || !ret_addr)
		return -EINVAL;
	np = of_find_node_by_path(path);
	if (!np)
		return -ENOENT;
	parent = of_get_parent(np);
	error = of_property_read_u32(np, "reg", &addr) ? -ENOENT : 0;
	of_node_put(np);
	if (!parent)
		return -ENOENT;
	bus = error ? NULL : ldm_i2c_bus_get(parent);
	of_node_put(parent);
	if (error)
		return error;
	if (IS_ERR(bus))
		return PTR_ERR(bus);
	pthread_mutex_lock(ldm_i2c_bus_lock(bus));
	error = ldm_i2c_bus_slave(bus, addr) ? 0 : -ENOENT;
	pthread_mutex_unlock(ldm_i2c_bus_lock(bus));
	if (error) {
		ldm_i2c_bus_put(bus);
		return error;
	}
	*ret_bus = bus;
	*ret_addr = addr;
	return 0;
}

/* The chip at @addr with its bus locked, or NULL (unlocked) when none is there. */
static struct i2c_slave *slave_lock(struct ldm_i2c_bus *bus, uint16_t addr)
{
	struct i2c_slave *s;

	pthread_mutex_lock(ldm_i2c_bus_lock(bus));
	s = ldm_i2c_bus_slave(bus, addr);
	if (!s)
		pthread_mutex_unlock(ldm_i2c_bus_lock(bus));
	return s;
}

static void slave_unlock(struct ldm_i2c_bus *bus)
{
	pthread_mutex_unlock(ldm_i2c_bus_lock(bus));
}

static int model_name(struct i2c_slave *s, char *buf, size_t size)
{
	const char *name = strchr(s->model->compatible, ',') + 1;

	if (snprintf(buf, size, "%s", name) >= (int)size)
		return -ENAMETOOLONG;
	return 0;
}

/**
 * ldm_i2c_model - the model of the chip at an address
 * @bus: the bus
 * @addr: the address
 * @buf: its name, without the "ldm," of its compatible ("lm75")
 * @size: @buf's size
 *
 * Return: 0; -ENOENT for an address with no chip; -ENAMETOOLONG when
 * @buf is too small.
 */
int ldm_i2c_model(struct ldm_i2c_bus *bus, uint16_t addr, char *buf, size_t size)
{
	struct i2c_slave *s;
	int error;

	if (!bus || !buf)
		return -EINVAL;
	s = slave_lock(bus, addr);
	if (!s)
		return -ENOENT;
	error = model_name(s, buf, size);
	slave_unlock(bus);
	return error;
}

/**
 * ldm_i2c_reg_read - a chip's register, as the hardware holds it: no
 * clear-on-read or other effect of a driver's read
 * @bus: the bus
 * @addr: the chip's address
 * @reg: the register (the byte, for the 24C02 and the pcf8574: docs)
 * @value: its value
 *
 * Return: 0; -ENOENT for an address with no chip; -ENXIO for a register
 * the chip does not have.
 */
int ldm_i2c_reg_read(struct ldm_i2c_bus *bus, uint16_t addr, unsigned int reg, uint32_t *value)
{
	struct i2c_slave *s;
	int error;

	if (!bus || !value)
		return -EINVAL;
	s = slave_lock(bus, addr);
	if (!s)
		return -ENOENT;
	error = s->model->get(s, reg, value);
	slave_unlock(bus);
	return error;
}

/**
 * ldm_i2c_reg_write - set a chip's register as its hardware does (a new
 * temperature, a pin driven low): no read-only or other mask applies
 * @bus: the bus
 * @addr: the chip's address
 * @reg: the register
 * @value: the value
 *
 * An interrupt bit that rises raises the chip's line.
 *
 * Return: 0; -ENOENT for an address with no chip; -ENXIO for a register
 * the chip does not have; -EINVAL for a value wider than the register.
 */
int ldm_i2c_reg_write(struct ldm_i2c_bus *bus, uint16_t addr, unsigned int reg, uint32_t value)
{
	struct i2c_slave *s;
	int line = -1, error;

	if (!bus)
		return -EINVAL;
	s = slave_lock(bus, addr);
	if (!s)
		return -ENOENT;
	error = s->model->set(s, reg, value);
	if (!error)
		line = i2c_slave_take_irq(s);
	slave_unlock(bus);
	if (line >= 0)
		ldm_hw_irq_raise(line);
	return error;
}

/**
 * ldm_i2c_fault - make a chip fail, or answer again
 * @bus: the bus
 * @addr: the chip's address
 * @fault: what it does from now on; LDM_I2C_FAULT_NONE ends a fault
 *
 * Return: 0; -ENOENT for an address with no chip; -EINVAL for an unknown
 * @fault.
 */
int ldm_i2c_fault(struct ldm_i2c_bus *bus, uint16_t addr, enum ldm_i2c_fault fault)
{
	struct i2c_slave *s;

	if (!bus || (unsigned int)fault > LDM_I2C_FAULT_HANG)
		return -EINVAL;
	s = slave_lock(bus, addr);
	if (!s)
		return -ENOENT;
	s->fault = fault;
	slave_unlock(bus);
	return 0;
}

/**
 * ldm_i2c_stuck - a stuck-bit fault: pin bits of a chip's register
 * @bus: the bus
 * @addr: the chip's address
 * @reg: the register
 * @mask: the bits pinned; 0 frees them
 * @value: their value
 *
 * Return: 0; -ENOENT for an address with no chip; -EOPNOTSUPP for a
 * chip with no register bank; -ENXIO for a register past its bank;
 * -EINVAL for a mask wider than the register.
 */
int ldm_i2c_stuck(struct ldm_i2c_bus *bus, uint16_t addr, unsigned int reg, uint32_t mask,
		  uint32_t value)
{
	struct i2c_slave *s;
	int error;

	if (!bus)
		return -EINVAL;
	s = slave_lock(bus, addr);
	if (!s)
		return -ENOENT;
	error = s->bank ? regbank_stick(s->bank, reg, mask, value) : -EOPNOTSUPP;
	slave_unlock(bus);
	return error;
}

/* Call @fn on each available "ldm,smbus" node at or below @np, in board order. */
static int for_each_bus_below(struct device_node *np, int (*fn)(const char *path, void *data),
			      void *data)
{
	struct device_node *child = NULL;
	int error = 0;

	if (!of_device_is_available(np))
		return 0;
	if (of_device_is_compatible(np, "ldm,smbus"))
		return fn(np->full_name, data);
	while (!error && (child = of_get_next_child(np, child)))
		error = for_each_bus_below(child, fn, data);
	of_node_put(child);
	return error;
}

/**
 * ldm_i2c_for_each_bus - call a function for each SMBus of the loaded board
 * @fn: called with each "ldm,smbus" node's path, in the board's order
 *	(ldm_i2c_bus_open() takes it); a non-zero return stops the walk
 * @data: for @fn
 *
 * Return: 0 (also with no board), or what @fn returned to stop; -EINVAL
 * without @fn.
 */
int ldm_i2c_for_each_bus(int (*fn)(const char *path, void *data), void *data)
{
	struct device_node *root;
	int error;

	if (!fn)
		return -EINVAL;
	root = of_find_node_by_path("/");
	if (!root)
		return 0;
	error = for_each_bus_below(root, fn, data);
	of_node_put(root);
	return error;
}

/**
 * ldm_i2c_for_each_chip - call a function for each chip of a bus, by address
 * @bus: the bus
 * @fn: called with each chip, by rising address, with the bus
 *	locked: it may not call the calls of this header on @bus; a non-zero
 *	return stops the walk
 * @data: for @fn
 *
 * Return: 0, or what @fn returned to stop; -EINVAL without @bus or @fn.
 */
int ldm_i2c_for_each_chip(struct ldm_i2c_bus *bus,
			  int (*fn)(const struct ldm_i2c_chip *chip, void *data), void *data)
{
	struct ldm_i2c_chip chip;
	unsigned int addr;
	int error = 0;

	if (!bus || !fn)
		return -EINVAL;
	pthread_mutex_lock(ldm_i2c_bus_lock(bus));
	for (addr = 0; !error && addr <= 0x7f; addr++) {
		struct i2c_slave *s = ldm_i2c_bus_slave(bus, addr);

		if (!s)
			continue;
		chip.addr = s->addr;
		chip.model = strchr(s->model->compatible, ',') + 1;
		chip.node = s->name;
		chip.fault = s->fault;
		error = fn(&chip, data);
	}
	pthread_mutex_unlock(ldm_i2c_bus_lock(bus));
	return error;
}

static const char *const fault_names[] = {
	[LDM_I2C_FAULT_NONE] = "none",
	[LDM_I2C_FAULT_NAK] = "nak",
	[LDM_I2C_FAULT_DATA_NAK] = "data-nak",
	[LDM_I2C_FAULT_HANG] = "hang",
};

/**
 * ldm_i2c_fault_parse - a fault by its name, for a command line
 * @kind: "none", "nak", "data-nak" or "hang"
 * @ret: the fault
 *
 * Return: 0, or -EINVAL for another name.
 */
int ldm_i2c_fault_parse(const char *kind, enum ldm_i2c_fault *ret)
{
	unsigned int i;

	for (i = 0; kind && ret && i < ARRAY_SIZE(fault_names); i++) {
		if (!strcmp(kind, fault_names[i])) {
			*ret = i;
			return 0;
		}
	}
	return -EINVAL;
}
