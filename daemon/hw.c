// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hw.c - the requests of `ldm hw` (docs/control.md): the models of the
 * board, their registers, a line raised, the trace of every access, the
 * models' clock.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libldm/i2c.h>
#include <libldm/libldm.h>

#include <ldmd/control.h>
#include "ldmd.h"

#define TRACE_CHUNK 256

/* A request's field as a 32-bit number (ldmd_parse_ulong()). */
static bool parse_u32(const char *s, uint32_t *ret)
{
	unsigned long v;

	if (!ldmd_parse_ulong(s, &v) || v > UINT32_MAX)
		return false;
	*ret = (uint32_t)v;
	return true;
}

/* A text of @fn's making (as snprintf: asked the length first), as output. */
static int reply_text(struct ldmd_request *req, int n, char *buf)
{
	int error = ldmd_reply(req, CONTROL_REPLY_OUTPUT, n > 0 ? buf : "");

	free(buf);
	return error;
}

/* A chip of an SMBus as a line of hw-list: name, compatible, node, address. */
static int list_chip(const struct ldm_i2c_chip *chip, void *data)
{
	const char *name = strrchr(chip->node, '/');

	fprintf(data, "%s ldm,%s %s i2c 0x%02x\n", name ? name + 1 : chip->node, chip->model,
		chip->node, chip->addr);
	return 0;
}

/* The chips of the SMBus at @path, into the stream @data; a bus that cannot be made is skipped. */
static int list_bus(const char *path, void *data)
{
	struct ldm_i2c_bus *bus;

	if (ldm_i2c_bus_open(path, &bus))
		return 0; /* its fault is logged by the runtime */
	ldm_i2c_for_each_chip(bus, list_chip, data);
	ldm_i2c_bus_close(bus);
	return 0;
}

/* hw-list: the models of the port and memory spaces, then the chips of each SMBus. */
int ldmd_req_hw_list(struct ldmd_request *req, char *why, size_t size)
{
	int n = ldm_hw_model_list(NULL, 0);
	size_t len = 0;
	char *buf = NULL;
	FILE *f;

	(void)why;
	(void)size;
	f = open_memstream(&buf, &len);
	if (!f)
		return -ENOMEM;
	if (n > 0) {
		char *models = malloc((size_t)n + 1);

		if (models && ldm_hw_model_list(models, (size_t)n + 1) >= 0)
			fputs(models, f);
		free(models);
	}
	ldm_i2c_for_each_bus(list_bus, f);
	if (fclose(f)) {
		free(buf);
		return -ENOMEM;
	}
	return reply_text(req, (int)len, buf);
}

/* hw-dump MODEL */
int ldmd_req_hw_dump(struct ldmd_request *req, char *why, size_t size)
{
	char *buf = malloc(8192);
	int n;

	if (!buf)
		return -ENOMEM;
	n = ldm_hw_model_dump(req->argv[1], buf, 8192);
	if (n < 0) {
		free(buf);
		snprintf(why, size, "no model named '%.64s' (ldm hw list names them)",
			 req->argv[1]);
		return n;
	}
	return reply_text(req, n, buf);
}

/* The cause of a register call's error, for @why. */
static int reg_error(int error, const char *model, uint32_t reg, char *why, size_t size)
{
	if (error == -ENODEV)
		snprintf(why, size, "no model named '%.64s' (ldm hw list names them)", model);
	else if (error == -ENOENT)
		snprintf(why, size, "%.64s has no register %u", model, reg);
	else if (error == -EROFS)
		snprintf(why, size, "register %u of %.64s is read-only", reg, model);
	else if (error == -EOPNOTSUPP)
		snprintf(why, size, "%.64s has no numbered registers", model);
	else if (error == -EINVAL)
		snprintf(why, size, "register %u of %.64s cannot hold that value", reg, model);
	return error;
}

