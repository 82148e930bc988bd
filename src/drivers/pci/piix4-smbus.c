// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * piix4-smbus.c - the SMBus host controller of a PIIX4 power-management
 * function (docs/pci.md): the I/O registers at the base its config dword
 * 0x90 (SMBBA) names, turning each transaction a driver starts there into
 * one SMBus transfer on the drivers/i2c bus of chip models under the
 * function's "ldm,smbus" child node. Its descendant in Intel's ICH (a
 * function compatible with "ldm,ich-smbus", what 2.6.9's i2c-i801 drives)
 * has the same registers at its BAR 4 (config 0x20), enabled by HOSTC
 * (0x40) bit 0, and hands a block over a byte at a time: BYTE_DONE
 * (status bit 7) says a byte is in (or was taken from) the data port, and
 * the host's write of 1 to it lets the next one come.
 *
 * It is here, not in drivers/i2c/models/ (the chips' models), because it
 * is a PCI function's register set, made with the function from its
 * config space and interrupt line; it is layer 5, as drivers/pci/proc.c,
 * since the chips behind it are drivers/i2c's (reached through
 * <ldm/i2c-ldm.h>), and lends itself to the host (layer 3) at boot with
 * pci_set_smbus_ops().
 *
 * A transaction completes at the write of START: the driver's first read
 * of the status finds it done (INTR) or failed (DEV_ERR), never busy.
 */
#include <pthread.h>
#include <string.h>
#include <ldm/err.h>
#include <ldm/errno.h>
#include <ldm/i2c-ldm.h>
#include <ldm/kernel.h>
#include <ldm/of.h>
#include <ldm/pci.h>
#include <ldm/slab.h>
#include <libldm/hw.h>

#include "boot.h"

/* Registers, as offsets from the SMBus base. */
#define HSTSTS	  0x0
#define HSLVSTS	  0x1
#define HSTCNT	  0x2
#define HSTCMD	  0x3
#define HSTADD	  0x4
#define HSTDAT0	  0x5
#define HSTDAT1	  0x6
#define HSTBLKDAT 0x7
#define SLVCNT	  0x8
#define SHDWCMD	  0x9
#define SLVEVT	  0xa /* two bytes */
#define SLVDAT	  0xc /* two bytes */
#define NREGS	  0xe
#define IOSIZE	  0x10

/* HSTSTS bits: all but BUSY are cleared by writing 1. */
#define STS_BUSY      0x01
#define STS_INTR      0x02
#define STS_DEV_ERR   0x04
#define STS_BUS_ERR   0x08
#define STS_FAILED    0x10
#define STS_BYTE_DONE 0x80 /* ICH */
#define STS_CLEAR     (STS_INTR | STS_DEV_ERR | STS_BUS_ERR | STS_FAILED)

/* HSTCNT bits and the protocol field (bits 2-4). */
#define CNT_INTREN    0x01
#define CNT_KILL      0x02
#define CNT_PROTO     0x1c
#define CNT_START     0x40
#define PROTO_QUICK   0x00
#define PROTO_BYTE    0x04
#define PROTO_BYTE_DT 0x08
#define PROTO_WORD_DT 0x0c
#define PROTO_BLOCK   0x14

#define SMBBA	  0x90
#define SMBHSTCFG 0xd2
#define HSTCFG_EN 0x01
#define ICH_SMBBA 0x20 /* BAR 4 */
#define ICH_HOSTC 0x40

/**
 * struct piix4_smbus - one controller
 * @lock: serialises the driver's accesses
 * @bus: the chips behind it (held)
 * @base: its first port
 * @irq: the function's interrupt line, or 0
 * @regs: the registers (HSTBLKDAT's byte is the block at @blk_index)
 * @block: the 32-byte block buffer HSTBLKDAT walks
 * @blk_index: HSTBLKDAT's position; reading HSTCNT resets it (PIIX4); the
 *	bytes handed over so far (ICH)
 * @ich: an ICH's: a block goes a byte at a time through HSTBLKDAT
 * @blk_busy: an ICH block transfer is under way, waiting for BYTE_DONE
 * @blk_write: ...and it is a write
 * @blk_len: ...of that many bytes
 * @claimed: its ports are claimed
 */
struct piix4_smbus {
	pthread_mutex_t lock;
	struct ldm_i2c_bus *bus;
	unsigned long base;
	unsigned int irq;
	u8 regs[NREGS];
	u8 block[I2C_SMBUS_BLOCK_MAX];
	unsigned int blk_index;
	bool ich;
	bool blk_busy;
	bool blk_write;
	unsigned int blk_len;
	bool claimed;
};

/* The SMBus size and data of the transaction HSTCNT names; -EINVAL if none. */
static int xfer_size(u8 cnt)
{
	switch (cnt & CNT_PROTO) {
	case PROTO_QUICK:
		return I2C_SMBUS_QUICK;
	case PROTO_BYTE:
		return I2C_SMBUS_BYTE;
	case PROTO_BYTE_DT:
		return I2C_SMBUS_BYTE_DATA;
	case PROTO_WORD_DT:
		return I2C_SMBUS_WORD_DATA;
	case PROTO_BLOCK:
		return I2C_SMBUS_BLOCK_DATA;
	}
	return -EINVAL;
}

/* Run the transaction the registers describe; the status it leaves. */
static u8 run(struct piix4_smbus *c, u8 cnt)
{
	union i2c_smbus_data data = { 0 };
	char rw = c->regs[HSTADD] & 1 ? I2C_SMBUS_READ : I2C_SMBUS_WRITE;
	u16 addr = c->regs[HSTADD] >> 1;
	int size = xfer_size(cnt), error;

	if (size < 0)
		return STS_DEV_ERR; /* a reserved protocol: an invalid command */
	data.word = c->regs[HSTDAT0] | c->regs[HSTDAT1] << 8;
	if (size == I2C_SMBUS_BLOCK_DATA) {
		if (rw == I2C_SMBUS_WRITE &&
		    (c->regs[HSTDAT0] == 0 || c->regs[HSTDAT0] > I2C_SMBUS_BLOCK_MAX))
			return STS_DEV_ERR;
		data.block[0] = c->regs[HSTDAT0];
		memcpy(data.block + 1, c->block, I2C_SMBUS_BLOCK_MAX);
	}
	error = ldm_i2c_smbus_xfer(c->bus, addr, 0, rw, c->regs[HSTCMD], size, &data);
	if (error)
		return STS_DEV_ERR;
	if (rw == I2C_SMBUS_WRITE)
		return STS_INTR;
	if (size == I2C_SMBUS_BLOCK_DATA) {
		c->regs[HSTDAT0] = data.block[0];
		memcpy(c->block, data.block + 1, I2C_SMBUS_BLOCK_MAX);
	} else {
		c->regs[HSTDAT0] = data.word & 0xff;
		if (size == I2C_SMBUS_WORD_DATA)
			c->regs[HSTDAT1] = data.word >> 8;
	}
	return STS_INTR;
}

/*
 * START of a block transfer on an ICH: a read runs at once and offers its
 * first byte; a write takes the first byte from HSTBLKDAT and waits for
 * the others. Either sets BYTE_DONE, or fails.
 */
static u8 ich_block_start(struct piix4_smbus *c)
{
	u8 sts;

	c->blk_write = !(c->regs[HSTADD] & 1);
	c->blk_index = 1;
	if (c->blk_write) {
		c->blk_len = c->regs[HSTDAT0];
		if (!c->blk_len || c->blk_len > I2C_SMBUS_BLOCK_MAX)
			return STS_DEV_ERR;
		/* The address goes out first: no acknowledge, no byte taken. */
		if (ldm_i2c_bus_acks(c->bus, c->regs[HSTADD] >> 1))
			return STS_DEV_ERR;
		c->block[0] = c->regs[HSTBLKDAT];
	} else {
		sts = run(c, c->regs[HSTCNT]);
		if (sts != STS_INTR)
			return sts;
		c->blk_len = c->regs[HSTDAT0];
		if (!c->blk_len || c->blk_len > I2C_SMBUS_BLOCK_MAX)
			return STS_DEV_ERR;
		c->regs[HSTBLKDAT] = c->block[0];
	}
	c->blk_busy = true;
	return STS_BYTE_DONE;
}

/* The host took (or gave) the byte BYTE_DONE spoke of: the next, or the end. */
static void ich_block_next(struct piix4_smbus *c)
{
	if (c->blk_index < c->blk_len) {
		if (c->blk_write)
			c->block[c->blk_index] = c->regs[HSTBLKDAT];
		else
			c->regs[HSTBLKDAT] = c->block[c->blk_index];
		c->blk_index++;
		c->regs[HSTSTS] |= STS_BYTE_DONE;
		return;
	}
	c->blk_busy = false;
	c->regs[HSTSTS] |= c->blk_write ? run(c, c->regs[HSTCNT]) : STS_INTR;
}

static u8 reg_read(struct piix4_smbus *c, unsigned int off)
{
	u8 v;

	if (off >= NREGS)
		return 0xff;
	if (off == HSTCNT) {
		if (!c->ich)
			c->blk_index = 0; /* as the chip: reading HSTCNT rewinds the block */
		return c->regs[HSTCNT] & ~(CNT_START | CNT_KILL);
	}
	if (off != HSTBLKDAT || c->ich)
		return c->regs[off];
	v = c->block[c->blk_index];
	c->blk_index = (c->blk_index + 1) % I2C_SMBUS_BLOCK_MAX;
	return v;
}

/* Returns true when an interrupt is due. */
static bool reg_write(struct piix4_smbus *c, unsigned int off, u8 v)
{
	switch (off) {
	case HSTSTS:
		c->regs[HSTSTS] &= ~(v & STS_CLEAR);
		if (c->ich && v & STS_BYTE_DONE && c->regs[HSTSTS] & STS_BYTE_DONE) {
			c->regs[HSTSTS] &= ~STS_BYTE_DONE;
			if (c->blk_busy) {
				ich_block_next(c);
				return !c->blk_busy && c->regs[HSTCNT] & CNT_INTREN;
			}
		}
		return false;
	case HSTCNT:
		c->regs[HSTCNT] = v & ~(CNT_START | CNT_KILL);
		if (v & CNT_KILL) {
			c->blk_busy = false;
			c->regs[HSTSTS] |= STS_FAILED;
			return false;
		}
		if (!(v & CNT_START) || c->regs[HSTSTS] & STS_BUSY || c->blk_busy)
			return false;
		if (c->ich && (v & CNT_PROTO) == PROTO_BLOCK) {
			c->regs[HSTSTS] |= ich_block_start(c);
			return !c->blk_busy && v & CNT_INTREN;
		}
		c->regs[HSTSTS] |= run(c, v);
		return v & CNT_INTREN;
	case HSTBLKDAT:
		if (c->ich) {
			c->regs[HSTBLKDAT] = v;
			return false;
		}
		c->block[c->blk_index] = v;
		c->blk_index = (c->blk_index + 1) % I2C_SMBUS_BLOCK_MAX;
		return false;
	case HSLVSTS:
		c->regs[HSLVSTS] &= ~v;
		return false;
	default:
		if (off < NREGS)
			c->regs[off] = v;
		return false;
	}
}

static void piix4_smbus_destroy(struct piix4_smbus *c);

static uint32_t piix4_read(unsigned long addr, unsigned int width, void *data)
{
	struct piix4_smbus *c = data;
	unsigned int off = (unsigned int)(addr - c->base), i;
	uint32_t val = 0;

	pthread_mutex_lock(&c->lock);
	for (i = 0; i < width; i++)
		val |= (uint32_t)reg_read(c, off + i) << (8 * i);
	pthread_mutex_unlock(&c->lock);
	return val;
}

static void piix4_write(unsigned long addr, unsigned int width, uint32_t value, void *data)
{
	struct piix4_smbus *c = data;
	unsigned int off = (unsigned int)(addr - c->base), i;
	bool irq = false;

	pthread_mutex_lock(&c->lock);
	for (i = 0; i < width; i++)
		irq |= reg_write(c, off + i, (value >> (8 * i)) & 0xff);
	pthread_mutex_unlock(&c->lock);
	if (irq && c->irq)
		ldm_hw_irq_raise(c->irq);
}

static const struct ldm_hw_ops piix4_ops = {
	.read = piix4_read,
	.write = piix4_write,
};

/*
 * piix4_smbus_create - the SMBus controller of a PIIX4 or ICH function
 * @np: the function's node; its "ldm,smbus" child holds the chips; an ICH's
 *	is compatible with "ldm,ich-smbus"
 * @cfg: the function's config space (a PIIX4's SMBBA at 0x90 and SMBHSTCFG
 *	at 0xd2; an ICH's BAR 4 at 0x20 and HOSTC at 0x40)
 * @irq: the function's interrupt line, or 0
 *
 * Return: the controller with its ports claimed, NULL when @np has no
 * "ldm,smbus" child, or an ERR_PTR(): -EINVAL when the base is not set or
 * the host configuration is not enabled, -EBUSY when another model has
 * the ports, the bus's errors, -ENOMEM (each logged, naming the node).
 */
static struct piix4_smbus *piix4_smbus_create(struct device_node *np, const u8 *cfg,
					      unsigned int irq)
{
	struct device_node *child;
	struct piix4_smbus *c;
	int error;

	for_each_child_of_node(np, child)
	{
		if (of_device_is_compatible(child, "ldm,smbus") && of_device_is_available(child))
			break;
	}
	if (!child)
		return NULL;
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c) {
		of_node_put(child);
		return ERR_PTR(-ENOMEM);
	}
	pthread_mutex_init(&c->lock, NULL);
	c->irq = irq;
	c->ich = of_device_is_compatible(np, "ldm,ich-smbus");
	if (c->ich)
		c->base = (cfg[ICH_SMBBA] | cfg[ICH_SMBBA + 1] << 8) & 0xfff0;
	else
		c->base = (cfg[SMBBA] | cfg[SMBBA + 1] << 8) & 0xfff0;
	c->bus = ldm_i2c_bus_get(child);
	of_node_put(child);
	if (IS_ERR(c->bus)) {
		error = (int)PTR_ERR(c->bus);
		c->bus = NULL;
		goto fail;
	}
	error = -EINVAL;
	if (c->ich && (!(cfg[ICH_SMBBA] & PCI_BASE_ADDRESS_SPACE_IO) || !c->base ||
		       !(cfg[ICH_HOSTC] & HSTCFG_EN))) {
		pr_err("ldm: pci %s: an ICH SMBus needs an I/O BAR 4 (0x20) and HOSTC (0x40) "
		       "bit 0 set\n",
		       np->full_name);
		goto fail;
	}
	if (!c->ich && (!c->base || !(cfg[SMBHSTCFG] & HSTCFG_EN))) {
		pr_err("ldm: pci %s: an SMBus needs SMBBA (0x90) and SMBHSTCFG (0xd2) bit 0 set\n",
		       np->full_name);
		goto fail;
	}
	error = ldm_hw_claim(LDM_HW_PORT, c->base, IOSIZE, np->full_name, &piix4_ops, c);
	if (error) {
		pr_err("ldm: pci %s: SMBus ports 0x%lx are another model's: %d\n", np->full_name,
		       c->base, error);
		goto fail;
	}
	c->claimed = true;
	return c;
fail:
	piix4_smbus_destroy(c);
	return ERR_PTR(error);
}

/*
 * piix4_smbus_destroy - unclaim a controller's ports and free it
 * @c: the controller, NULL or an ERR_PTR()
 */
static void piix4_smbus_destroy(struct piix4_smbus *c)
{
	if (IS_ERR_OR_NULL(c))
		return;
	if (c->claimed)
		ldm_hw_unclaim(LDM_HW_PORT, c->base);
	ldm_i2c_bus_put(c->bus);
	pthread_mutex_destroy(&c->lock);
	kfree(c);
}

static void *smbus_create(struct device_node *np, const u8 *cfg, unsigned int irq)
{
	return piix4_smbus_create(np, cfg, irq);
}

static void smbus_destroy(void *smbus)
{
	piix4_smbus_destroy(smbus);
}

/**
 * piix4_smbus_init - lend the PCI host the model, for the boards loaded after
 */
void piix4_smbus_init(void)
{
	pci_set_smbus_ops(smbus_create, smbus_destroy);
}

/**
 * piix4_smbus_exit - take the model back (the boards are gone)
 */
void piix4_smbus_exit(void)
{
	pci_set_smbus_ops(NULL, NULL);
}
