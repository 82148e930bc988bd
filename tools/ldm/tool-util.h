/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tool-util.h - small helpers the verbs of ldm share.
 */
#ifndef _LDM_TOOL_UTIL_H
#define _LDM_TOOL_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct ldm_modfile;

struct ldm_modfile *tool_open_module(const char *verb, const char *path);

/* Log lines a verb shows without -v: KERN_WARNING and worse. */
#define TOOL_LOG_QUIET_BELOW 5

/* The options every verb that talks to ldmd may take. */
struct tool_opts {
	const char *root; /* --root DIR, else $LDM_ROOT, else /run/ldm */
	bool json;	  /* --json */
	bool verbose;	  /* -v, --verbose */
	bool force;	  /* -f, --force */
};

#define TOOL_OPT_JSON	  0x1
#define TOOL_OPT_VERBOSE  0x2
#define TOOL_OPT_FORCE	  0x4
#define TOOL_OPT_NO_ROOT  0x8  /* the verb talks to no ldmd: no -r/--root */
#define TOOL_OPT_PERMUTE  0x10 /* options after operands too (getopt's default) */
#define TOOL_OPT_OPERANDS 0x20 /* each operand to the verb's callback, in order */

/* An option of the verb's own, beyond the common ones. */
struct tool_option {
	const char *name; /* --NAME, or NULL */
	char short_name;  /* -C, or 0 */
	bool has_arg;	  /* takes an argument */
	int id;		  /* what the verb's callback is given: > 0 */
};

#define TOOL_OPERAND 0 /* the id an operand is given under TOOL_OPT_OPERANDS */

struct tool_parse {
	unsigned int allowed;		 /* TOOL_OPT_* */
	const struct tool_option *extra; /* the verb's own, ending with a zeroed one */
	/* each own option (arg NULL if it takes none): 0 to go on, else the exit status */
	int (*fn)(int id, const char *arg, void *data);
	void *data;
	void (*help)(FILE *out);
};

/*
 * The one option parser of the verbs (getopt_long is called nowhere
 * else in tools/ldm/, scripts/lint checks): -1 to go on, else the exit
 * status. tool_parse_options() takes the common options alone.
 */
int tool_parse_options_ext(int argc, char *argv[], const struct tool_parse *p, struct tool_opts *o);
int tool_parse_options(int argc, char *argv[], unsigned int allowed, void (*help)(FILE *),
		       struct tool_opts *o);

/*
 * Why a module the loader read was not loaded (@error positive), in kmod's
 * words where strerror() says too little: ENOENT is an unknown symbol.
 */
const char *tool_insmod_strerror(int error);

/*
 * argv[from..] joined with spaces, in a string to free(): a module's
 * parameters as init_module() takes them. NULL if out of memory.
 */
char *tool_join_args(int argc, char *argv[], int from);

/* Where ldmd serves when none is named (as ldmd's own default). */
#define TOOL_DEFAULT_ROOT "/run/ldm"

/*
 * The root of the ldmd a verb talks to: @opt (its --root), else $LDM_ROOT,
 * else TOOL_DEFAULT_ROOT. Never NULL.
 */
const char *tool_root(const char *opt);

/*
 * @s (or @len bytes of it) as a JSON string, quotes included: the one
 * writer of JSON strings of every verb. Invalid UTF-8 becomes U+FFFD.
 */
void tool_json_string(FILE *out, const char *s);
void tool_json_stringn(FILE *out, const char *s, size_t len);

/*
 * Print a /proc/modules listing as lsmod does, or as a JSON array of
 * {"name","size","refcount","used_by":[...],"state","taint"}.
 */
void tool_print_lsmod(const char *list, bool json);

/*
 * Print kernel log lines ("LEVEL,SEQ,USEC,-;TEXT", as ldm_dmesg() makes
 * them) of a level below @below to @out as dmesg does: "[  s.micro] TEXT".
 */
void tool_print_log(FILE *out, const char *log, int below);

#endif /* _LDM_TOOL_UTIL_H */
