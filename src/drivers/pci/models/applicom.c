// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * applicom.c - an Applicom fieldbus card (PCI1500PFB and kin), what 2.6.9's
 * drivers/char/applicom.c drives: 2 KiB of RAM shared between the host and
 * the card's processor, in the PCI function's memory BAR 0, and the
 * function's interrupt line.
 *
 *   node:  applicom@0 { compatible = "ldm,applicom"; reg = <0>;   (docs/pci.md)
 *                       ldm,board-number = <1>; ldm,card-name = "PCI1500PFB";
 *                       ldm,serial-number = <0x012345>; ldm,prom-version = <0x28>; };
 *
 * The RAM's first bytes are the exchange's flags (applicom.h's offsets),
 * 0x40 the mailbox to the host, 0x170 the mailbox from it, 0x3c0 the
 * card's name and 0x3da its serial number. The host rings the card by
 * writing RAM_IT_FROM_PC (0x3fe): 0x40 enables the card's interrupts;
 * 1 hands it what DATA_FROM_PC_READY (5) says: 2 a mailbox, 4 a new board
 * number, anything else a reset of the exchange; 2 acknowledges the
 * mailbox the card gave (DATA_TO_PC_READY 0 again). The card rings the
 * host by writing RAM_IT_TO_PC (0x3ff) non-zero and raising its line; the
 * host's write of 0 there (or its read) takes the line down.
 *
 * The card's firmware is a loopback: a mailbox from the host comes back
 * as the card's mailbox to the host, with its status 0 (done), the tic it
 * was sent to as its owner and the host's tic as its destination. It holds
 * one answer: while the host has not acknowledged the last, a new mailbox
 * waits in the RAM (DATA_FROM_PC_READY stays 2), so a second writer sleeps
 * until the acknowledgement frees it. Everything happens when the host
 * rings: the card is never seen busy.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <ldm/kernel.h>
#include <libldm/model.h>

#include "../../../hw/model.h"

#define AC_RAM_SIZE 0x800

/* The exchange's bytes (2.6.9's applicom.h). */
#define AC_DATA_TO_PC_READY    0x00
#define AC_TIC_OWNER_TO_PC     0x01
#define AC_NUMCARD_OWNER_TO_PC 0x02
#define AC_TIC_DES_TO_PC       0x03
#define AC_NUMCARD_DES_TO_PC   0x04
#define AC_DATA_FROM_PC_READY  0x05
#define AC_TIC_OWNER_FROM_PC   0x06
#define AC_TIC_DES_FROM_PC     0x08
#define AC_NUMCARD_DES_FROM_PC 0x09
#define AC_ACK_FROM_PC_READY   0x0e
#define AC_CONF_END_TEST       0x12
#define AC_ERROR_CODE	       0x16
#define AC_PARAMETER_ERROR     0x18
#define AC_VERS		       0x1e
#define AC_RAM_TO_PC	       0x40
#define AC_RAM_FROM_PC	       0x170
#define AC_TYPE_CARD	       0x3c0
#define AC_SERIAL_NUMBER       0x3da
#define AC_RAM_IT_FROM_PC      0x3fe
#define AC_RAM_IT_TO_PC	       0x3ff

#define AC_MAILBOX_SIZE	  0x130 /* struct mailbox */
#define AC_STATUS_OFF	  0x02	/* its stjb_status */
#define AC_NAME_LEN	  (AC_SERIAL_NUMBER - AC_TYPE_CARD)
#define AC_RING_IRQ_ON	  0x40
#define AC_RING_MESSAGE	  1
#define AC_RING_ACK	  2
#define AC_READY_FILLED	  2
#define AC_READY_RENUMBER 4

struct applicom {
	uint8_t ram[AC_RAM_SIZE];
	bool irq_enabled;
	bool answer_waiting; /* DATA_TO_PC_READY is 2, not yet acknowledged */
	unsigned long taken, answers, acks, resets;
};

static const uint8_t ac_signature[4] = { 0x00, 0x55, 0xaa, 0xff };

/* Ring the host: RAM_IT_TO_PC and, with interrupts on, the line. */
static void ac_ring_host(struct ldm_model *m, struct applicom *a)
{
	a->ram[AC_RAM_IT_TO_PC] = 1;
	if (a->irq_enabled)
		ldm_model_irq_raise(m, 0);
}

/* The mailbox from the host comes back as the card's answer. */
static void ac_take_mailbox(struct applicom *a)
{
	uint8_t *out = a->ram + AC_RAM_TO_PC;

	memcpy(out, a->ram + AC_RAM_FROM_PC, AC_MAILBOX_SIZE);
	out[AC_STATUS_OFF] = 0;
	out[AC_STATUS_OFF + 1] = 0;
	a->ram[AC_TIC_OWNER_TO_PC] = a->ram[AC_TIC_DES_FROM_PC];
	a->ram[AC_NUMCARD_OWNER_TO_PC] = a->ram[AC_NUMCARD_DES_FROM_PC];
	a->ram[AC_TIC_DES_TO_PC] = a->ram[AC_TIC_OWNER_FROM_PC];
	a->ram[AC_NUMCARD_DES_TO_PC] = 0xff;
	a->ram[AC_DATA_TO_PC_READY] = AC_READY_FILLED;
	a->ram[AC_DATA_FROM_PC_READY] = 0;
	a->answer_waiting = true;
	a->taken++;
	a->answers++;
}

/* A reset of the exchange (the driver's ioctl 2): the flags as at power-on. */
static void ac_reset_exchange(struct applicom *a)
{
	memcpy(a->ram + AC_CONF_END_TEST, ac_signature, sizeof(ac_signature));
	memset(a->ram + AC_ERROR_CODE, 0, AC_VERS - AC_ERROR_CODE);
	a->ram[AC_DATA_TO_PC_READY] = 0;
	a->ram[AC_DATA_FROM_PC_READY] = 0;
	a->answer_waiting = false;
	a->resets++;
}

/* The host rang with @what (RAM_IT_FROM_PC). */
static void ac_rung(struct ldm_model *m, struct applicom *a, uint8_t what)
{
	uint8_t ready = a->ram[AC_DATA_FROM_PC_READY];

	if (what == AC_RING_IRQ_ON) {
		a->irq_enabled = true;
		return;
	}
	if (what == AC_RING_ACK) {
		if (a->ram[AC_DATA_TO_PC_READY] != 0)
			return; /* not read yet */
		a->answer_waiting = false;
		a->ram[AC_ACK_FROM_PC_READY] = 0;
		a->acks++;
		if (ready != AC_READY_FILLED)
			return;
	} else if (what != AC_RING_MESSAGE) {
		return;
	}
	if (ready == AC_READY_FILLED) {
		if (a->answer_waiting)
			return; /* waits until the host acknowledges */
		ac_take_mailbox(a);
	} else if (ready == AC_READY_RENUMBER) {
		a->ram[AC_NUMCARD_OWNER_TO_PC] = a->ram[AC_NUMCARD_DES_FROM_PC];
		a->ram[AC_DATA_FROM_PC_READY] = 0;
	} else {
		ac_reset_exchange(a);
	}
	ac_ring_host(m, a);
}

static uint32_t applicom_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			      unsigned int width)
{
	struct applicom *a = ldm_model_priv(m);
	uint32_t val = 0;
	unsigned int i;

	(void)region;
	for (i = 0; i < width; i++) {
		unsigned long o = offset + i;

		if (o == AC_RAM_IT_TO_PC)
			ldm_model_irq_lower(m, 0);
		val |= (uint32_t)(o < AC_RAM_SIZE ? a->ram[o] : 0xff) << (8 * i);
	}
	return val;
}

