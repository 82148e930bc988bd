// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lsmod.c - `ldm lsmod`: the modules of a running ldmd, as kmod's lsmod
 * lists a kernel's.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

static void lsmod_help(FILE *out)
{
	fprintf(out, "Usage: ldm lsmod [--root DIR] [--json]\n\n"
		     "List the modules loaded in the runtime of the ldmd serving DIR (default:\n"
		     "$LDM_ROOT, else /run/ldm) as lsmod does: name, size, users and who uses\n"
		     "them, and the taint of each ((P) proprietary, (F) forced).\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "      --json       one JSON array of {name, size, refcount, used_by,\n"
		     "                   state, taint}\n"
		     "  -h, --help       show this text\n");
}

static int lsmod_run(int argc, char *argv[])
{
	const char *fields[] = { "lsmod" };
	struct ctl_result res;
	struct tool_opts o;
	int status;

	status = tool_parse_options(argc, argv, TOOL_OPT_JSON, lsmod_help, &o);
	if (status >= 0)
		return status;
	if (optind < argc) {
		lsmod_help(stderr);
		return 2;
	}
	if (ctl_request("lsmod", o.root, fields, 1, -1, &res))
		return 1;
	if (res.error)
		fprintf(stderr, "ldm lsmod: %s\n", *res.why ? res.why : strerror(res.error));
	else
		tool_print_lsmod(res.out, o.json);
	status = res.error ? 1 : 0;
	ctl_result_free(&res);
	return status;
}

const struct ldm_verb ldm_verb_lsmod = {
	.name = "lsmod",
	.run = lsmod_run,
	.help = "list the modules in ldmd's runtime",
};
