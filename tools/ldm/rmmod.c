// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rmmod.c - `ldm rmmod`: modules removed from a running ldmd, as kmod's
 * rmmod removes them from a kernel; never waiting for a module in use.
 */
#include <errno.h>
#include <libgen.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

static void rmmod_help(FILE *out)
{
	fprintf(out,
		"Usage: ldm rmmod [--root DIR] [-f] [-v] NAME...\n\n"
		"Remove modules from the runtime of the ldmd serving DIR (default:\n"
		"$LDM_ROOT, else /run/ldm). NAME may be a module's name or its file. A module\n"
		"in use is not removed (modules are never waited for); -f removes it anyway\n"
		"and taints the runtime (F). Exit status 1 if one was not removed.\n\n"
		"  -r, --root DIR   the ldmd to talk to\n"
		"  -f, --force      remove even a module in use\n"
		"  -v, --verbose    show every kernel line the removal caused\n"
		"  -h, --help       show this text\n");
}

/* "drivers/foo.ko" -> "foo", in @buf. */
static const char *rmmod_name(const char *arg, char *buf, size_t size)
{
	char *copy = strdup(arg), *base;
	size_t len;

	if (!copy)
		return arg;
	base = basename(copy);
	len = strlen(base);
	if (len > 3 && !strcmp(base + len - 3, ".ko"))
		base[len - 3] = '\0';
	snprintf(buf, size, "%s", base);
	free(copy);
	return buf;
}

static int rmmod_run(int argc, char *argv[])
{
	struct ctl_result res;
	const char *fields[3];
	struct tool_opts o;
	char name[256];
	int status, i;

	status = tool_parse_options(argc, argv, TOOL_OPT_VERBOSE | TOOL_OPT_FORCE, rmmod_help, &o);
	if (status >= 0)
		return status;
	if (optind >= argc) {
		rmmod_help(stderr);
		return 2;
	}
	for (i = optind; i < argc; i++) {
		fields[0] = "rmmod";
		fields[1] = rmmod_name(argv[i], name, sizeof(name));
		fields[2] = "force";
		if (ctl_request("rmmod", o.root, fields, o.force ? 3 : 2, -1, &res))
			return 1;
		tool_print_log(stderr, res.log, o.verbose ? 8 : TOOL_LOG_QUIET_BELOW);
		if (res.error == ENOENT && !*res.why) {
			fprintf(stderr, "ldm rmmod: ERROR: Module %s is not currently loaded\n",
				name);
			status = 1;
		} else if ((res.error == EWOULDBLOCK || res.error == EBUSY) && !*res.why) {
			fprintf(stderr, "ldm rmmod: ERROR: Module %s is in use\n", name);
			status = 1;
		} else if (res.error) {
			fprintf(stderr, "ldm rmmod: ERROR: could not remove '%s': %s\n", name,
				*res.why ? res.why : strerror(res.error));
			status = 1;
		}
		ctl_result_free(&res);
	}
	return status == 1 ? 1 : 0;
}

const struct ldm_verb ldm_verb_rmmod = {
	.name = "rmmod",
	.run = rmmod_run,
	.help = "remove modules from ldmd's runtime",
};
