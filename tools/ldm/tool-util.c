// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tool-util.c - small helpers the verbs of ldm share.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libldm/modfile.h>

#include "tool-util.h"

/**
 * tool_open_module - read and check a module file, or say why not
 * @verb: the verb, for the message
 * @path: the file
 *
 * Return: the handle, or NULL after "ldm VERB: PATH: why" on stderr.
 */
struct ldm_modfile *tool_open_module(const char *verb, const char *path)
{
	struct ldm_modfile *mf;
	char why[256];

	if (ldm_modfile_open(path, &mf, why, sizeof(why))) {
		fprintf(stderr, "ldm %s: %s: %s\n", verb, path, why);
		return NULL;
	}
	return mf;
}

/**
 * tool_parse_options - the options of a verb that talks to ldmd, parsed
 * alike for every verb: -r/--root DIR, -h/--help, and of --json, -v and -f
 * those @allowed names (TOOL_OPT_*)
 * @argc: the verb's arguments
 * @argv: the verb's arguments
 * @allowed: TOOL_OPT_JSON, TOOL_OPT_VERBOSE, TOOL_OPT_FORCE
 * @help: prints the verb's help
 * @o: filled in; o->root never NULL
 *
 * Parsing stops at the first operand (optind).
 * Return: -1 to go on, or the exit status: 0 after --help, 2 after a bad
 * option (the help on stderr).
 */
int tool_parse_options(int argc, char *argv[], unsigned int allowed, void (*help)(FILE *),
		       struct tool_opts *o)
{
	enum { OPT_ROOT = 0x100, OPT_JSON };
	static const struct option opts[] = {
		{ "root", required_argument, NULL, OPT_ROOT },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "verbose", no_argument, NULL, 'v' },
		{ "force", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char shorts[8] = "+r:h";
	int c;

	memset(o, 0, sizeof(*o));
	if (allowed & TOOL_OPT_VERBOSE)
		strcat(shorts, "v");
	if (allowed & TOOL_OPT_FORCE)
		strcat(shorts, "f");
	while ((c = getopt_long(argc, argv, shorts, opts, NULL)) != -1) {
		if (c == OPT_ROOT || c == 'r') {
			o->root = optarg;
		} else if (c == OPT_JSON && (allowed & TOOL_OPT_JSON)) {
			o->json = true;
		} else if (c == 'v' && (allowed & TOOL_OPT_VERBOSE)) {
			o->verbose = true;
		} else if (c == 'f' && (allowed & TOOL_OPT_FORCE)) {
			o->force = true;
		} else if (c == 'h') {
			help(stdout);
			return 0;
		} else {
			help(stderr);
			return 2;
		}
	}
	o->root = tool_root(o->root);
	return -1;
}

char *tool_join_args(int argc, char *argv[], int from)
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

const char *tool_insmod_strerror(int error)
{
	switch (error) {
	case ENOENT:
		return "Unknown symbol in module, or unknown parameter";
	case ENOEXEC:
		return "Invalid module format";
	case EEXIST:
		return "Module already loaded";
	default:
		return strerror(error);
	}
}

const char *tool_root(const char *opt)
{
	const char *env;

	if (opt && *opt)
		return opt;
	env = getenv("LDM_ROOT");
	return env && *env ? env : TOOL_DEFAULT_ROOT;
}

/*
 * The length of the well-formed UTF-8 sequence at @s (at most @left bytes),
 * or 0 if the byte at @s does not start one: RFC 3629's table, so no
 * overlong form, no surrogate, nothing above U+10FFFF.
 */
static size_t utf8_sequence(const unsigned char *s, size_t left)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > left)
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

/**
 * tool_json_stringn - @len bytes of @s as a JSON string, quotes included:
 * the one writer of JSON strings of ldm
 * @out: where to
 * @s: the bytes (a NUL among them is written as \u0000)
 * @len: how many
 *
 * '"' and '\\' are escaped, newline and TAB as \n and \t, other control
 * characters as \u00XX. Well-formed UTF-8 is copied; each byte that is not
 * part of a well-formed sequence (a module name or license in Latin-1, a
 * truncated sequence) becomes U+FFFD, the replacement character, so that
 * what is written is always valid JSON (RFC 8259 wants UTF-8).
 */
