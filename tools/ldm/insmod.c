// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * insmod.c - `ldm insmod`: a module loaded into a running ldmd, as kmod's
 * insmod loads one into a kernel. The open module file goes along with the
 * request, so ldmd reads what this user could open. The kernel lines the
 * load caused at warning level or worse (any level with -v) are shown on
 * stderr, as they say why a module was refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

static void insmod_help(FILE *out)
{
	fprintf(out, "Usage: ldm insmod [--root DIR] [-v] FILE.ko [param=value...]\n\n"
		     "Load a module into the runtime of the ldmd serving DIR (default: $LDM_ROOT,\n"
		     "else /run/ldm). The module's parameters follow it. The kernel lines the\n"
		     "load caused at warning level or worse (-v: all) are shown on stderr.\n"
		     "Exit status 1 if the module was not loaded.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -v, --verbose    show every kernel line the load caused\n"
		     "  -h, --help       show this text\n");
}

static int insmod_run(int argc, char *argv[])
{
	struct ctl_result res;
	const char *fields[2];
	struct tool_opts o;
	int status, fd;
	char *params;

	status = tool_parse_options(argc, argv, TOOL_OPT_VERBOSE, insmod_help, &o);
	if (status >= 0)
		return status;
	if (optind >= argc) {
		insmod_help(stderr);
		return 2;
	}
	/* Not blocking on a FIFO: ldmd refuses what is not a regular file. */
	fd = open(argv[optind], O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		fprintf(stderr, "ldm insmod: ERROR: could not insert '%s': %s\n", argv[optind],
			strerror(errno));
		return 1;
	}
	params = tool_join_args(argc, argv, optind + 1);
	if (!params) {
		close(fd);
		return 1;
	}
	fields[0] = "insmod";
	fields[1] = params;
	status = 1;
	if (!ctl_request("insmod", o.root, fields, 2, fd, &res)) {
		tool_print_log(stderr, res.log, o.verbose ? 8 : TOOL_LOG_QUIET_BELOW);
		if (res.error)
			fprintf(stderr, "ldm insmod: ERROR: could not insert '%s': %s%s\n",
				argv[optind], *res.why ? res.why : tool_insmod_strerror(res.error),
				!*res.why && res.error == ENOENT ? " (see ldm dmesg)" : "");
		status = res.error ? 1 : 0;
		ctl_result_free(&res);
	}
	free(params);
	close(fd);
	return status;
}

const struct ldm_verb ldm_verb_insmod = {
	.name = "insmod",
	.run = insmod_run,
	.help = "load a module into ldmd's runtime",
};
