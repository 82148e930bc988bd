// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bus.c - ldm's own SMBus/I2C bus: the chip models a board puts under an
 * "ldm,smbus" node, made when the bus is first asked for, and the
 * transfers of its adapter driver carried to them (docs/hardware-i2c.md).
 * The adapter itself is a module (modules/i2c-ldm), since 2.6.9's i2c core
 * is one; it reaches this file through <ldm/i2c-ldm.h>, the host through
 * <libldm/i2c.h>.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <ldm/err.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/i2c-ldm.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <ldm/slab.h>
#include <libldm/hw.h>

#include "../../hw/regbank.h"
#include "i2c-model.h"

/**
 * struct ldm_i2c_bus - the models under one "ldm,smbus" node
 * @list: in the list of buses
 * @np: the node (held)
 * @users: the holders: adapter drivers and host handles
 * @lock: serialises transfers and the host's calls
 * @slaves: the chips, struct i2c_slave
 */
struct ldm_i2c_bus {
	struct list_head list;
	struct device_node *np;
	unsigned int users;
	pthread_mutex_t lock;
	struct list_head slaves;
};

static const struct i2c_model *const models[] = {
	&i2c_model_regbank, &i2c_model_lm75,	&i2c_model_ds1621, &i2c_model_adm1021,
	&i2c_model_lm90,    &i2c_model_pcf8574, &i2c_model_24c02,
};

static LIST_HEAD(buses);
static pthread_mutex_t buses_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct i2c_model *model_of(const struct device_node *np)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(models); i++)
		if (of_device_is_compatible(np, models[i]->compatible))
			return models[i];
	return NULL;
}

static struct i2c_slave *slave_at(struct ldm_i2c_bus *bus, u16 addr)
{
	struct i2c_slave *s;

	list_for_each_entry(s, &bus->slaves, list)
		if (s->addr == addr)
			return s;
	return NULL;
}

static void slave_free(struct i2c_slave *s)
{
	if (s->model->remove)
		s->model->remove(s);
	kfree(s);
}

static int slave_add(struct ldm_i2c_bus *bus, struct device_node *np)
{
	const char *what = np->full_name;
	const struct i2c_model *model;
	struct i2c_slave *s;
	u32 addr;
	int error;

	model = model_of(np);
	if (!model) {
		pr_err("ldm: %s: no I2C model is compatible with it\n", what);
		return -ENODEV;
	}
	if (of_property_count_u32_elems(np, "reg") != 1 || of_property_read_u32(np, "reg", &addr) ||
	    addr < 0x03 || addr > 0x77) {
		pr_err("ldm: %s: reg must be one cell, a 7-bit address from 0x03 to 0x77\n", what);
		return -EINVAL;
	}
	if (slave_at(bus, addr)) {
		pr_err("ldm: %s: address 0x%02x is %s's already\n", what, addr,
		       slave_at(bus, addr)->name);
		return -EBUSY;
	}
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->model = model;
	s->name = what;
	s->addr = addr;
	s->irq_line = -1;
	error = model->probe(s, np, what);
	if (error) {
		kfree(s);
		return error;
	}
	list_add_tail(&s->list, &bus->slaves);
	return 0;
}

static void bus_free(struct ldm_i2c_bus *bus)
{
	struct i2c_slave *s, *n;

	list_for_each_entry_safe(s, n, &bus->slaves, list)
		slave_free(s);
	pthread_mutex_destroy(&bus->lock);
	of_node_put(bus->np);
	kfree(bus);
}

static struct ldm_i2c_bus *bus_create(struct device_node *np)
{
	struct ldm_i2c_bus *bus;
	struct device_node *child;
	int error = 0;

	if (!of_device_is_compatible(np, "ldm,smbus")) {
		pr_err("ldm: %s: not an ldm,smbus node\n", np->full_name);
		return ERR_PTR(-ENODEV);
	}
	bus = kzalloc(sizeof(*bus), GFP_KERNEL);
	if (!bus)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&bus->slaves);
	pthread_mutex_init(&bus->lock, NULL);
	bus->np = of_node_get(np);
	bus->users = 1;
	for_each_child_of_node(np, child)
	{
		if (!of_find_property(child, "compatible", NULL) || !of_device_is_available(child))
			continue;
		error = slave_add(bus, child);
		if (error) {
			of_node_put(child);
			break;
		}
	}
	if (error) {
		bus_free(bus);
		return ERR_PTR(error);
	}
	return bus;
}

