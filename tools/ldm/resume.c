// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * resume.c - `ldm resume`: the devices `ldm suspend` suspended, resumed.
 */
#include <getopt.h>
#include <stdio.h>

#include "control-client.h"
#include "ldm.h"

static void resume_help(FILE *out)
{
	fprintf(out, "Usage: ldm resume [--root DIR]\n\n"
		     "Resume the devices 'ldm suspend' suspended, parents before children.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

static int resume_run(int argc, char *argv[])
{
	return ctl_bare_request_verb(argc, argv, "resume", resume_help);
}

const struct ldm_verb ldm_verb_resume = {
	.name = "resume",
	.run = resume_run,
	.help = "resume the devices ldm suspend suspended",
};
