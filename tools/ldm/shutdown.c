// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shutdown.c - `ldm shutdown`: a running ldmd stopped, as SIGTERM stops it.
 */
#include <getopt.h>
#include <stdio.h>

#include "control-client.h"
#include "ldm.h"

static void shutdown_help(FILE *out)
{
	fprintf(out, "Usage: ldm shutdown [--root DIR]\n\n"
		     "Stop the ldmd serving DIR as SIGTERM does: unload its modules in order,\n"
		     "unmount, exit.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

static int shutdown_run(int argc, char *argv[])
{
	return ctl_bare_request_verb(argc, argv, "shutdown", shutdown_help);
}

const struct ldm_verb ldm_verb_shutdown = {
	.name = "shutdown",
	.run = shutdown_run,
	.help = "stop ldmd",
};