/**
 * ldm_i2c_bus_get - the bus of an "ldm,smbus" board node, held
 * @np: the node
 *
 * The first holder makes the models of the node's children (each child
 * with a compatible and a status that is okay); later ones share them.
 *
 * Return: the bus, or an ERR_PTR(): -ENODEV for a node that is not
 * "ldm,smbus" or a child no model is compatible with, -EINVAL for a child
 * whose reg is not one 7-bit address or whose properties a model refuses,
 * -EBUSY for two children at one address (each logged, naming the node);
 * -ENOMEM.
 */
struct ldm_i2c_bus *ldm_i2c_bus_get(struct device_node *np)
{
	struct ldm_i2c_bus *bus;

	if (!np)
		return ERR_PTR(-EINVAL);
	pthread_mutex_lock(&buses_lock);
	list_for_each_entry(bus, &buses, list) {
		if (bus->np == np) {
			bus->users++;
			goto out;
		}
	}
	bus = bus_create(np);
	if (!IS_ERR(bus))
		list_add_tail(&bus->list, &buses);
out:
	pthread_mutex_unlock(&buses_lock);
	return bus;
}
EXPORT_SYMBOL_GPL(ldm_i2c_bus_get);

/**
 * ldm_i2c_bus_put - let go of a bus; the last holder frees its models
 * @bus: the bus, or NULL
 */
void ldm_i2c_bus_put(struct ldm_i2c_bus *bus)
{
	if (!bus)
		return;
	pthread_mutex_lock(&buses_lock);
	if (--bus->users) {
		pthread_mutex_unlock(&buses_lock);
		return;
	}
	list_del(&bus->list);
	pthread_mutex_unlock(&buses_lock);
	bus_free(bus);
}
EXPORT_SYMBOL_GPL(ldm_i2c_bus_put);

/**
 * ldm_i2c_functionality - the transfers the bus carries
 * @bus: the bus
 *
 * Return: LDM_I2C_FUNC.
 */
u32 ldm_i2c_functionality(struct ldm_i2c_bus *bus)
{
	(void)bus;
	return LDM_I2C_FUNC;
}
EXPORT_SYMBOL_GPL(ldm_i2c_functionality);

/*
 * One transfer on the wire, under the bus's lock: the chip addressed by
 * the current START, and where the lines due from the chips' banks go.
 */
struct wire {
	struct ldm_i2c_bus *bus;
	struct i2c_slave *cur;
};

/* A START (or repeated START) to @addr; -ENXIO when nobody acknowledges. */
static int wire_start(struct wire *w, u16 addr, bool read)
{
	struct i2c_slave *s = slave_at(w->bus, addr);

	w->cur = NULL;
	if (!s || s->fault == LDM_I2C_FAULT_NAK)
		return -ENXIO;
	if (s->fault == LDM_I2C_FAULT_HANG)
		return -ETIMEDOUT;
	w->cur = s;
	s->model->start(s, read);
	return 0;
}

static int wire_write(struct wire *w, const u8 *buf, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++) {
		if (w->cur->fault == LDM_I2C_FAULT_DATA_NAK || w->cur->model->write(w->cur, buf[i]))
			return -EIO;
	}
	return 0;
}

static void wire_read(struct wire *w, u8 *buf, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		buf[i] = w->cur->model->read(w->cur);
}

static void wire_stop(struct wire *w)
{
	if (w->cur && w->cur->model->stop)
		w->cur->model->stop(w->cur);
	w->cur = NULL;
}

/**
 * i2c_slave_take_irq - take one raise a chip has made due
 * @s: the chip, its bus locked
 *
 * Return: the line to raise once the lock is dropped: its bank's, or its
 * model's own (@s->irq_line); -1 when none is due.
 */
int i2c_slave_take_irq(struct i2c_slave *s)
{
	int line = s->bank ? regbank_take_irq(s->bank) : -1;

	if (line < 0 && s->irq_due && s->irq_line >= 0) {
		s->irq_due--;
		line = s->irq_line;
	}
	return line;
}

/* Lock the bus for a transfer. */
static void wire_begin(struct wire *w, struct ldm_i2c_bus *bus)
{
	w->bus = bus;
	w->cur = NULL;
	pthread_mutex_lock(&bus->lock);
}

