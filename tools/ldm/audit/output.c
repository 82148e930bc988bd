// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * output.c - what `ldm audit` prints: records of a few columns, sorted by
 * strcmp of the columns in order and printed one a line, TAB-separated, or
 * as a JSON array of objects; and the arena its strings live in.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool-grow.h"
#include "audit.h"

struct arena_chunk {
	struct arena_chunk *next;
	char data[];
};

#define ARENA_CHUNK (1UL << 20)

/**
 * arena_alloc - memory that lives until arena_free(), 8-byte aligned
 * @a: the arena
 * @size: bytes wanted
 *
 * Return: the memory, or NULL.
 */
void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c;
	size_t want = (size + 7) & ~(size_t)7;
	void *p;

	if (want > a->left) {
		size_t csize = want > ARENA_CHUNK / 4 ? want : ARENA_CHUNK;

		c = malloc(sizeof(*c) + csize);
		if (!c)
			return NULL;
		c->next = a->chunks;
		a->chunks = c;
		/* A big one gets a chunk of its own; the current one goes on. */
		if (csize != ARENA_CHUNK)
			return c->data;
		a->next = c->data;
		a->left = csize;
	}
	p = a->next;
	a->next += want;
	a->left -= want;
	return p;
}

/** arena_strndup - a copy of @len bytes of @s, NUL-terminated, in @a */
char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *p = arena_alloc(a, len + 1);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/** arena_strdup - a copy of @s in @a */
char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

/** arena_adopt - move what @from holds into @into, which frees it */
void arena_adopt(struct arena *into, struct arena *from)
{
	struct arena_chunk **tail = &from->chunks;

	while (*tail)
		tail = &(*tail)->next;
	*tail = into->chunks;
	into->chunks = from->chunks;
	memset(from, 0, sizeof(*from));
}

/** arena_free - free everything of @a */
void arena_free(struct arena *a)
{
	struct arena_chunk *c, *n;

	for (c = a->chunks; c; c = n) {
		n = c->next;
		free(c);
	}
	memset(a, 0, sizeof(*a));
}

/**
 * records_add - add a record
 * @rs: the set; its keys and ncols set
 * @cols: @rs->ncols strings, kept by pointer
 *
 * Return: 0 or -ENOMEM.
 */
int records_add(struct record_set *rs, const char *const *cols)
{
	/* A record is a row of ncols cells: the array grows by rows. */
	if (tool_grow(&rs->cells, &rs->cap, rs->nrec + 1, rs->ncols * sizeof(*rs->cells), 256))
		return -ENOMEM;
	memcpy(&rs->cells[rs->nrec * rs->ncols], cols, rs->ncols * sizeof(*cols));
	rs->nrec++;
	return 0;
}

static size_t sort_ncols;

static int by_columns(const void *x, const void *y)
{
	const char *const *a = x, *const *b = y;
	size_t i;
	int c;

	for (i = 0; i < sort_ncols; i++) {
		c = strcmp(a[i], b[i]);
		if (c)
			return c;
	}
	return 0;
}

/* Records are one line each: a TAB or newline inside a cell would lie. */
static void put_cell(const char *s)
{
	for (; *s; s++)
		putchar(*s == '\t' || *s == '\n' ? ' ' : *s);
}

/**
 * records_print - sort the records (strcmp of each column in turn, equal
 * ones once) and print them: one a line, TAB-separated, or one JSON array
 * @rs: the set
 * @json: JSON rather than lines
 *
 * Return: how many were printed.
 */
int records_print(struct record_set *rs, bool json)
{
	size_t i, j, printed = 0;
	const char **prev = NULL;

	sort_ncols = rs->ncols;
	audit_sort(rs->cells, rs->nrec, rs->ncols * sizeof(*rs->cells), by_columns);
	if (json)
		printf("[");
	for (i = 0; i < rs->nrec; i++) {
		const char **r = &rs->cells[i * rs->ncols];

		if (prev && !by_columns(prev, r))
			continue;
		prev = r;
		if (json)
			printf("%s{", printed ? ",\n" : "\n");
		for (j = 0; j < rs->ncols; j++) {
			if (!json) {
				put_cell(r[j]);
				putchar(j + 1 < rs->ncols ? '\t' : '\n');
				continue;
			}
			printf("%s\"%s\":", j ? "," : "", rs->keys[j]);
			if (rs->numeric & (1U << j))
				fputs(r[j], stdout);
			else
				tool_json_string(stdout, r[j]);
		}
		if (json)
			printf("}");
		printed++;
	}
	if (json)
		printf("%s]\n", printed ? "\n" : "");
	return (int)printed;
}

/** records_free - free the records of @rs (not the strings) */
void records_free(struct record_set *rs)
{
	free(rs->cells);
	rs->cells = NULL;
	rs->nrec = rs->cap = 0;
}

/**
 * audit_status - the exit status of a question
 * @a: the audit
 * @n: how many records it printed
 *
 * Return: AUDIT_ERROR if anything was skipped (as grep, after printing all
 * it could), else AUDIT_FOUND or AUDIT_NOTHING.
 */
int audit_status(const struct audit *a, size_t n)
{
	if (a->error)
		return AUDIT_ERROR;
	return n ? AUDIT_FOUND : AUDIT_NOTHING;
}
