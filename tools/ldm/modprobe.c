// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * modprobe.c - `ldm modprobe [-r] NAME|ALIAS [param=value...]`: a module
 * loaded into a running ldmd by name or alias, what it depends on first, or
 * unloaded with what it needed, as kmod's modprobe does. ldmd resolves it,
 * through libkmod over its modules directory (ldmd --modules) or the one
 * named here, and loads in dependency order (daemon/modprobe.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

struct modprobe_opts {
	const char *root;
	char modules[PATH_MAX]; /* "" for ldmd's own */
	bool remove, verbose, quiet;
};

static void modprobe_help(FILE *out)
{
	fprintf(out,
		"Usage: ldm modprobe [--root DIR] [-v] [-q] [--modules DIR] NAME|ALIAS [param=value...]\n"
		"       ldm modprobe [--root DIR] [-v] [-q] [--modules DIR] -r NAME|ALIAS...\n\n"
		"Load a module into the runtime of the ldmd serving DIR by its name or an\n"
		"alias (platform:widget), the modules it depends on first, as modprobe does;\n"
		"the parameters go to the module named. With -r, unload it and then what it\n"
		"depended on that nothing else uses. Names are resolved in ldmd's modules\n"
		"directory (ldmd --modules), or the one named with --modules (ldm depmod).\n"
		"A module already loaded is left as it is.\n\n"
		"      --root DIR     the ldmd to talk to (default: $LDM_ROOT, else /run/ldm)\n"
		"  -m, --modules DIR  the modules directory to resolve in\n"
		"  -r, --remove       unload, with the dependencies left unused\n"
		"  -v, --verbose      print each insmod and rmmod done, and every kernel line\n"
		"  -q, --quiet        say nothing of a name that no module has\n"
		"  -h, --help         show this text\n");
}

enum { OPT_MODULES = 1, OPT_REMOVE, OPT_QUIET };

struct modprobe_parse {
	struct modprobe_opts *o;
	const char *modules;
};

static int modprobe_option(int id, const char *arg, void *data)
{
	struct modprobe_parse *mp = data;

	if (id == OPT_MODULES)
		mp->modules = arg;
	else if (id == OPT_REMOVE)
		mp->o->remove = true;
	else
		mp->o->quiet = true;
	return 0;
}

/* -r is modprobe's --remove here, so ldmd's root is --root alone. */
static int parse(int argc, char *argv[], struct modprobe_opts *o)
{
	static const struct tool_option extra[] = {
		{ "modules", 'm', true, OPT_MODULES },
		{ "remove", 'r', false, OPT_REMOVE },
		{ "quiet", 'q', false, OPT_QUIET },
		{ 0 },
	};
	struct modprobe_parse mp = { .o = o };
	const struct tool_parse p = { .allowed = TOOL_OPT_VERBOSE,
				      .extra = extra,
				      .fn = modprobe_option,
				      .data = &mp,
				      .help = modprobe_help };
	const char *modules;
	struct tool_opts common;
	int status;

	status = tool_parse_options_ext(argc, argv, &p, &common);
	if (status >= 0)
		return status;
	o->root = common.root;
	o->verbose = common.verbose;
	modules = mp.modules;
	if (optind >= argc) {
		modprobe_help(stderr);
		return 2;
	}
	/* ldmd opens it: from its own working directory, so absolute. */
	if (modules && !realpath(modules, o->modules)) {
		fprintf(stderr, "ldm modprobe: %s: %s\n", modules, strerror(errno));
		return 1;
	}
	return -1;
}

/* One request: its output on -v, its warnings, its failure as modprobe says it. */
static int request(const struct modprobe_opts *o, const char *const fields[], int n)
{
	struct ctl_result res;
	int status;

	if (ctl_request("modprobe", o->root, fields, n, -1, &res))
		return 1;
	tool_print_log(stderr, res.log, o->verbose ? 8 : TOOL_LOG_QUIET_BELOW);
	if (o->verbose && res.out)
		fputs(res.out, stdout);
	if (res.error == ENOENT && !strncmp(res.why, "Module ", 7) &&
	    strstr(res.why, "not found")) {
		if (!o->quiet)
			fprintf(stderr, "ldm modprobe: FATAL: %s\n", res.why);
	} else if (res.error) {
		fprintf(stderr, "ldm modprobe: %s: %s\n", res.error == ENOENT ? "FATAL" : "ERROR",
			*res.why ? res.why : strerror(res.error));
	}
	status = res.error ? 1 : 0;
	ctl_result_free(&res);
	return status;
}

static int modprobe_run(int argc, char *argv[])
{
	struct modprobe_opts o = { 0 };
	const char *fields[4];
	char *params;
	int status, i;

	status = parse(argc, argv, &o);
	if (status >= 0)
		return status;
	if (o.remove) {
		status = 0;
		for (i = optind; i < argc && !status; i++) {
			fields[0] = "modprobe-remove";
			fields[1] = argv[i];
			fields[2] = o.modules;
			status = request(&o, fields, 3);
		}
		return status;
	}
	params = tool_join_args(argc, argv, optind + 1);
	if (!params)
		return 1;
	fields[0] = "modprobe";
	fields[1] = argv[optind];
	fields[2] = params;
	fields[3] = o.modules;
	status = request(&o, fields, 4);
	free(params);
	return status;
}

const struct ldm_verb ldm_verb_modprobe = {
	.name = "modprobe",
	.run = modprobe_run,
	.help = "load a module by name or alias, its dependencies first",
};
