// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * daemon-modules.c - `ldm insmod`, `ldm rmmod` and `ldm lsmod`: modules
 * in the runtime of a running ldmd, through its control socket, as kmod's
 * tools do them in a kernel.
 *
 *   ldm insmod [--root DIR] [-v] FILE.ko [param=value...]
 *   ldm rmmod [--root DIR] [-f] NAME...
 *   ldm lsmod [--root DIR] [--json]
 *
 * insmod passes the open module file along with the request, so ldmd reads
 * what this user could open. The kernel lines a request caused at warning
 * level or worse (any level with -v) are shown on stderr, as they say why a
 * module was refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

#define QUIET_BELOW	5	/* log lines shown without -v: KERN_WARNING and worse */

enum { OPT_ROOT = 0x100, OPT_JSON };

static const struct option module_opts[] = {
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "verbose", no_argument, NULL, 'v' },
	{ "force", no_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct module_cmdline {
	const char *root;
	bool json, verbose, force;
};

/*
 * Parse the options @allowed (a getopt string of short options, plus
 * OPT_ROOT always, OPT_JSON if @json_ok). Return: -1 to go on, or the exit
 * status (0 after --help, 2 after a bad option).
 */
static int parse_module_opts(int argc, char *argv[], const char *allowed, bool json_ok,
			     void (*help)(FILE *), struct module_cmdline *cl)
{
	int c;

	memset(cl, 0, sizeof(*cl));
	while ((c = getopt_long(argc, argv, allowed, module_opts, NULL)) != -1) {
		switch (c) {
		case OPT_ROOT:
			cl->root = optarg;
			break;
		case OPT_JSON:
			if (!json_ok)
				goto bad;
			cl->json = true;
			break;
		case 'v':
			cl->verbose = true;
			break;
		case 'f':
			cl->force = true;
			break;
		case 'h':
			help(stdout);
			return 0;
		default:
			goto bad;
		}
	}
	cl->root = tool_root(cl->root);
	return -1;
bad:
	help(stderr);
	return 2;
}

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

/* What a failed load means, in kmod's words where strerror() says too little. */
static const char *insmod_strerror(int error)
{
	switch (error) {
	case ENOENT:
		return "Unknown symbol in module, or unknown parameter (see ldm dmesg)";
	case ENOEXEC:
		return "Invalid module format";
	case EEXIST:
		return "Module already loaded";
	default:
		return strerror(error);
	}
}

/* Join argv[from..] with spaces: the argument string of init_module. */
static char *join_params(int argc, char *argv[], int from)
{
	size_t len = 1;
	char *s;
	int i;

	for (i = from; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = calloc(1, len);
	for (i = from; s && i < argc; i++) {
		if (i > from)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static int insmod_run(int argc, char *argv[])
{
	struct module_cmdline cl;
	struct ctl_result res;
	const char *fields[2];
	int status, fd;
	char *params;

	status = parse_module_opts(argc, argv, "+r:vh", false, insmod_help, &cl);
	if (status >= 0)
		return status;
	if (optind >= argc) {
		insmod_help(stderr);
		return 2;
	}
	fd = open(argv[optind], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "ldm insmod: ERROR: could not insert '%s': %s\n", argv[optind],
			strerror(errno));
		return 1;
	}
	params = join_params(argc, argv, optind + 1);
	if (!params) {
		close(fd);
		return 1;
	}
	fields[0] = "insmod";
	fields[1] = params;
	status = 1;
	if (!ctl_request("insmod", cl.root, fields, 2, fd, &res)) {
		tool_print_log(stderr, res.log, cl.verbose ? 8 : QUIET_BELOW);
		if (res.error)
			fprintf(stderr, "ldm insmod: ERROR: could not insert '%s': %s\n",
				argv[optind], *res.why ? res.why : insmod_strerror(res.error));
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

static void rmmod_help(FILE *out)
{
	fprintf(out, "Usage: ldm rmmod [--root DIR] [-f] [-v] NAME...\n\n"
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
static const char *module_name(const char *arg, char *buf, size_t size)
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
	struct module_cmdline cl;
	struct ctl_result res;
	const char *fields[3];
	char name[256];
	int status, i;

	status = parse_module_opts(argc, argv, "+r:fvh", false, rmmod_help, &cl);
	if (status >= 0)
		return status;
	if (optind >= argc) {
		rmmod_help(stderr);
		return 2;
	}
	for (i = optind; i < argc; i++) {
		fields[0] = "rmmod";
		fields[1] = module_name(argv[i], name, sizeof(name));
		fields[2] = "force";
		if (ctl_request("rmmod", cl.root, fields, cl.force ? 3 : 2, -1, &res))
			return 1;
		tool_print_log(stderr, res.log, cl.verbose ? 8 : QUIET_BELOW);
		if (res.error == ENOENT && !*res.why) {
			fprintf(stderr, "ldm rmmod: ERROR: Module %s is not currently loaded\n", name);
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
	struct module_cmdline cl;
	struct ctl_result res;
	int status;

	status = parse_module_opts(argc, argv, "+r:h", true, lsmod_help, &cl);
	if (status >= 0)
		return status;
	if (optind < argc) {
		lsmod_help(stderr);
		return 2;
	}
	if (ctl_request("lsmod", cl.root, fields, 1, -1, &res))
		return 1;
	if (res.error)
		fprintf(stderr, "ldm lsmod: %s\n", *res.why ? res.why : strerror(res.error));
	else
		tool_print_lsmod(res.out, cl.json);
	status = res.error ? 1 : 0;
	ctl_result_free(&res);
	return status;
}

const struct ldm_verb ldm_verb_lsmod = {
	.name = "lsmod",
	.run = lsmod_run,
	.help = "list the modules in ldmd's runtime",
};