/* Unlock the bus, then raise the lines the transfer made due. */
static void wire_end(struct wire *w)
{
	unsigned int lines[16], n = 0, i;
	struct i2c_slave *s;
	int line;

	list_for_each_entry(s, &w->bus->slaves, list) {
		while (s->bank && n < ARRAY_SIZE(lines) && (line = regbank_take_irq(s->bank)) >= 0)
			lines[n++] = line;
	}
	pthread_mutex_unlock(&w->bus->lock);
	for (i = 0; i < n; i++)
		ldm_hw_irq_raise(lines[i]);
}

static int msg_xfer(struct wire *w, struct i2c_msg *msg)
{
	int error;

	if (msg->flags & I2C_M_TEN)
		return -EINVAL;
	if (!(msg->flags & I2C_M_NOSTART) || !w->cur) {
		error = wire_start(w, msg->addr, msg->flags & I2C_M_RD);
		if (error)
			return error;
	}
	if (msg->flags & I2C_M_RD) {
		wire_read(w, msg->buf, msg->len);
		return 0;
	}
	return wire_write(w, msg->buf, msg->len);
}

/**
 * ldm_i2c_transfer - plain I2C messages, as an adapter's master_xfer
 * @bus: the bus
 * @msgs: the messages, each after a (repeated) START, the last followed
 *	by a STOP
 * @num: how many
 *
 * Return: @num; -ENXIO when an address is not acknowledged, -EIO when a
 * byte written is not, -ETIMEDOUT when a chip has stopped answering,
 * -EINVAL for a 10-bit address (the bus has none) or a bad argument.
 */
int ldm_i2c_transfer(struct ldm_i2c_bus *bus, struct i2c_msg *msgs, int num)
{
	struct wire w;
	int i, error = 0;

	if (!bus || num < 0 || (num && !msgs))
		return -EINVAL;
	wire_begin(&w, bus);
	for (i = 0; !error && i < num; i++)
		error = msg_xfer(&w, &msgs[i]);
	wire_stop(&w);
	wire_end(&w);
	return error ? error : num;
}
EXPORT_SYMBOL_GPL(ldm_i2c_transfer);

/* A write of @len bytes, then a read of @rlen, as two messages. */
static int write_then_read(struct wire *w, u16 addr, const u8 *out, unsigned int len, u8 *in,
			   unsigned int rlen)
{
	int error = wire_start(w, addr, false);

	if (!error)
		error = wire_write(w, out, len);
	if (!error && in) {
		error = wire_start(w, addr, true);
		if (!error)
			wire_read(w, in, rlen);
	}
	return error;
}

/* The SMBus block read: a count byte, then that many (at most 32). */
static int block_read(struct wire *w, u16 addr, u8 command, u8 *block)
{
	int error = write_then_read(w, addr, &command, 1, block, 1);

	if (error)
		return error;
	if (block[0] == 0 || block[0] > I2C_SMBUS_BLOCK_MAX)
		return -EPROTO;
	wire_read(w, block + 1, block[0]);
	return 0;
}

static int smbus_wire(struct wire *w, u16 addr, char rw, u8 command, int size,
		      union i2c_smbus_data *data)
{
	bool rd = rw == I2C_SMBUS_READ;
	u8 buf[I2C_SMBUS_BLOCK_MAX + 2] = { command };
	u8 in[2];
	int error;

	switch (size) {
	case I2C_SMBUS_QUICK:
		return wire_start(w, addr, rd);
	case I2C_SMBUS_BYTE:
		if (!rd)
			return write_then_read(w, addr, &command, 1, NULL, 0);
		error = wire_start(w, addr, true);
		if (!error)
			wire_read(w, &data->byte, 1);
		return error;
	case I2C_SMBUS_BYTE_DATA:
		if (!rd) {
			buf[1] = data->byte;
			return write_then_read(w, addr, buf, 2, NULL, 0);
		}
		return write_then_read(w, addr, buf, 1, &data->byte, 1);
	case I2C_SMBUS_WORD_DATA:
	case I2C_SMBUS_PROC_CALL:
		if (!rd || size == I2C_SMBUS_PROC_CALL) {
			buf[1] = data->word & 0xff;
			buf[2] = data->word >> 8;
		}
		if (size == I2C_SMBUS_WORD_DATA && !rd)
			return write_then_read(w, addr, buf, 3, NULL, 0);
		error = write_then_read(w, addr, buf, size == I2C_SMBUS_PROC_CALL ? 3 : 1, in, 2);
		if (!error)
			data->word = in[0] | in[1] << 8;
		return error;
	case I2C_SMBUS_BLOCK_DATA:
		if (rd)
			return block_read(w, addr, command, data->block);
		if (data->block[0] == 0 || data->block[0] > I2C_SMBUS_BLOCK_MAX)
			return -EINVAL;
		memcpy(buf + 1, data->block, data->block[0] + 1);
		return write_then_read(w, addr, buf, data->block[0] + 2, NULL, 0);
	case I2C_SMBUS_I2C_BLOCK_DATA:
		if (rd) {
			data->block[0] = I2C_SMBUS_I2C_BLOCK_MAX;
			return write_then_read(w, addr, buf, 1, data->block + 1,
					       I2C_SMBUS_I2C_BLOCK_MAX);
		}
		if (data->block[0] > I2C_SMBUS_I2C_BLOCK_MAX)
			return -EINVAL;
		memcpy(buf + 1, data->block + 1, data->block[0]);
		return write_then_read(w, addr, buf, data->block[0] + 1, NULL, 0);
	default:
		return -EOPNOTSUPP;
	}
}

