// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * device.c - `ldm device add` and `ldm device remove`: a platform device
 * hotplugged into a running ldmd, or taken out again.
 */
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

#define RESOURCES_MAX 16

enum { OPT_ID = 1, OPT_MEM, OPT_IO, OPT_IRQ };

static void device_help(FILE *out)
{
	fprintf(out,
		"Usage: ldm device add [--root DIR] NAME [--id N] [--mem RANGE]... [--io RANGE]...\n"
		"                      [--irq N]...\n"
		"       ldm device remove [--root DIR] BUS_ID\n\n"
		"Hotplug a platform device into the runtime of the ldmd serving DIR (default:\n"
		"$LDM_ROOT, else /run/ldm), or remove one added so. The device is named\n"
		"NAME followed by its id (\"serial3\"), or NAME alone without --id, as 2.6.9\n"
		"names platform devices; add prints that name. A driver of the same name\n"
		"binds to it at once. RANGE is START-END or START+SIZE (0x1000+0x100).\n"
		"A NAME of the form 0000:BB:DD.F is a PCI function of the board instead\n"
		"(docs/pci.md): add puts it into its slot, as a card inserted, and remove\n"
		"takes it out, its driver's remove first.\n\n"
		"  -r, --root DIR   the ldmd to talk to\n"
		"      --id N       the device's number\n"
		"      --mem RANGE  a memory range (IORESOURCE_MEM)\n"
		"      --io RANGE   an I/O port range (IORESOURCE_IO)\n"
		"      --irq N      an interrupt (IORESOURCE_IRQ)\n"
		"  -h, --help       show this text\n");
}

/* What device add's own options gather. */
struct device_add {
	char res[RESOURCES_MAX][128];
	const char *fields[3 + RESOURCES_MAX];
	const char *id;
	int n;
};

static int device_add_option(int c, const char *arg, void *data)
{
	struct device_add *d = data;

	if (c == OPT_ID) {
		d->id = arg;
		return 0;
	}
	if (d->n == RESOURCES_MAX) {
		fprintf(stderr, "ldm device add: at most %d resources\n", RESOURCES_MAX);
		return 2;
	}
	snprintf(d->res[d->n], sizeof(d->res[d->n]), "%s=%s",
		 c == OPT_MEM ? "mem" :
		 c == OPT_IO  ? "io" :
				"irq",
		 arg);
	d->fields[3 + d->n] = d->res[d->n];
	d->n++;
	return 0;
}

static int device_add_run(int argc, char *argv[])
{
	static const struct tool_option extra[] = {
		{ "id", 0, true, OPT_ID },
		{ "mem", 0, true, OPT_MEM },
		{ "io", 0, true, OPT_IO },
		{ "irq", 0, true, OPT_IRQ },
		{ 0 },
	};
	struct device_add d = { .id = "-1" };
	const struct tool_parse p = { .allowed = TOOL_OPT_PERMUTE,
				      .extra = extra,
				      .fn = device_add_option,
				      .data = &d,
				      .help = device_help };
	const char **fields = d.fields;
	struct tool_opts o;
	char *out = NULL;
	int n, status;

	status = tool_parse_options_ext(argc, argv, &p, &o);
	if (status >= 0)
		return status;
	n = d.n;
	if (optind != argc - 1) {
		device_help(stderr);
		return 2;
	}
	fields[0] = "device-add";
	fields[1] = argv[optind];
	fields[2] = d.id;
	status = ctl_simple_request("device add", o.root, fields, 3 + n, &out);
	if (!status)
		printf("%s", out ? out : "");
	free(out);
	return status;
}

static int device_remove_run(int argc, char *argv[])
{
	const char *fields[2] = { "device-remove" };
	struct tool_opts o;
	int status;

	status = tool_parse_options(argc, argv, 0, device_help, &o);
	if (status >= 0)
		return status;
	if (optind != argc - 1) {
		device_help(stderr);
		return 2;
	}
	fields[1] = argv[optind];
	return ctl_simple_request("device remove", o.root, fields, 2, NULL);
}

static int device_run(int argc, char *argv[])
{
	if (argc >= 2 && !strcmp(argv[1], "add"))
		return device_add_run(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "remove"))
		return device_remove_run(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		device_help(stdout);
		return 0;
	}
	device_help(stderr);
	return 2;
}

const struct ldm_verb ldm_verb_device = {
	.name = "device",
	.run = device_run,
	.help = "hotplug a platform device or a PCI function into ldmd's runtime, or remove it",
};