/* hw-read MODEL REG */
int ldmd_req_hw_read(struct ldmd_request *req, char *why, size_t size)
{
	uint32_t reg, value;
	char out[32];
	int error;

	if (!parse_u32(req->argv[2], &reg)) {
		snprintf(why, size, "'%.64s' is not a register number", req->argv[2]);
		return -EINVAL;
	}
	error = ldm_hw_model_reg_read(req->argv[1], reg, &value);
	if (error)
		return reg_error(error, req->argv[1], reg, why, size);
	snprintf(out, sizeof(out), "0x%02x\n", value);
	return ldmd_reply(req, CONTROL_REPLY_OUTPUT, out);
}

/* hw-write MODEL REG VALUE */
int ldmd_req_hw_write(struct ldmd_request *req, char *why, size_t size)
{
	uint32_t reg, value;

	if (!parse_u32(req->argv[2], &reg)) {
		snprintf(why, size, "'%.64s' is not a register number", req->argv[2]);
		return -EINVAL;
	}
	if (!parse_u32(req->argv[3], &value)) {
		snprintf(why, size, "'%.64s' is not a 32-bit value", req->argv[3]);
		return -EINVAL;
	}
	return reg_error(ldm_hw_model_reg_write(req->argv[1], reg, value), req->argv[1], reg, why,
			 size);
}

/* The stuck bits of hw-fault TARGET stuck WHERE MASK VALUE, parsed. */
static int parse_stuck(struct ldmd_request *req, uint32_t v[3], char *why, size_t size)
{
	int i;

	if (req->argc != 6) {
		snprintf(why, size, "stuck takes WHERE MASK VALUE");
		return -EINVAL;
	}
	for (i = 0; i < 3; i++) {
		if (!parse_u32(req->argv[3 + i], &v[i])) {
			snprintf(why, size, "'%.64s' is not a 32-bit number", req->argv[3 + i]);
			return -EINVAL;
		}
	}
	return 0;
}

/* hw-fault on a chip of an I2C bus, named by its board node. */
static int i2c_chip_fault(struct ldmd_request *req, char *why, size_t size)
{
	const char *path = req->argv[1], *kind = req->argv[2];
	enum ldm_i2c_fault fault = LDM_I2C_FAULT_NONE;
	struct ldm_i2c_bus *bus;
	uint32_t v[3];
	uint16_t addr;
	int error;

	if (!strcmp(kind, "stuck")) {
		error = parse_stuck(req, v, why, size);
		if (error)
			return error;
	} else if (req->argc != 3 || ldm_i2c_fault_parse(kind, &fault)) {
		snprintf(why, size, "a chip's faults: none, nak, data-nak, hang, stuck");
		return -EINVAL;
	}
	error = ldm_i2c_chip_open(path, &bus, &addr);
	if (error) {
		snprintf(why, size, "no I2C chip at node '%.64s'", path);
		return error;
	}
	if (!strcmp(kind, "stuck"))
		error = ldm_i2c_stuck(bus, addr, v[0], v[1], v[2]);
	else
		error = ldm_i2c_fault(bus, addr, fault);
	ldm_i2c_bus_close(bus);
	if (error == -EOPNOTSUPP)
		snprintf(why, size, "%.64s has no register bank to stick a bit in", path);
	else if (error == -ENXIO || error == -EINVAL)
		snprintf(why, size, "%.64s has no register %u that wide", path, v[0]);
	return error;
}

/* hw-fault on a model of the port or memory space, named as hw-list names it. */
static int model_fault(struct ldmd_request *req, char *why, size_t size)
{
	const char *name = req->argv[1], *kind = req->argv[2];
	uint32_t v[3];
	int error;

	if (!strcmp(kind, "stuck")) {
		error = parse_stuck(req, v, why, size);
		if (!error)
			error = ldm_hw_model_stuck(name, v[0], v[1], v[2]);
		if (error == -ERANGE)
			snprintf(why, size, "0x%x is not an address of %.64s", v[0], name);
	} else if (req->argc == 3 && (!strcmp(kind, "none") || !strcmp(kind, "hang"))) {
		error = ldm_hw_model_fault(name, strcmp(kind, "hang") ? LDM_MODEL_FAULT_NONE :
									LDM_MODEL_FAULT_HANG);
	} else {
		snprintf(why, size, "a model's faults: none, hang, stuck");
		return -EINVAL;
	}
	if (error == -ENODEV)
		snprintf(why, size, "no model named '%.64s' (ldm hw list names them)", name);
	return error;
}

