// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dmesg.c - `ldm dmesg`: the kernel log of a running ldmd, as dmesg(1)
 * prints a kernel's.
 *
 *   ldm dmesg [--root DIR] [--level N] [--json]
 */
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

static void dmesg_help(FILE *out)
{
	fprintf(out,
		"Usage: ldm dmesg [--root DIR] [--level N] [--json]\n\n"
		"Print the kernel log of the ldmd serving DIR (default: $LDM_ROOT, else\n"
		"/run/ldm): what printk printed since it booted, oldest first, with the\n"
		"seconds since boot, as dmesg does. The log keeps the last 128 KiB.\n\n"
		"  -r, --root DIR    the ldmd to talk to\n"
		"  -l, --level N     only lines of level N or more urgent (0 emerg ... 7 debug)\n"
		"      --json        one JSON array of {level, seq, usec, text}\n"
		"  -h, --help        show this text\n");
}

/* The lines of @log as JSON, those of a level below @below. */
static void print_json(const char *log, int below)
{
	unsigned long long seq, usec;
	const char *line, *text, *nl;
	unsigned int level;
	bool first = true;
	char buf[1100];

	printf("[");
	for (line = log; line && *line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		text = strchr(line, ';');
		if (!text || (nl && text > nl) ||
		    sscanf(line, "%u,%llu,%llu,", &level, &seq, &usec) != 3 || (int)level >= below)
			continue;
		snprintf(buf, sizeof(buf), "%.*s",
			 (int)(nl ? nl - text - 1 : (long)strlen(text + 1)), text + 1);
		printf("%s{\"level\":%u,\"seq\":%llu,\"usec\":%llu,\"text\":", first ? "" : ",",
		       level, seq, usec);
		tool_json_string(stdout, buf);
		printf("}");
		first = false;
	}
	printf("]\n");
}

enum { OPT_LEVEL = 1 };

/* --level N: only lines of level N or more urgent, as *below = N + 1. */
static int dmesg_option(int id, const char *arg, void *data)
{
	int *below = data;
	char *end;

	(void)id;
	*below = (int)strtol(arg, &end, 10) + 1;
	if (*end || end == arg || *below < 1 || *below > 8) {
		fprintf(stderr, "ldm dmesg: '%s' is not a level 0-7\n", arg);
		return 2;
	}
	return 0;
}

static int dmesg_run(int argc, char *argv[])
{
	static const struct tool_option extra[] = {
		{ "level", 'l', true, OPT_LEVEL },
		{ 0 },
	};
	const char *fields[] = { "dmesg" };
	int below = 8, status;
	struct tool_parse p = { .allowed = TOOL_OPT_JSON | TOOL_OPT_PERMUTE,
				.extra = extra,
				.fn = dmesg_option,
				.data = &below,
				.help = dmesg_help };
	struct ctl_result res;
	struct tool_opts o;

	status = tool_parse_options_ext(argc, argv, &p, &o);
	if (status >= 0)
		return status;
	if (optind < argc) {
		dmesg_help(stderr);
		return 2;
	}
	if (ctl_request("dmesg", o.root, fields, 1, -1, &res))
		return 1;
	if (res.error)
		fprintf(stderr, "ldm dmesg: %s\n", *res.why ? res.why : strerror(res.error));
	else if (o.json)
		print_json(res.out, below);
	else
		tool_print_log(stdout, res.out, below);
	status = res.error ? 1 : 0;
	ctl_result_free(&res);
	return status;
}

const struct ldm_verb ldm_verb_dmesg = {
	.name = "dmesg",
	.run = dmesg_run,
	.help = "print the kernel log of ldmd's runtime",
};
