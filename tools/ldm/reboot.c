// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * reboot.c - `ldm reboot`: a running ldmd restarted as a machine is: its
 * drivers' reboot notifiers hear SYS_RESTART, then it stops as on SIGTERM.
 */
#include <getopt.h>
#include <stdio.h>

#include "control-client.h"
#include "ldm.h"

static void reboot_help(FILE *out)
{
	fprintf(out, "Usage: ldm reboot [--root DIR]\n\n"
		     "Restart the machine the ldmd serving DIR stands for: its drivers' reboot\n"
		     "notifiers are called with SYS_RESTART, then it stops as SIGTERM stops it\n"
		     "(unload its modules in order, unmount, exit).\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

static int reboot_run(int argc, char *argv[])
{
	return ctl_bare_request_verb(argc, argv, "reboot", reboot_help);
}

const struct ldm_verb ldm_verb_reboot = {
	.name = "reboot",
	.run = reboot_run,
	.help = "restart: reboot notifiers, then stop ldmd",
};
