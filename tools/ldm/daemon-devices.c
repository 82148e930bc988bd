// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * daemon-devices.c - the verbs on the devices of a running ldmd:
 *
 *   ldm tree [--root DIR] [--json]
 *   ldm device add [--root DIR] NAME [--id N] [--mem RANGE]... [--io RANGE]... [--irq N]...
 *   ldm device remove [--root DIR] BUS_ID
 *   ldm suspend [--root DIR] [STATE]
 *   ldm resume [--root DIR]
 *   ldm shutdown [--root DIR]
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-client.h"
#include "ldm.h"
#include "tool-util.h"

#define RESOURCES_MAX	16

enum { OPT_ROOT = 0x100, OPT_JSON, OPT_ID, OPT_MEM, OPT_IO, OPT_IRQ };

/*
 * Send one request and report as every verb here does: the kernel's
 * warnings on stderr, the failure with its cause. Return: the exit status;
 * on success the output is in *@out (free() it) if @out is not NULL.
 */
static int simple_request(const char *verb, const char *root, const char *const fields[],
			  int nfields, char **out)
{
	struct ctl_result res;
	int status;

	if (ctl_request(verb, root, fields, nfields, -1, &res))
		return 1;
	tool_print_log(stderr, res.log, 5);
	if (res.error)
		fprintf(stderr, "ldm %s: %s\n", verb, *res.why ? res.why : strerror(res.error));
	status = res.error ? 1 : 0;
	if (out && !status) {
		*out = res.out;
		res.out = NULL;
	}
	ctl_result_free(&res);
	return status;
}

/* --root, --json, --help and nothing else; -1 to go on, else the exit status. */
static int parse_common(int argc, char *argv[], bool json_ok, void (*help)(FILE *),
			const char **root, bool *json)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, OPT_ROOT },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*root = NULL;
	if (json)
		*json = false;
	while ((c = getopt_long(argc, argv, "+r:h", opts, NULL)) != -1) {
		if (c == OPT_ROOT) {
			*root = optarg;
		} else if (c == OPT_JSON && json_ok) {
			*json = true;
		} else if (c == 'h') {
			help(stdout);
			return 0;
		} else {
			help(stderr);
			return 2;
		}
	}
	*root = tool_root(*root);
	return -1;
}

/* ---- tree ---- */

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
	const char *fields[] = { "tree" }, *root;
	struct tree_line *lines;
	char *out = NULL;
	bool json;
	size_t n;
	int status;

	status = parse_common(argc, argv, true, tree_help, &root, &json);
	if (status >= 0)
		return status;
	if (optind < argc) {
		tree_help(stderr);
		return 2;
	}
	status = simple_request("tree", root, fields, 1, &out);
	if (status)
		return status;
	n = split_tree(out ? out : (char[]){ "" }, &lines);
	if (json)
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

/* ---- device add / remove ---- */

static void device_help(FILE *out)
{
	fprintf(out, "Usage: ldm device add [--root DIR] NAME [--id N] [--mem RANGE]... [--io RANGE]...\n"
		     "                      [--irq N]...\n"
		     "       ldm device remove [--root DIR] BUS_ID\n\n"
		     "Hotplug a platform device into the runtime of the ldmd serving DIR (default:\n"
		     "$LDM_ROOT, else /run/ldm), or remove one added so. The device is named\n"
		     "NAME followed by its id (\"serial3\"), or NAME alone without --id, as 2.6.9\n"
		     "names platform devices; add prints that name. A driver of the same name\n"
		     "binds to it at once. RANGE is START-END or START+SIZE (0x1000+0x100).\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "      --id N       the device's number\n"
		     "      --mem RANGE  a memory range (IORESOURCE_MEM)\n"
		     "      --io RANGE   an I/O port range (IORESOURCE_IO)\n"
		     "      --irq N      an interrupt (IORESOURCE_IRQ)\n"
		     "  -h, --help       show this text\n");
}