/**
 * ldm_i2c_smbus_xfer - an SMBus transfer, as an adapter's smbus_xfer
 * @bus: the bus
 * @addr: the chip's 7-bit address
 * @flags: I2C_CLIENT_* of the client (I2C_CLIENT_PEC is refused)
 * @read_write: I2C_SMBUS_READ or I2C_SMBUS_WRITE
 * @command: the command byte (the register, for most chips)
 * @size: I2C_SMBUS_QUICK, _BYTE, _BYTE_DATA, _WORD_DATA, _PROC_CALL,
 *	_BLOCK_DATA or _I2C_BLOCK_DATA
 * @data: the data, as 2.6.9's i2c_smbus_xfer() gives it (NULL for QUICK)
 *
 * The transfer is made of the bytes the SMBus specification puts on the
 * wire, so the chip sees what a real controller would send it.
 *
 * Return: 0; -ENXIO when the address is not acknowledged, -EIO when a byte
 * written is not, -ETIMEDOUT when the chip has stopped answering, -EPROTO
 * for a block read whose count is 0 or past 32, -EOPNOTSUPP for another
 * @size (the PEC ones), -EINVAL for a bad argument.
 */
int ldm_i2c_smbus_xfer(struct ldm_i2c_bus *bus, u16 addr, unsigned short flags, char read_write,
		       u8 command, int size, union i2c_smbus_data *data)
{
	struct wire w;
	int error;

	(void)flags;
	if (!bus || addr > 0x7f || (read_write != I2C_SMBUS_READ && read_write != I2C_SMBUS_WRITE))
		return -EINVAL;
	if (size != I2C_SMBUS_QUICK && !(size == I2C_SMBUS_BYTE && read_write == I2C_SMBUS_WRITE) &&
	    !data)
		return -EINVAL;
	wire_begin(&w, bus);
	error = smbus_wire(&w, addr, read_write, command, size, data);
	wire_stop(&w);
	wire_end(&w);
	return error;
}
EXPORT_SYMBOL_GPL(ldm_i2c_smbus_xfer);

/**
 * ldm_i2c_bus_acks - whether a chip would acknowledge its address now: the
 *	address phase a controller sees before it has the data to send
 * @bus: the bus
 * @addr: the 7-bit address
 *
 * Nothing reaches the chip's model.
 * Return: 0; -ENXIO when nobody would acknowledge; -ETIMEDOUT when the
 * chip there hangs (ldm hw fault).
 */
int ldm_i2c_bus_acks(struct ldm_i2c_bus *bus, u16 addr)
{
	struct i2c_slave *s;
	int error = 0;

	pthread_mutex_lock(&bus->lock);
	s = slave_at(bus, addr);
	if (!s || s->fault == LDM_I2C_FAULT_NAK)
		error = -ENXIO;
	else if (s->fault == LDM_I2C_FAULT_HANG)
		error = -ETIMEDOUT;
	pthread_mutex_unlock(&bus->lock);
	return error;
}

pthread_mutex_t *ldm_i2c_bus_lock(struct ldm_i2c_bus *bus)
{
	return &bus->lock;
}

struct i2c_slave *ldm_i2c_bus_slave(struct ldm_i2c_bus *bus, u16 addr)
{
	return slave_at(bus, addr);
}