static void applicom_write(struct ldm_model *m, unsigned int region, unsigned long offset,
			   unsigned int width, uint32_t value)
{
	struct applicom *a = ldm_model_priv(m);
	unsigned int i;

	(void)region;
	for (i = 0; i < width; i++) {
		unsigned long o = offset + i;
		uint8_t b = (uint8_t)(value >> (8 * i));

		if (o >= AC_RAM_SIZE)
			continue;
		a->ram[o] = b;
		if (o == AC_RAM_IT_TO_PC && !b)
			ldm_model_irq_lower(m, 0);
		else if (o == AC_RAM_IT_FROM_PC)
			ac_rung(m, a, b);
	}
}

/* The card's identity from its node, into the RAM as at power-on. */
static int ac_identity(struct ldm_model *m, struct applicom *a)
{
	uint32_t board = 1, serial = 0, vers = 0x28;
	const char *name = "PCI1500PFB";
	size_t len;

	if (ldm_model_prop_u32(m, "ldm,board-number", &board) == -EOVERFLOW || board < 1 ||
	    board > 8) {
		ldm_model_err(m, "ldm,board-number must be 1 to 8");
		return -EINVAL;
	}
	if (ldm_model_prop_u32(m, "ldm,serial-number", &serial) == -EOVERFLOW ||
	    serial > 0xffffff) {
		ldm_model_err(m, "ldm,serial-number must fit in 24 bits");
		return -EINVAL;
	}
	if (ldm_model_prop_u32(m, "ldm,prom-version", &vers) == -EOVERFLOW || vers > 0xff) {
		ldm_model_err(m, "ldm,prom-version must be one byte (0x28: V2.8)");
		return -EINVAL;
	}
	if (ldm_model_prop(m, "ldm,card-name", &len)) {
		name = ldm_model_prop(m, "ldm,card-name", &len);
		if (!len || name[len - 1] || len > AC_NAME_LEN) {
			ldm_model_err(m, "ldm,card-name must be a string of at most %d bytes",
				      AC_NAME_LEN - 1);
			return -EINVAL;
		}
	}
	memcpy(a->ram + AC_CONF_END_TEST, ac_signature, sizeof(ac_signature));
	a->ram[AC_NUMCARD_OWNER_TO_PC] = (uint8_t)board;
	a->ram[AC_VERS] = (uint8_t)vers;
	strncpy((char *)a->ram + AC_TYPE_CARD, name, AC_NAME_LEN);
	a->ram[AC_SERIAL_NUMBER] = (uint8_t)(serial >> 16);
	a->ram[AC_SERIAL_NUMBER + 1] = (uint8_t)(serial >> 8);
	a->ram[AC_SERIAL_NUMBER + 2] = (uint8_t)serial;
	return 0;
}