static int device_add(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, OPT_ROOT },
		{ "id", required_argument, NULL, OPT_ID },
		{ "mem", required_argument, NULL, OPT_MEM },
		{ "io", required_argument, NULL, OPT_IO },
		{ "irq", required_argument, NULL, OPT_IRQ },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char res[RESOURCES_MAX][128], *out = NULL;
	const char *fields[3 + RESOURCES_MAX], *root = NULL, *id = "-1";
	int c, n = 0, status;

	while ((c = getopt_long(argc, argv, "r:h", opts, NULL)) != -1) {
		if (c == OPT_ROOT) {
			root = optarg;
		} else if (c == OPT_ID) {
			id = optarg;
		} else if (c == OPT_MEM || c == OPT_IO || c == OPT_IRQ) {
			if (n == RESOURCES_MAX) {
				fprintf(stderr, "ldm device add: at most %d resources\n",
					RESOURCES_MAX);
				return 2;
			}
			snprintf(res[n], sizeof(res[n]), "%s=%s",
				 c == OPT_MEM ? "mem" : c == OPT_IO ? "io" : "irq", optarg);
			fields[3 + n] = res[n];
			n++;
		} else if (c == 'h') {
			device_help(stdout);
			return 0;
		} else {
			device_help(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		device_help(stderr);
		return 2;
	}
	fields[0] = "device-add";
	fields[1] = argv[optind];
	fields[2] = id;
	status = simple_request("device add", tool_root(root), fields, 3 + n, &out);
	if (!status)
		printf("%s", out ? out : "");
	free(out);
	return status;
}

static int device_remove(int argc, char *argv[])
{
	const char *fields[2] = { "device-remove" }, *root;
	int status;

	status = parse_common(argc, argv, false, device_help, &root, NULL);
	if (status >= 0)
		return status;
	if (optind != argc - 1) {
		device_help(stderr);
		return 2;
	}
	fields[1] = argv[optind];
	return simple_request("device remove", root, fields, 2, NULL);
}

static int device_run(int argc, char *argv[])
{
	if (argc >= 2 && !strcmp(argv[1], "add"))
		return device_add(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "remove"))
		return device_remove(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		device_help(stdout);
		return 0;
	}
	device_help(stderr);
	return 2;
}

const struct ldm_verb ldm_verb_device = {
	.name = "device",
	.run = device_run,
	.help = "hotplug a platform device into ldmd's runtime, or remove it",
};

/* ---- suspend / resume / shutdown ---- */

static void suspend_help(FILE *out)
{
	fprintf(out, "Usage: ldm suspend [--root DIR] [STATE]\n\n"
		     "Suspend every device of the runtime of the ldmd serving DIR (default:\n"
		     "$LDM_ROOT, else /run/ldm), children before parents, into STATE (standby,\n"
		     "mem or disk; default mem), and leave them suspended until 'ldm resume'.\n"
		     "A device that refuses is named, and the others are resumed again.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

static int suspend_run(int argc, char *argv[])
{
	const char *fields[2] = { "suspend" }, *root;
	int status = parse_common(argc, argv, false, suspend_help, &root, NULL);

	if (status >= 0)
		return status;
	if (argc - optind > 1) {
		suspend_help(stderr);
		return 2;
	}
	fields[1] = argv[optind];
	return simple_request("suspend", root, fields, optind < argc ? 2 : 1, NULL);
}

const struct ldm_verb ldm_verb_suspend = {
	.name = "suspend",
	.run = suspend_run,
	.help = "suspend every device of ldmd's runtime",
};

static void resume_help(FILE *out)
{
	fprintf(out, "Usage: ldm resume [--root DIR]\n\n"
		     "Resume the devices 'ldm suspend' suspended, parents before children.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

/* A verb that is one request of the same name, with no argument. */
static int no_argument_verb(int argc, char *argv[], const char *request, void (*help)(FILE *))
{
	const char *fields[] = { request }, *root;
	int status = parse_common(argc, argv, false, help, &root, NULL);

	if (status >= 0)
		return status;
	if (optind < argc) {
		help(stderr);
		return 2;
	}
	return simple_request(request, root, fields, 1, NULL);
}

static int resume_run(int argc, char *argv[])
{
	return no_argument_verb(argc, argv, "resume", resume_help);
}

const struct ldm_verb ldm_verb_resume = {
	.name = "resume",
	.run = resume_run,
	.help = "resume the devices ldm suspend suspended",
};

static void shutdown_help(FILE *out)
{
	fprintf(out, "Usage: ldm shutdown [--root DIR]\n\n"
		     "Stop the ldmd serving DIR as SIGTERM does: unload its modules in order,\n"
		     "unmount, exit.\n\n"
		     "  -r, --root DIR   the ldmd to talk to\n"
		     "  -h, --help       show this text\n");
}

static int shutdown_run(int argc, char *argv[])
{
	return no_argument_verb(argc, argv, "shutdown", shutdown_help);
}

const struct ldm_verb ldm_verb_shutdown = {
	.name = "shutdown",
	.run = shutdown_run,
	.help = "stop ldmd",
};
