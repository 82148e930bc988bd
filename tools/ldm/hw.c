// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hw.c - `ldm hw`: the device models of a running ldmd's board
 * (docs/hardware.md): list them, read and write their registers, raise a
 * line, show the trace of every port and memory access, stop and move
 * their clock.
 *
 *   ldm hw list | dump MODEL | read MODEL REG | write MODEL REG VALUE
 *          | irq LINE | trace [on|off] | fault TARGET KIND [WHERE MASK VALUE]
 *          | clock manual|auto|advance NS
 */
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

struct hw_sub {
	const char *name;
	const char *request;
	int min_args, max_args;
};

static const struct hw_sub subs[] = {
	{ "list", "hw-list", 0, 0 },   { "dump", "hw-dump", 1, 1 },   { "read", "hw-read", 2, 2 },
	{ "write", "hw-write", 3, 3 }, { "irq", "hw-irq", 1, 1 },     { "trace", "hw-trace", 0, 1 },
	{ "fault", "hw-fault", 2, 5 }, { "clock", "hw-clock", 1, 2 },
};

static void hw_help(FILE *out)
{
	fprintf(out, "Usage: ldm hw [--root DIR] list\n"
		     "       ldm hw [--root DIR] dump MODEL\n"
		     "       ldm hw [--root DIR] read MODEL REG\n"
		     "       ldm hw [--root DIR] write MODEL REG VALUE\n"
		     "       ldm hw [--root DIR] irq LINE\n"
		     "       ldm hw [--root DIR] trace [on|off]\n"
		     "       ldm hw [--root DIR] fault MODEL|CHIP KIND [WHERE MASK VALUE]\n"
		     "       ldm hw [--root DIR] clock manual|auto|advance NS\n\n"
		     "Look at the device models of the board of the ldmd serving DIR (default:\n"
		     "$LDM_ROOT, else /run/ldm), the hardware its drivers reach with port and\n"
		     "memory accesses and interrupt lines (docs/hardware.md).\n\n"
		     "  list          a line a model: name, compatible, node, regions, lines;\n"
		     "                then a line a chip of each SMBus: name, compatible,\n"
		     "                node, i2c and its address\n"
		     "  dump MODEL    the model's state\n"
		     "  read MODEL REG\n"
		     "                a register by number (0x.. for hex), without the side\n"
		     "                effects a driver's read has\n"
		     "  write MODEL REG VALUE\n"
		     "                set a register; a register the model has not is an error\n"
		     "  irq LINE      raise an interrupt line (0-223) as a device does\n"
		     "  trace on|off  start recording every access (the last 4096), or stop\n"
		     "  trace         the accesses recorded: seconds since trace on, driver,\n"
		     "                read or write, width, space, address, value, model\n"
		     "  fault MODEL none|hang\n"
		     "                make a model stop answering (its regions read all ones and\n"
		     "                take no writes), or mend it\n"
		     "  fault MODEL stuck ADDR MASK VALUE\n"
		     "                the bits MASK of port or address ADDR read as VALUE's\n"
		     "  fault CHIP none|nak|data-nak|hang\n"
		     "                an I2C chip, named by its board node (/smbus@0/temp@48):\n"
		     "                its address not acknowledged, its writes not acknowledged,\n"
		     "                every transfer timing out, or mended\n"
		     "  fault CHIP stuck REG MASK VALUE\n"
		     "                the bits MASK of register REG of its bank read as VALUE's\n"
		     "  clock manual|auto\n"
		     "                make the models' clock stand still, or follow the\n"
		     "                monotonic clock again\n"
		     "  clock advance NS\n"
		     "                move the standing clock NS nanoseconds, running the\n"
		     "                models' timers due on the way\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

static int hw_run(int argc, char *argv[])
{
	const char *fields[6];
	const struct hw_sub *s = NULL;
	struct tool_opts o;
	char *out = NULL;
	int status, nargs, i;

	status = tool_parse_options(argc, argv, 0, hw_help, &o);
	if (status >= 0)
		return status;
	if (optind < argc)
		for (i = 0; i < (int)(sizeof(subs) / sizeof(subs[0])); i++)
			if (!strcmp(argv[optind], subs[i].name))
				s = &subs[i];
	if (!s) {
		if (optind < argc)
			fprintf(stderr, "ldm hw: '%s' is not a sub-verb of hw\n", argv[optind]);
		hw_help(stderr);
		return 2;
	}
	nargs = argc - optind - 1;
	if (nargs < s->min_args || nargs > s->max_args) {
		hw_help(stderr);
		return 2;
	}
	/* max_args of every sub-verb fits: 1 + 5 fields. */
	fields[0] = s->request;
	for (i = 0; i < nargs; i++)
		fields[1 + i] = argv[optind + 1 + i];
	status = ctl_simple_request("hw", o.root, fields, 1 + nargs, &out);
	if (!status)
		printf("%s", out ? out : "");
	free(out);
	return status;
}

const struct ldm_verb ldm_verb_hw = {
	.name = "hw",
	.run = hw_run,
	.help = "look at the device models of ldmd's board",
};