/* hw-fault TARGET KIND [WHERE MASK VALUE] */
int ldmd_req_hw_fault(struct ldmd_request *req, char *why, size_t size)
{
	if (req->argv[1][0] == '/')
		return i2c_chip_fault(req, why, size);
	return model_fault(req, why, size);
}

/* hw-irq LINE */
int ldmd_req_hw_irq(struct ldmd_request *req, char *why, size_t size)
{
	uint32_t line;
	int ret;

	if (!parse_u32(req->argv[1], &line) || line > 223) {
		snprintf(why, size, "'%.64s' is not a line (0 to 223)", req->argv[1]);
		return -EINVAL;
	}
	ret = ldm_hw_irq_raise(line);
	if (ret < 0)
		return ret;
	return ldmd_reply(req, CONTROL_REPLY_OUTPUT,
			  ret ? "handled\n" :
				"not handled (no handler, disabled, or none claimed it)\n");
}

/* hw-clock manual|auto|advance NS */
int ldmd_req_hw_clock(struct ldmd_request *req, char *why, size_t size)
{
	const char *how = req->argv[1];
	unsigned long ns;

	if (req->argc == 2 && (!strcmp(how, "manual") || !strcmp(how, "auto"))) {
		ldm_hw_clock_manual(!strcmp(how, "manual"));
		return 0;
	}
	if (req->argc == 3 && !strcmp(how, "advance")) {
		if (!ldmd_parse_ulong(req->argv[2], &ns)) {
			snprintf(why, size, "'%.64s' is not a number of nanoseconds", req->argv[2]);
			return -EINVAL;
		}
		ldm_hw_clock_advance(ns);
		return 0;
	}
	snprintf(why, size, "hw clock takes manual, auto, or advance NS");
	return -EINVAL;
}

/* One access as a line of `ldm hw trace`. */
static void trace_line(const struct ldm_hw_access *a, char *buf, size_t size)
{
	snprintf(buf, size, "%5llu.%06llu %-12s %-5s %u %-6s 0x%04lx 0x%0*x %s\n",
		 (unsigned long long)(a->usec / 1000000), (unsigned long long)(a->usec % 1000000),
		 a->who, a->write ? "write" : "read", a->width,
		 a->space == LDM_HW_PORT ? "port" : "memory", a->addr, (int)a->width * 2, a->value,
		 a->owner);
}

/* hw-trace [on|off]: without an argument, what the trace holds. */
int ldmd_req_hw_trace(struct ldmd_request *req, char *why, size_t size)
{
	struct ldm_hw_access *a;
	uint64_t from = 0;
	char line[256];
	size_t n, i;
	int error = 0;

	if (req->argc == 2) {
		if (strcmp(req->argv[1], "on") && strcmp(req->argv[1], "off")) {
			snprintf(why, size, "hw trace takes on or off, not '%.64s'", req->argv[1]);
			return -EINVAL;
		}
		if (!req->privileged) {
			snprintf(why, size, "hw trace %s needs root or the user ldmd runs as",
				 req->argv[1]);
			return -EPERM;
		}
		return ldm_hw_trace(!strcmp(req->argv[1], "on"));
	}
	a = calloc(TRACE_CHUNK, sizeof(*a));
	if (!a)
		return -ENOMEM;
	while (!error && (n = ldm_hw_trace_get(from, a, TRACE_CHUNK))) {
		for (i = 0; i < n && !error; i++) {
			trace_line(&a[i], line, sizeof(line));
			error = ldmd_reply(req, CONTROL_REPLY_OUTPUT, line);
		}
		from = a[n - 1].seq + 1;
	}
	free(a);
	return error;
}
