// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tree.c - `ldm tree`: the device hierarchy of a running ldmd, as U-Boot's
 * `dm tree` draws it.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

struct tree_line {
	unsigned int depth;
	char *bus_id, *path, *bus, *driver;
};

/* Split the listing of ldm_device_tree() in place; the number of lines. */
static size_t split_tree(char *s, struct tree_line **ret)
{
	struct tree_line *lines = NULL, *grown, l;
	size_t n = 0;
	char *line, *save = NULL, *f[5], *fs;
	int i;

	for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		for (i = 0, fs = line; i < 5 && fs; i++) {
			f[i] = fs;
			fs = strchr(fs, '\t');
			if (fs)
				*fs++ = '\0';
		}
		if (i < 5)
			continue;
		l.depth = (unsigned int)strtoul(f[0], NULL, 10);
		l.bus_id = f[1];
		l.path = f[2];
		l.bus = f[3];
		l.driver = f[4];
		grown = realloc(lines, (n + 1) * sizeof(*lines));
		if (!grown)
			break;
		lines = grown;
		lines[n++] = l;
	}
	*ret = lines;
	return n;
}

/* Whether line @i has a later sibling (same depth before a shallower line). */
static bool has_next_sibling(const struct tree_line *l, size_t n, size_t i, unsigned int depth)
{
	size_t j;

	for (j = i + 1; j < n && l[j].depth >= depth; j++)
		if (l[j].depth == depth)
			return true;
	return false;
}

static void print_tree_text(const struct tree_line *l, size_t n)
{
	unsigned int d;
	size_t i, j;

	printf("devices\n");
	for (i = 0; i < n; i++) {
		/* The ancestors of line i: a bar where one has a later sibling. */
		for (d = 0; d < l[i].depth; d++) {
			for (j = i; j > 0 && l[j].depth > d; j--)
				;
			printf("%s", has_next_sibling(l, n, j, d) ? "│   " : "    ");
		}
		printf("%s%s", has_next_sibling(l, n, i, l[i].depth) ? "├── " : "└── ",
		       l[i].bus_id);
		if (strcmp(l[i].bus, "-"))
			printf("  [%s]", l[i].bus);
		if (strcmp(l[i].driver, "-"))
			printf(" driver: %s", l[i].driver);
		printf("\n");
	}
}

static void print_tree_json(const struct tree_line *l, size_t n)
{
	unsigned int depth = 0;
	size_t i;

	printf("[");
	for (i = 0; i < n; i++) {
		for (; depth > l[i].depth; depth--)
			printf("]}");
		if (i && l[i - 1].depth >= l[i].depth)
			printf(",");
		printf("{\"name\":");
		tool_json_string(stdout, l[i].bus_id);
		printf(",\"path\":");
		tool_json_string(stdout, l[i].path);
		printf(",\"bus\":");
		if (strcmp(l[i].bus, "-"))
			tool_json_string(stdout, l[i].bus);
		else
			printf("null");
		printf(",\"driver\":");
		if (strcmp(l[i].driver, "-"))
			tool_json_string(stdout, l[i].driver);
		else
			printf("null");
		printf(",\"children\":[");
		depth = l[i].depth + 1;
	}
	for (; depth > 0; depth--)
		printf("]}");
	printf("]\n");
}

static void tree_help(FILE *out)
{
	fprintf(out, "Usage: ldm tree [--root DIR] [--json]\n\n"
		     "Print the device hierarchy of the ldmd serving DIR (default: $LDM_ROOT,\n"
		     "else /run/ldm): each device under its parent, with its bus in brackets\n"
		     "and the driver bound to it.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "      --json       nested {name, path, bus, driver, children}\n"
		     "  -h, --help       show this text\n");
}

static int tree_run(int argc, char *argv[])
{
	const char *fields[] = { "tree" };
	struct tree_line *lines;
	struct tool_opts o;
	char *out = NULL;
	size_t n;
	int status;

	status = tool_parse_options(argc, argv, TOOL_OPT_JSON, tree_help, &o);
	if (status >= 0)
		return status;
	if (optind < argc) {
		tree_help(stderr);
		return 2;
	}
	status = ctl_simple_request("tree", o.root, fields, 1, &out);
	if (status)
		return status;
	n = split_tree(out ? out : (char[]){ "" }, &lines);
	if (o.json)
		print_tree_json(lines, n);
	else
		print_tree_text(lines, n);
	free(lines);
	free(out);
	return 0;
}

const struct ldm_verb ldm_verb_tree = {
	.name = "tree",
	.run = tree_run,
	.help = "print the device hierarchy with the drivers bound",
};
