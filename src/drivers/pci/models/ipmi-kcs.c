// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ipmi-kcs.c - a baseboard management controller behind the KCS interface
 * of the IPMI specification (v1.5 and 2.0, "KCS Interface"), what 2.6.9's
 * drivers/char/ipmi/ipmi_si (ipmi_kcs_sm.c) talks to: a data register and
 * a status/command register, memory-mapped in a PCI function's BAR (class
 * 0x0c07, as the BMCs of servers show themselves) or at ports on an "isa"
 * bus (0xca2, the driver's default).
 *
 *   node:  kcs@febf2000 { compatible = "ldm,ipmi-kcs";
 *                         reg = <0xfebf2000 8>; interrupts = <10>;
 *                         ldm,reg-spacing = <4>;             (default 1)
 *                         ldm,device-id = <0x20>; ldm,firmware = <1 0x23>;
 *                         ldm,manufacturer-id = <0x0002a2>; ldm,product-id = <0x0100>; };
 *
 * The BMC answers at once: a request is run when its last byte is
 * written, so the host never finds it busy (IBF reads 0). The commands it
 * knows (see docs/pci.md) are those the driver and ipmitool send to a BMC
 * with nothing behind it; any other gets completion code 0xc1 (invalid
 * command). With the receive-message-queue interrupt enabled (Set BMC
 * Global Enables, bit 0), its line is raised while OBF is set.
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <ldm/kernel.h>
#include <libldm/model.h>

#include "../../../hw/model.h"

#define KCS_DATA   0
#define KCS_STATUS 1 /* read: status; write: command */

/* Control codes, written to the command register (and READ to data). */
#define CTRL_GET_STATUS_ABORT 0x60
#define CTRL_WRITE_START      0x61
#define CTRL_WRITE_END	      0x62
#define CTRL_READ	      0x68

/* The status register. */
#define ST_OBF	    0x01
#define ST_IBF	    0x02
#define ST_CD	    0x08 /* the last byte written was a command */
#define ST_STATE(s) ((s) << 6)
#define STATE_IDLE  0
#define STATE_READ  1
#define STATE_WRITE 2
#define STATE_ERROR 3

#define MSG_MAX 64

/* Network functions and commands (the request's; responses add 1 to netfn). */
#define NETFN_CHASSIS	       0x00
#define NETFN_APP	       0x06
#define CMD_GET_DEVICE_ID      0x01
#define CMD_GET_SELF_TEST      0x04
#define CMD_SET_GLOBAL_ENABLES 0x2e
#define CMD_GET_GLOBAL_ENABLES 0x2f
#define CMD_CLEAR_MSG_FLAGS    0x30
#define CMD_GET_MSG_FLAGS      0x31
#define CMD_GET_MSG	       0x33
#define CMD_READ_EVENT_BUF     0x35
#define CMD_GET_CHASSIS_STATUS 0x01
#define CC_OK		       0x00
#define CC_NO_DATA	       0x80
#define CC_INVALID_CMD	       0xc1
#define CC_REQ_LEN	       0xc7
#define STATUS_ABORTED	       0x01 /* GET_STATUS's error code: aborted by command */
#define ENABLES_RECV_MSG_INT   0x01

/**
 * struct ipmi_kcs - the model's private data
 * @spacing: bytes between the two registers
 * @state: the interface's state (IDLE, READ, WRITE, ERROR)
 * @obf: the output buffer holds @out for the host
 * @cd: the last byte the host wrote was a command
 * @out: the byte the host reads from the data register
 * @req: the request being written, @req_len bytes of it
 * @last: WRITE_END came: the next data byte is the request's last
 * @aborting: GET_STATUS/ABORT came: the next data byte asks the status
 * @resp: the response being read, from @resp_pos to @resp_len
 * @enables: BMC global enables
 * @id: Get Device ID's answer after its completion code, 11 bytes
 * @requests: requests answered
 * @aborts: GET_STATUS/ABORT sequences
 */
struct ipmi_kcs {
	unsigned int spacing;
	unsigned int state;
	bool obf, cd;
	uint8_t out;
	uint8_t req[MSG_MAX];
	unsigned int req_len;
	bool last, aborting;
	uint8_t resp[MSG_MAX];
	unsigned int resp_pos, resp_len;
	uint8_t enables;
	uint8_t id[11];
	unsigned long requests, aborts;
};

/* Put @v in the output buffer: OBF, and the line if the BMC may raise it. */
static void kcs_output(struct ldm_model *m, uint8_t v)
{
	struct ipmi_kcs *k = ldm_model_priv(m);

	k->out = v;
	k->obf = true;
	if (k->enables & ENABLES_RECV_MSG_INT)
		ldm_model_irq_raise(m, 0);
}

/* Start a response to @k->req with completion code @cc and @n data bytes. */
static void kcs_respond(struct ipmi_kcs *k, uint8_t cc, const uint8_t *data, unsigned int n)
{
	k->resp[0] = (uint8_t)((k->req[0] | 0x04) & 0xff); /* netfn + 1, same LUN */
	k->resp[1] = k->req[1];
	k->resp[2] = cc;
	if (n)
		memcpy(k->resp + 3, data, n);
	k->resp_len = 3 + n;
	k->resp_pos = 0;
}

/* An application request (netfn 6); its data after the command byte. */
static void kcs_app(struct ipmi_kcs *k, const uint8_t *data, unsigned int n)
{
	static const uint8_t self_test[] = { 0x55, 0x00 }; /* no error */
	uint8_t zero = 0;

	switch (k->req[1]) {
	case CMD_GET_DEVICE_ID:
		kcs_respond(k, CC_OK, k->id, sizeof(k->id));
		return;
	case CMD_GET_SELF_TEST:
		kcs_respond(k, CC_OK, self_test, sizeof(self_test));
		return;
	case CMD_SET_GLOBAL_ENABLES:
		if (n != 1) {
			kcs_respond(k, CC_REQ_LEN, NULL, 0);
			return;
		}
		k->enables = data[0];
		kcs_respond(k, CC_OK, NULL, 0);
		return;
	case CMD_GET_GLOBAL_ENABLES:
		kcs_respond(k, CC_OK, &k->enables, 1);
		return;
	case CMD_CLEAR_MSG_FLAGS:
		kcs_respond(k, CC_OK, NULL, 0);
		return;
	case CMD_GET_MSG_FLAGS:
		kcs_respond(k, CC_OK, &zero, 1); /* nothing queued, no event */
		return;
	case CMD_GET_MSG:
	case CMD_READ_EVENT_BUF:
		kcs_respond(k, CC_NO_DATA, NULL, 0);
		return;
	default:
		kcs_respond(k, CC_INVALID_CMD, NULL, 0);
	}
}

/* The request is whole: run it, and offer the response's first byte. */
static void kcs_run(struct ldm_model *m)
{
	struct ipmi_kcs *k = ldm_model_priv(m);
	static const uint8_t chassis[] = { 0x01, 0x00, 0x00 }; /* power on */

	k->requests++;
	if (k->req_len < 2) {
		k->resp_len = 0;
		k->state = STATE_ERROR;
		return;
	}
	if (k->req[0] >> 2 == NETFN_APP)
		kcs_app(k, k->req + 2, k->req_len - 2);
	else if (k->req[0] >> 2 == NETFN_CHASSIS && k->req[1] == CMD_GET_CHASSIS_STATUS)
		kcs_respond(k, CC_OK, chassis, sizeof(chassis));
	else
		kcs_respond(k, CC_INVALID_CMD, NULL, 0);
	k->state = STATE_READ;
	kcs_output(m, k->resp[k->resp_pos++]);
}

/* The host wrote @v to the command register. */
static void kcs_command(struct ldm_model *m, uint8_t v)
{
	struct ipmi_kcs *k = ldm_model_priv(m);

	k->cd = true;
	switch (v) {
	case CTRL_WRITE_START:
		k->state = STATE_WRITE;
		k->req_len = 0;
		k->last = k->aborting = false;
		return;
	case CTRL_WRITE_END:
		if (k->state == STATE_WRITE)
			k->last = true;
		else
			k->state = STATE_ERROR;
		return;
	case CTRL_GET_STATUS_ABORT:
		k->aborts++;
		k->state = STATE_WRITE;
		k->aborting = true;
		k->last = false;
		return;
	default:
		k->state = STATE_ERROR;
	}
}

/* The host wrote @v to the data register. */
static void kcs_data(struct ldm_model *m, uint8_t v)
{
	struct ipmi_kcs *k = ldm_model_priv(m);

	k->cd = false;
	switch (k->state) {
	case STATE_WRITE:
		if (k->aborting) {
			k->aborting = false;
			k->state = STATE_READ;
			k->resp_len = k->resp_pos = 0;
			kcs_output(m, STATUS_ABORTED);
			return;
		}
		if (k->req_len == MSG_MAX) {
			k->state = STATE_ERROR;
			return;
		}
		k->req[k->req_len++] = v;
		if (k->last)
			kcs_run(m);
		return;
	case STATE_READ:
		if (v != CTRL_READ) {
			k->state = STATE_ERROR;
			return;
		}
		if (k->resp_pos < k->resp_len) {
			kcs_output(m, k->resp[k->resp_pos++]);
			return;
		}
		k->state = STATE_IDLE;
		kcs_output(m, 0); /* the dummy byte that ends a read */
		return;
	default:
		k->state = STATE_ERROR;
	}
}

/* Which register @offset names, or -1 between them. */
static int kcs_reg(struct ipmi_kcs *k, unsigned long offset)
{
	if (offset == 0)
		return KCS_DATA;
	if (offset == k->spacing)
		return KCS_STATUS;
	return -1;
}

static uint32_t kcs_read(struct ldm_model *m, unsigned int region, unsigned long offset,
			 unsigned int width)
{
	struct ipmi_kcs *k = ldm_model_priv(m);
	int reg = kcs_reg(k, offset);

	(void)region;
	if (reg == KCS_STATUS)
		return ST_STATE(k->state) | (k->cd ? ST_CD : 0) | (k->obf ? ST_OBF : 0);
	if (reg != KCS_DATA)
		return width == 4 ? 0xffffffffu : (1u << (8 * width)) - 1;
	k->obf = false;
	ldm_model_irq_lower(m, 0);
	return k->out;
}

static void kcs_write(struct ldm_model *m, unsigned int region, unsigned long offset,
		      unsigned int width, uint32_t value)
{
	struct ipmi_kcs *k = ldm_model_priv(m);
	int reg = kcs_reg(k, offset);

	(void)region;
	(void)width;
	if (reg == KCS_STATUS)
		kcs_command(m, (uint8_t)value);
	else if (reg == KCS_DATA)
		kcs_data(m, (uint8_t)value);
}

/* The board's identity of the BMC: Get Device ID's answer. */
static void kcs_identity(struct ldm_model *m, struct ipmi_kcs *k)
{
	uint32_t dev = 0x20, manuf = 0, product = 0, fw[2] = { 1, 0 };
	size_t len;
	const void *p;

	ldm_model_prop_u32(m, "ldm,device-id", &dev);
	ldm_model_prop_u32(m, "ldm,manufacturer-id", &manuf);
	ldm_model_prop_u32(m, "ldm,product-id", &product);
	p = ldm_model_prop(m, "ldm,firmware", &len);
	if (p && len == 8) {
		memcpy(fw, p, 8);
		fw[0] = be32toh(fw[0]);
		fw[1] = be32toh(fw[1]);
	}
	k->id[0] = (uint8_t)dev;
	k->id[1] = 0x01;		    /* device revision 1, no SDRs */
	k->id[2] = (uint8_t)(fw[0] & 0x7f); /* major; bit 7 clear: ready */
	k->id[3] = (uint8_t)fw[1];	    /* minor, BCD */
	k->id[4] = 0x02;		    /* IPMI 2.0 */
	k->id[5] = 0x00;		    /* no additional device support */
	k->id[6] = (uint8_t)manuf;
	k->id[7] = (uint8_t)(manuf >> 8);
	k->id[8] = (uint8_t)(manuf >> 16);
	k->id[9] = (uint8_t)product;
	k->id[10] = (uint8_t)(product >> 8);
}

static int kcs_probe(struct ldm_model *m)
{
	struct ipmi_kcs *k = ldm_model_priv(m);
	uint32_t spacing = 1;

	if (ldm_model_prop_u32(m, "ldm,reg-spacing", &spacing) == -EOVERFLOW || spacing < 1 ||
	    spacing > 16) {
		ldm_model_err(m, "ldm,reg-spacing must be 1 to 16 bytes");
		return -EINVAL;
	}
	if (m->nr_regions != 1 || m->regions[0].len < 2 * spacing) {
		ldm_model_err(m,
			      "an ipmi-kcs has one region of its two registers: at least %u "
			      "bytes with ldm,reg-spacing %u",
			      2 * spacing, spacing);
		return -EINVAL;
	}
	if (m->nr_irqs > 1) {
		ldm_model_err(m, "an ipmi-kcs has at most one interrupt");
		return -EINVAL;
	}
	k->spacing = spacing;
	k->state = STATE_IDLE;
	kcs_identity(m, k);
	return 0;
}

static int kcs_reg_read(struct ldm_model *m, unsigned int reg, uint32_t *value)
{
	struct ipmi_kcs *k = ldm_model_priv(m);
	const uint32_t regs[] = { k->state, (uint32_t)k->requests, (uint32_t)k->aborts,
				  k->enables };

	if (reg >= ARRAY_SIZE(regs))
		return -ENOENT;
	*value = regs[reg];
	return 0;
}

static int kcs_reg_write(struct ldm_model *m, unsigned int reg, uint32_t value)
{
	(void)m;
	(void)value;
	return reg <= 3 ? -EROFS : -ENOENT;
}

static int kcs_dump(struct ldm_model *m, char *buf, size_t size)
{
	static const char *const names[] = { "idle", "read", "write", "error" };
	struct ipmi_kcs *k = ldm_model_priv(m);

	return snprintf(buf, size, "%s, OBF %d, global enables 0x%02x, %lu requests, %lu aborts\n",
			names[k->state], k->obf, k->enables, k->requests, k->aborts);
}

const struct ldm_model_type ipmi_kcs_model_type = {
	.compatible = "ldm,ipmi-kcs",
	.priv_size = sizeof(struct ipmi_kcs),
	.probe = kcs_probe,
	.read = kcs_read,
	.write = kcs_write,
	.reg_read = kcs_reg_read,
	.reg_write = kcs_reg_write,
	.dump = kcs_dump,
};