void tool_json_stringn(FILE *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	size_t n;

	fputc('"', out);
	for (; p < end; p += n ? n : 1) {
		n = utf8_sequence(p, (size_t)(end - p));
		if (!n)
			fputs("\xef\xbf\xbd", out); /* U+FFFD */
		else if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20)
			fprintf(out, "\\u%04x", *p);
		else
			fwrite(p, 1, n, out);
	}
	fputc('"', out);
}

/** tool_json_string - @s as a JSON string, quotes included (tool_json_stringn()) */
void tool_json_string(FILE *out, const char *s)
{
	tool_json_stringn(out, s, strlen(s));
}

/* One line of /proc/modules, split. */
struct lsmod_line {
	char name[64], users[512], state[16], addr[32], taint[16];
	unsigned long size;
	unsigned int refs;
};

static bool parse_lsmod_line(const char *line, struct lsmod_line *m)
{
	m->taint[0] = '\0';
	if (sscanf(line, "%63s %lu %u %511s %15s %31s %15s", m->name, &m->size, &m->refs, m->users,
		   m->state, m->addr, m->taint) < 6)
		return false;
	if (!strcmp(m->users, "-"))
		m->users[0] = '\0';
	else if (m->users[0] && m->users[strlen(m->users) - 1] == ',')
		m->users[strlen(m->users) - 1] = '\0';
	/* "(P)" -> "P" */
	if (m->taint[0] == '(') {
		memmove(m->taint, m->taint + 1, strlen(m->taint));
		m->taint[strcspn(m->taint, ")")] = '\0';
	}
	return true;
}

static void print_lsmod_json(const struct lsmod_line *m, bool first)
{
	char users[512], *u, *save = NULL;
	bool first_user = true;

	printf("%s{\"name\":", first ? "" : ",");
	tool_json_string(stdout, m->name);
	printf(",\"size\":%lu,\"refcount\":%u,\"used_by\":[", m->size, m->refs);
	snprintf(users, sizeof(users), "%s", m->users);
	for (u = strtok_r(users, ",", &save); u; u = strtok_r(NULL, ",", &save)) {
		printf("%s", first_user ? "" : ",");
		tool_json_string(stdout, u);
		first_user = false;
	}
	printf("],\"state\":");
	tool_json_string(stdout, m->state);
	printf(",\"taint\":");
	tool_json_string(stdout, m->taint);
	printf("}");
}

void tool_print_lsmod(const char *list, bool json)
{
	char *copy = strdup(list ? list : ""), *line, *save = NULL;
	struct lsmod_line m;
	bool first = true;

	if (!copy)
		return;
	if (json)
		printf("[");
	else
		printf("%-19s %8s  %s\n", "Module", "Size", "Used by");
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!parse_lsmod_line(line, &m))
			continue;
		if (json)
			print_lsmod_json(&m, first);
		else /* as kmod's lsmod, and the taint after */
			printf("%-19s %8lu  %u%s%s%s%s%s\n", m.name, m.size, m.refs,
			       *m.users ? " " : "", m.users, *m.taint ? " (" : "", m.taint,
			       *m.taint ? ")" : "");
		first = false;
	}
	if (json)
		printf("]\n");
	free(copy);
}

void tool_print_log(FILE *out, const char *log, int below)
{
	unsigned long long seq, usec;
	const char *line, *text, *nl;
	unsigned int level;

	for (line = log; line && *line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		text = strchr(line, ';');
		if (!text || (nl && text > nl) ||
		    sscanf(line, "%u,%llu,%llu,", &level, &seq, &usec) != 3)
			continue;
		if ((int)level >= below)
			continue;
		fprintf(out, "[%5llu.%06llu] %.*s\n", usec / 1000000, usec % 1000000,
			(int)(nl ? nl - text - 1 : (long)strlen(text + 1)), text + 1);
	}
}
