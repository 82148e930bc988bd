// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * suspend.c - `ldm suspend`: every device of a running ldmd suspended, until
 * `ldm resume`.
 */
#include <getopt.h>
#include <stdio.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

static void suspend_help(FILE *out)
{
	fprintf(out, "Usage: ldm suspend [--root DIR] [STATE]\n\n"
		     "Suspend every device of the runtime of the ldmd serving DIR (default:\n"
		     "$LDM_ROOT, else /run/ldm), children before parents, into STATE (standby,\n"
		     "mem or disk; default mem), and leave them suspended until 'ldm resume'.\n"
		     "A device that refuses is named, and the others are resumed again.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

static int suspend_run(int argc, char *argv[])
{
	const char *fields[2] = { "suspend" };
	struct tool_opts o;
	int status = tool_parse_options(argc, argv, 0, suspend_help, &o);

	if (status >= 0)
		return status;
	if (argc - optind > 1) {
		suspend_help(stderr);
		return 2;
	}
	fields[1] = argv[optind];
	return ctl_simple_request("suspend", o.root, fields, optind < argc ? 2 : 1, NULL);
}

const struct ldm_verb ldm_verb_suspend = {
	.name = "suspend",
	.run = suspend_run,
	.help = "suspend every device of ldmd's runtime",
};
