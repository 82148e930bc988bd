// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldm.c - the ldm command: one binary, a verb per file, as git and kmod.
 */
#include <stdio.h>
#include <string.h>

#include "ldm.h"

static const struct ldm_verb *const verbs[] = {
	&ldm_verb_insmod,
	&ldm_verb_modinfo,
	&ldm_verb_modpost,
	&ldm_verb_run,
	&ldm_verb_symbols,
};

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "Usage: ldm [--help] [--version] VERB [ARGS...]\n\n"
		     "The command line of ldm, the Linux 2.6.9 driver model in userspace.\n\n"
		     "Verbs:\n");
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		fprintf(out, "  %-10s %s\n", verbs[i]->name, verbs[i]->help);
	fprintf(out, "\nRun 'ldm VERB --help' for a verb's options.\n");
}

int main(int argc, char *argv[])
{
	size_t i;

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
