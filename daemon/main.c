// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * main.c - ldmd's command line, parsed with fuse_opt as libfuse's own
 * programs parse theirs:
 *
 *   ldmd [--board FILE] [--root DIR] [--modules DIR] [--sysfs LAYOUT]
 *        [--export-policy POLICY] [--foreground] [MODULE.ko[=ARGS]...]
 *
 * Exit status: 0 after a clean stop, 1 if ldmd could not start, 2 for a
 * bad command line.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fuse_opt.h>
#include <libldm/runtime.h>
#include <libldm/module.h>

#include "ldmd.h"

enum { KEY_HELP, KEY_VERSION };

struct cmdline {
	char *board;
	char *root;
	char *sysfs;
	char *modules_dir;
	char *policy;
	int foreground;
	bool help, version;
	char **modules;
	unsigned int nmodules;
};

#define CMDLINE_OPT(t, field, value) \
	{ \
		t, offsetof(struct cmdline, field), value \
	}

/*
 * fuse_opt matches "--root %s" with "--root=DIR" too, giving "=DIR": the
 * "--name=value" form is split into two words before parsing (split_arg).
 */
static const struct fuse_opt ldmd_opts[] = { CMDLINE_OPT("--board %s", board, 0),
					     CMDLINE_OPT("-b %s", board, 0),
					     CMDLINE_OPT("--root %s", root, 0),
					     CMDLINE_OPT("-r %s", root, 0),
					     CMDLINE_OPT("--modules %s", modules_dir, 0),
					     CMDLINE_OPT("-m %s", modules_dir, 0),
					     CMDLINE_OPT("--sysfs %s", sysfs, 0),
					     CMDLINE_OPT("--export-policy %s", policy, 0),
					     CMDLINE_OPT("--foreground", foreground, 1),
					     CMDLINE_OPT("-f", foreground, 1),
					     FUSE_OPT_KEY("--help", KEY_HELP),
					     FUSE_OPT_KEY("-h", KEY_HELP),
					     FUSE_OPT_KEY("--version", KEY_VERSION),
					     FUSE_OPT_KEY("-V", KEY_VERSION),
					     FUSE_OPT_END };

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: ldmd [--board FILE] [--root DIR] [--modules DIR] [--sysfs LAYOUT]\n"
		"            [--export-policy POLICY] [--foreground] [MODULE.ko[=ARGS]...]\n\n"
		"Boot an ldm runtime, mount its sysfs tree at DIR/sys and its character\n"
		"devices at DIR/dev with FUSE, add the devices of the board, load the\n"
		"modules named (ARGS: their parameters, name=value separated by spaces)\n"
		"and serve until SIGTERM or SIGINT; then unload the modules, unmount and\n"
		"exit 0. DIR/control takes the requests of ldm(8); DIR/uevent sends\n"
		"every hotplug event to its listeners. Prints \"ldmd: ready\" once it\n"
		"serves, and without --foreground detaches after that.\n\n"
		"Options:\n"
		"  -b, --board FILE   a device tree: a blob (.dtb) or a source (.dts) for dtc\n"
		"  -r, --root DIR     where the mounts go (default " LDMD_DEFAULT_ROOT ")\n"
		"  -m, --modules DIR  a modules directory (ldm depmod): each device's driver\n"
		"                     is loaded by its MODALIAS, at boot and on hotplug; ldm\n"
		"                     modprobe and request_module() resolve names there\n"
		"      --sysfs LAYOUT the tree: modern (default: with uevent, subsystem,\n"
		"                     modalias... as today's tools read them) or 2.6.9\n"
		"      --export-policy POLICY\n"
		"                     which of the seed patch's 103 exports are GPL-only:\n"
		"                     seed (all, the default), 2.6.10 (drivers/base and\n"
		"                     fs/sysfs, as mainline merged them) or 2.6.9 (none);\n"
		"                     as LDM_EXPORT_POLICY, shown in DIR/sys/kernel/export_policy\n"
		"  -f, --foreground   stay attached, with the log on stderr\n"
		"  -h, --help         show this text\n"
		"  -V, --version      show the version\n");
}

