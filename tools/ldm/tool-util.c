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

	if (ldm_modfile_open(path, &mf)) {
		fprintf(stderr, "ldm %s: %s: %s\n", verb, path, ldm_modfile_why());
		return NULL;
	}
	return mf;
}

/* The options every verb may take; their ids are below TOOL_OPT_FIRST_ID. */
enum { OPT_ROOT = 0x100, OPT_JSON };

static const struct option common_opts[] = {
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "verbose", no_argument, NULL, 'v' },
	{ "force", no_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
};

#define NCOMMON	  (sizeof(common_opts) / sizeof(common_opts[0]))
#define EXTRA_VAL 0x1000 /* getopt's value of the verb's option i: EXTRA_VAL + i */

static size_t count_extra(const struct tool_option *extra)
{
	size_t n = 0;

	while (extra && (extra[n].name || extra[n].short_name))
		n++;
	return n;
}

static bool extra_has_long(const struct tool_option *extra, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (extra[i].name && !strcmp(extra[i].name, name))
			return true;
	return false;
}

static bool extra_has_short(const struct tool_option *extra, size_t n, char c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (extra[i].short_name == c)
			return true;
	return false;
}

/*
 * getopt_long()'s tables: the verb's options, then the common ones it does
 * not name itself (so that an abbreviation stays unambiguous); a short
 * name the verb claims is the verb's.
 */
static struct option *build_tables(const struct tool_parse *p, size_t n, char *shorts)
{
	struct option *opts = calloc(n + NCOMMON + 1, sizeof(*opts));
	size_t i, k = 0, s = 0;

	if (!opts)
		return NULL;
	if (p->allowed & TOOL_OPT_OPERANDS)
		shorts[s++] = '-';
	else if (!(p->allowed & TOOL_OPT_PERMUTE))
		shorts[s++] = '+';
	for (i = 0; i < n; i++) {
		const struct tool_option *e = &p->extra[i];
		int val = e->short_name ? e->short_name : EXTRA_VAL + (int)i;

		if (e->name)
			opts[k++] = (struct option){ e->name,
						     e->has_arg ? required_argument : no_argument,
						     NULL, val };
		if (e->short_name) {
			shorts[s++] = e->short_name;
			if (e->has_arg)
				shorts[s++] = ':';
		}
	}
	for (i = 0; i < NCOMMON; i++)
		if ((common_opts[i].val != OPT_ROOT || !(p->allowed & TOOL_OPT_NO_ROOT)) &&
		    !extra_has_long(p->extra, n, common_opts[i].name))
			opts[k++] = common_opts[i];
	if (!(p->allowed & TOOL_OPT_NO_ROOT) && !extra_has_short(p->extra, n, 'r'))
		s += (size_t)sprintf(shorts + s, "r:");
	if (!extra_has_short(p->extra, n, 'h'))
		shorts[s++] = 'h';
	if ((p->allowed & TOOL_OPT_VERBOSE) && !extra_has_short(p->extra, n, 'v'))
		shorts[s++] = 'v';
	if ((p->allowed & TOOL_OPT_FORCE) && !extra_has_short(p->extra, n, 'f'))
		shorts[s++] = 'f';
	shorts[s] = '\0';
	return opts;
}

/* The verb's option getopt returned as @c, or NULL. */
static const struct tool_option *extra_of(const struct tool_option *extra, size_t n, int c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (c == (extra[i].short_name ? extra[i].short_name : EXTRA_VAL + (int)i))
			return &extra[i];
	return NULL;
}

/* A common option: -1 to go on, else the exit status. */
static int common_option(const struct tool_parse *p, int c, struct tool_opts *o)
{
	if ((c == OPT_ROOT || c == 'r') && !(p->allowed & TOOL_OPT_NO_ROOT)) {
		o->root = optarg;
	} else if (c == OPT_JSON && (p->allowed & TOOL_OPT_JSON)) {
		o->json = true;
	} else if (c == 'v' && (p->allowed & TOOL_OPT_VERBOSE)) {
		o->verbose = true;
	} else if (c == 'f' && (p->allowed & TOOL_OPT_FORCE)) {
		o->force = true;
	} else if (c == 'h') {
		p->help(stdout);
		return 0;
	} else {
		p->help(stderr);
		return 2;
	}
	return -1;
}

/**
 * tool_parse_options_ext - the options of a verb, parsed alike for every
 * verb (as git's parse-options): the common ones (-r/--root DIR, -h/--help,
 * and of --json, -v, -f those allowed) and the verb's own
 * @argc: the verb's arguments
 * @argv: the verb's arguments
 * @p: what the verb takes: p->allowed (TOOL_OPT_*), p->extra (its own
 *     options, ending with a zeroed one; NULL for none), p->fn (called
 *     with each own option's id and argument, and with TOOL_OPERAND and
 *     each operand under TOOL_OPT_OPERANDS; returns 0 to go on, else the
 *     exit status to stop with), p->data (for p->fn), p->help
 * @o: filled in; o->root never NULL (unless TOOL_OPT_NO_ROOT)
 *
 * Parsing stops at the first operand (optind), unless TOOL_OPT_PERMUTE
 * (getopt's permuting: options after operands too) or TOOL_OPT_OPERANDS
 * (every operand handed to p->fn in order, those after "--" too).
 * Return: -1 to go on, or the exit status: 0 after --help, 2 after a bad
 * option (the help on stderr), or what p->fn returned.
 */
int tool_parse_options_ext(int argc, char *argv[], const struct tool_parse *p, struct tool_opts *o)
{
	size_t n = count_extra(p->extra);
	char *shorts = malloc(3 * n + 16);
	struct option *opts = shorts ? build_tables(p, n, shorts) : NULL;
	const struct tool_option *e;
	int c, status = -1;

	memset(o, 0, sizeof(*o));
	if (!opts) {
		free(shorts);
		fprintf(stderr, "ldm: out of memory\n");
		return 2;
	}
	while (status < 0 && (c = getopt_long(argc, argv, shorts, opts, NULL)) != -1) {
		e = c == 1 ? NULL : extra_of(p->extra, n, c);
		if (c == 1)
			status = p->fn(TOOL_OPERAND, optarg, p->data) ?: -1;
		else if (e)
			status = p->fn(e->id, e->has_arg ? optarg : NULL, p->data) ?: -1;
		else
			status = common_option(p, c, o);
	}
	/* After "--", everything is an operand. */
	for (; status < 0 && (p->allowed & TOOL_OPT_OPERANDS) && optind < argc; optind++)
		status = p->fn(TOOL_OPERAND, argv[optind], p->data) ?: -1;
	free(opts);
	free(shorts);
	if (!(p->allowed & TOOL_OPT_NO_ROOT))
		o->root = tool_root(o->root);
	return status;
}

/**
 * tool_parse_options - the common options alone (tool_parse_options_ext()
 * with no option of the verb's own)
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
	const struct tool_parse p = { .allowed = allowed, .help = help };

	return tool_parse_options_ext(argc, argv, &p, o);
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
