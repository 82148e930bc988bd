// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldm.c - the ldm command: one binary, a verb per file, as git and kmod.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldm.h"

/* The verbs, in the order --help lists them. */
/* clang-format off */
static const struct ldm_verb *const verbs[] = {
	&ldm_verb_insmod,
	&ldm_verb_rmmod,
	&ldm_verb_lsmod,
	&ldm_verb_modinfo,
	&ldm_verb_depmod,
	&ldm_verb_modprobe,
	&ldm_verb_modpost,
	&ldm_verb_symbols,
	&ldm_verb_tree,
	&ldm_verb_monitor,
	&ldm_verb_exec,
	&ldm_verb_device,
	&ldm_verb_hw,
	&ldm_verb_suspend,
	&ldm_verb_resume,
	&ldm_verb_dmesg,
	&ldm_verb_shutdown,
	&ldm_verb_reboot,
	&ldm_verb_run,
	&ldm_verb_audit,
};
/* clang-format on */

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "Usage: ldm [--help] [--version] [--root DIR] VERB [ARGS...]\n\n"
		     "The command line of ldm, the Linux 2.6.9 driver model in userspace.\n"
		     "Verbs that talk to ldmd talk to the one serving DIR: --root, else\n"
		     "$LDM_ROOT, else /run/ldm.\n\n"
		     "Verbs:\n");
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		fprintf(out, "  %-10s %s\n", verbs[i]->name, verbs[i]->help);
	fprintf(out, "\nRun 'ldm VERB --help' for a verb's options.\n");
}

/* --root DIR or --root=DIR before the verb: as LDM_ROOT. How many words it took. */
static int global_root(int argc, char *argv[])
{
	if (argc >= 2 && !strncmp(argv[1], "--root=", 7)) {
		setenv("LDM_ROOT", argv[1] + 7, 1);
		return 1;
	}
	if (argc >= 3 && (!strcmp(argv[1], "--root") || !strcmp(argv[1], "-r"))) {
		setenv("LDM_ROOT", argv[2], 1);
		return 2;
	}
	return 0;
}

int main(int argc, char *argv[])
{
	size_t i;
	int taken = global_root(argc, argv);

	/* Lines of stdout and stderr reach a pipe in the order they were written. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	argc -= taken;
	argv += taken;
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("ldm %s\n", LDM_VERSION);
		return 0;
	}
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (!strcmp(argv[1], verbs[i]->name))
			return verbs[i]->run(argc - 1, argv + 1);
	fprintf(stderr, "ldm: '%s' is not a verb; see 'ldm --help'\n", argv[1]);
	return 2;
}