static int parse_one(void *data, const char *arg, int key, struct fuse_args *outargs)
{
	struct cmdline *cl = data;
	char **modules;

	(void)outargs;
	switch (key) {
	case KEY_HELP:
		cl->help = true;
		return 0;
	case KEY_VERSION:
		cl->version = true;
		return 0;
	case FUSE_OPT_KEY_NONOPT:
		modules = realloc(cl->modules, (cl->nmodules + 1) * sizeof(*modules));
		if (!modules)
			return -1;
		cl->modules = modules;
		modules[cl->nmodules] = strdup(arg);
		if (!modules[cl->nmodules])
			return -1;
		cl->nmodules++;
		return 0;
	default:
		fprintf(stderr, "ldmd: unknown option '%s'; see 'ldmd --help'\n", arg);
		return -1;
	}
}

static void free_cmdline(struct cmdline *cl)
{
	unsigned int i;

	for (i = 0; i < cl->nmodules; i++)
		free(cl->modules[i]);
	free(cl->modules);
	free(cl->root);
	free(cl->board);
	free(cl->sysfs);
	free(cl->modules_dir);
	free(cl->policy);
}

/* "--board=FILE" as "--board" "FILE", for the options that take a value. */
static int split_arg(struct fuse_args *args, const char *arg)
{
	static const char *const with_value[] = { "--board=", "--root=", "--modules=", "--sysfs=",
						  "--export-policy=" };
	size_t i, len;
	char *name;
	int error;

	for (i = 0; i < sizeof(with_value) / sizeof(with_value[0]); i++) {
		len = strlen(with_value[i]);
		if (strncmp(arg, with_value[i], len))
			continue;
		name = strndup(arg, len - 1);
		if (!name)
			return -1;
		error = fuse_opt_add_arg(args, name);
		free(name);
		return error ? error : fuse_opt_add_arg(args, arg + len);
	}
	return fuse_opt_add_arg(args, arg);
}

int main(int argc, char *argv[])
{
	struct fuse_args args = FUSE_ARGS_INIT(0, NULL);
	struct cmdline cl = { 0 };
	struct ldmd_options opts;
	int status, i;

	for (i = 0; i < argc; i++) {
		if (split_arg(&args, argv[i])) {
			fprintf(stderr, "ldmd: out of memory\n");
			status = 1;
			goto out;
		}
	}
	if (fuse_opt_parse(&args, &cl, ldmd_opts, parse_one)) {
		status = 2;
		goto out;
	}
	status = 0;
	if (cl.help) {
		usage(stdout);
	} else if (cl.version) {
		printf("ldmd %s\n", LDM_VERSION);
	} else if (cl.root && !*cl.root) {
		fprintf(stderr, "ldmd: --root needs a directory\n");
		status = 2;
	} else if (cl.board && !*cl.board) {
		fprintf(stderr, "ldmd: --board needs a file\n");
		status = 2;
	} else if (cl.modules_dir && !*cl.modules_dir) {
		fprintf(stderr, "ldmd: --modules needs a directory\n");
		status = 2;
	} else if (cl.sysfs && ldm_sysfs_layout_set(cl.sysfs)) {
		fprintf(stderr, "ldmd: --sysfs takes modern or 2.6.9, not '%s'\n", cl.sysfs);
		status = 2;
	} else if (cl.policy && ldm_export_policy_valid(cl.policy)) {
		fprintf(stderr,
			"ldmd: --export-policy '%s': no such policy (seed, 2.6.10 or 2.6.9)\n",
			cl.policy);
		status = 2;
	} else {
		/* The runtime reads it at boot, as any of its settings. */
		if (cl.policy)
			setenv("LDM_EXPORT_POLICY", cl.policy, 1);
		opts.board = cl.board;
		opts.root = cl.root ? cl.root : LDMD_DEFAULT_ROOT;
		opts.foreground = cl.foreground;
		opts.modules = cl.modules;
		opts.nmodules = cl.nmodules;
		opts.modules_dir = cl.modules_dir;
		status = ldmd_run(&opts);
	}
out:
	fuse_opt_free_args(&args);
	free_cmdline(&cl);
	return status;
}