static int applicom_probe(struct ldm_model *m)
{
	struct applicom *a = ldm_model_priv(m);

	if (m->nr_regions != 1 || m->regions[0].space != LDM_HW_MMIO ||
	    m->regions[0].len < AC_RAM_IT_TO_PC + 1 || m->nr_irqs != 1) {
		ldm_model_err(m, "an applicom card has its RAM in one memory region of at least "
				 "1 KiB and one interrupt line");
		return -EINVAL;
	}
	return ac_identity(m, a);
}

/*
 * Registers: 0 mailboxes taken, 1 answers given, 2 answers acknowledged,
 * 3 exchange resets, 4 interrupts enabled (0 or 1), 5 the board number,
 * 6 the last mailbox's function code (its first 16 bits).
 */
static int applicom_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct applicom *a = ldm_model_priv(m);
	const uint8_t *codef = a->ram + AC_RAM_FROM_PC;
	const uint32_t regs[] = { (uint32_t)a->taken,
				  (uint32_t)a->answers,
				  (uint32_t)a->acks,
				  (uint32_t)a->resets,
				  a->irq_enabled,
				  a->ram[AC_NUMCARD_OWNER_TO_PC],
				  (uint32_t)(codef[0] | codef[1] << 8) };

	if (reg >= ARRAY_SIZE(regs))
		return -ENOENT;
	*value = regs[reg];
	return 0;
}

static int applicom_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	(void)m;
	(void)value;
	return reg <= 6 ? -EROFS : -ENOENT;
}

static int applicom_dump(struct ldm_model *m, char *buf, size_t size)
{
	struct applicom *a = ldm_model_priv(m);

	return snprintf(buf, size,
			"board %u, interrupts %s, to host %u, from host %u, %lu mailboxes, "
			"%lu acknowledged, %lu resets\n",
			a->ram[AC_NUMCARD_OWNER_TO_PC], a->irq_enabled ? "on" : "off",
			a->ram[AC_DATA_TO_PC_READY], a->ram[AC_DATA_FROM_PC_READY], a->taken,
			a->acks, a->resets);
}

const struct ldm_model_type applicom_model_type = {
	.compatible = "ldm,applicom",
	.priv_size = sizeof(struct applicom),
	.probe = applicom_probe,
	.read = applicom_read,
	.write = applicom_write,
	.reg_read = applicom_reg_read,
	.reg_write = applicom_reg_write,
	.dump = applicom_dump,
};
