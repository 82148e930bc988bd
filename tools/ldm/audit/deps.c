// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * deps.c - `ldm audit deps`: the modules.dep kmod's depmod writes for the
 * tree, byte for byte (kmod 30's rules: docs/audit.md), or with --dot the
 * module dependency graph in Graphviz DOT, each edge labelled with the
 * number of symbols it carries, modules that are not GPL-compatible and
 * edges with a violation marked.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool-grow.h"
#include "audit.h"

/* A module's direct dependencies, in the order of their first use. */
struct dep_node {
	uint32_t *deps;
	uint32_t *nsyms; /* symbols used of each */
	size_t ndeps, cap;
	uint32_t users;
	int rank; /* the topological index */
};

static int add_dep(struct dep_node *n, uint32_t dep)
{
	size_t i;

	for (i = 0; i < n->ndeps; i++) {
		if (n->deps[i] == dep) {
			n->nsyms[i]++;
			return 0;
		}
	}
	if (n->ndeps == n->cap) {
		/* Two arrays of one length: each grows from the same room to the same. */
		size_t dcap = n->cap, scap = n->cap;

		if (TOOL_GROW(n->deps, dcap, n->ndeps + 1, 4) ||
		    TOOL_GROW(n->nsyms, scap, n->ndeps + 1, 4))
			return -ENOMEM;
		n->cap = scap;
	}
	n->deps[n->ndeps] = dep;
	n->nsyms[n->ndeps++] = 1;
	return 1;
}

/* The module owning each import's symbol: a module export, never the base. */
static int build_graph(const struct audit *a, struct dep_node *g)
{
	size_t i, j;
	int added;

	for (i = 0; i < a->nmodules; i++) {
		const struct audit_module *m = &a->modules[i];

		for (j = 0; !m->failed && j < m->nimports; j++) {
			int owner = a->syms[m->imports[j].sym].owner;
			int mod = owner >= 0 ? a->exports[owner].module : -1;

			if (mod < 0)
				continue;
			added = add_dep(&g[i], (uint32_t)mod);
			if (added < 0)
				return added;
			g[mod].users += (uint32_t)added;
		}
	}
	return 0;
}

/*
 * depmod's topological order: a stack of the modules nobody uses, pushed
 * in the tree's order; each popped module takes the next index and frees
 * its dependencies in the order of their first use.
 */
static int rank_graph(const struct audit *a, struct dep_node *g)
{
	uint32_t *stack = malloc((a->nmodules + 1) * sizeof(*stack));
	uint32_t *left = malloc((a->nmodules + 1) * sizeof(*left));
	size_t top = 0, i, j;
	int next = 0;

	if (!stack || !left) {
		free(stack);
		free(left);
		return -ENOMEM;
	}
	for (i = 0; i < a->nmodules; i++) {
		left[i] = g[i].users;
		g[i].rank = -1;
		if (!left[i])
			stack[top++] = (uint32_t)i;
	}
	while (top) {
		struct dep_node *n = &g[stack[--top]];

		n->rank = next++;
		for (j = 0; j < n->ndeps; j++)
			if (!--left[n->deps[j]])
				stack[top++] = n->deps[j];
	}
	free(stack);
	free(left);
	return next == (int)a->nmodules ? 0 : -ELOOP;
}

static const char *dep_path(const struct audit *a, const struct audit_module *m)
{
	return a->treedir && m->relpath ? m->relpath : m->path;
}

static const struct dep_node *sort_graph;

static int by_rank(const void *x, const void *y)
{
	return sort_graph[*(const uint32_t *)x].rank - sort_graph[*(const uint32_t *)y].rank;
}

/* Every module @i needs, each once, users before what they use. */
static size_t closure(const struct dep_node *g, size_t i, uint32_t *out, unsigned char *seen,
		      uint32_t *todo)
{
	size_t n = 0, ntodo = 0, j, k;

	for (j = 0; j < g[i].ndeps; j++)
		todo[ntodo++] = g[i].deps[j];
	while (ntodo) {
		uint32_t d = todo[--ntodo];

		if (seen[d])
			continue;
		seen[d] = 1;
		out[n++] = d;
		for (k = 0; k < g[d].ndeps; k++)
			if (!seen[g[d].deps[k]])
				todo[ntodo++] = g[d].deps[k];
	}
	for (j = 0; j < n; j++)
		seen[out[j]] = 0;
	sort_graph = g;
	audit_sort(out, n, sizeof(*out), by_rank);
	return n;
}

static int print_modules_dep(const struct audit *a, const struct dep_node *g)
{
	size_t nedges = 0, i, j, n;
	uint32_t *out, *todo;
	unsigned char *seen;

	for (i = 0; i < a->nmodules; i++)
		nedges += g[i].ndeps;
	out = malloc((a->nmodules + 1) * sizeof(*out));
	todo = malloc((nedges + a->nmodules + 1) * sizeof(*todo));
	seen = calloc(a->nmodules + 1, 1);
	if (!out || !todo || !seen) {
		free(out);
		free(todo);
		free(seen);
		return -ENOMEM;
	}
	if (a->json)
		printf("[");
	for (i = 0; i < a->nmodules; i++) {
		n = closure(g, i, out, seen, todo);
		if (a->json) {
			printf("%s\n{\"module\":", i ? "," : "");
			tool_json_string(stdout, dep_path(a, &a->modules[i]));
			printf(",\"deps\":[");
		} else {
			printf("%s:", dep_path(a, &a->modules[i]));
		}
		for (j = 0; j < n; j++) {
			if (a->json) {
				printf("%s", j ? "," : "");
				tool_json_string(stdout, dep_path(a, &a->modules[out[j]]));
			} else {
				printf(" %s", dep_path(a, &a->modules[out[j]]));
			}
		}
		printf(a->json ? "]}" : "\n");
	}
	if (a->json)
		printf("%s]\n", a->nmodules ? "\n" : "");
	free(out);
	free(todo);
	free(seen);
	return 0;
}

/* Name the modules left in a cycle, as depmod refuses them. */
static void say_cycle(struct audit *a, const struct dep_node *g)
{
	size_t i;

	fprintf(stderr, "ldm audit deps: dependency cycle among:");
	for (i = 0; i < a->nmodules; i++)
		if (g[i].rank < 0)
			fprintf(stderr, " %s", a->modules[i].name);
	fputc('\n', stderr);
}

/* Whether an edge carries a violation: its user's use of its provider. */
static bool edge_violates(const struct audit *a, const struct audit_violation *v, size_t nv,
			  size_t from, const char *provider)
{
	size_t i;

	for (i = 0; i < nv; i++)
		if (v[i].module == from && v[i].export >= 0 &&
		    !strcmp(a->exports[v[i].export].provider, provider))
			return true;
	return false;
}

/* The lines of the graph, sorted so that the same tree always draws alike. */
struct dot_lines {
	char **v;
	size_t n, cap;
};

static int dot_line(struct dot_lines *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int dot_line(struct dot_lines *l, const char *fmt, ...)
{
	va_list args;
	char *s;
	int n;

	va_start(args, fmt);
	n = vasprintf(&s, fmt, args);
	va_end(args);
	if (n < 0)
		return -ENOMEM;
	if (TOOL_GROW(l->v, l->cap, l->n + 1, 64)) {
		free(s);
		return -ENOMEM;
	}
	l->v[l->n++] = s;
	return 0;
}

static int by_string(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Violating symbols of module @from bound to the base: one edge, counted. */
static unsigned int base_violations(const struct audit *a, const struct audit_violation *v,
				    size_t nv, size_t from)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < nv; i++)
		n += v[i].module == from && v[i].export >= 0 &&
		     a->exports[v[i].export].module < 0 &&
		     (!i || v[i - 1].module != v[i].module || v[i - 1].import != v[i].import);
	return n;
}

static int dot_modules(struct audit *a, const struct dep_node *g, const struct audit_violation *v,
		       size_t nv, struct dot_lines *l)
{
	size_t i, j;
	unsigned int nbase;
	int error = 0;

	for (i = 0; i < a->nmodules && !error; i++) {
		const struct audit_module *m = &a->modules[i];

		if (!m->failed && !m->gpl_compatible)
			error = dot_line(l, "\"%s\" [color=red, fontcolor=red, label=\"%s\\n%s\"];",
					 m->name, m->name, audit_license(m));
		for (j = 0; j < g[i].ndeps && !error; j++) {
			const char *to = a->modules[g[i].deps[j]].name;

			error = dot_line(
				l, "\"%s\" -> \"%s\" [label=\"%u\"%s];", m->name, to, g[i].nsyms[j],
				edge_violates(a, v, nv, i, to) ? ", color=red, style=bold" : "");
		}
		/* Edges to the base would carry every module: only violating ones show. */
		nbase = base_violations(a, v, nv, i);
		if (nbase && !error)
			error = dot_line(l,
					 "\"%s\" -> \"%s\" [label=\"%u\", color=red, style=bold];",
					 m->name, a->base_name, nbase);
	}
	return error;
}

static int print_dot(struct audit *a, const struct dep_node *g)
{
	struct audit_violation *v = NULL;
	struct dot_lines l = { 0 };
	size_t nv = 0, i;
	int error = audit_violations(a, &v, &nv);

	if (!error)
		error = dot_modules(a, g, v, nv, &l);
	if (!error) {
		audit_sort(l.v, l.n, sizeof(*l.v), by_string);
		printf("digraph modules {\n\tnode [shape=box];\n");
		for (i = 0; i < l.n; i++)
			printf("\t%s\n", l.v[i]);
		printf("}\n");
	}
	for (i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	free(v);
	return error;
}

/**
 * audit_deps - print the tree's modules.dep, or its graph with --dot
 * @a: the audit
 * @argc: no arguments are taken
 * @argv: none
 *
 * Return: as every question: 1 when it printed a module's line (a tree with
 * modules), 0 for a tree without any; 2 after an error or for a dependency
 * cycle (as depmod).
 */
int audit_deps(struct audit *a, int argc, char **argv)
{
	struct dep_node *g;
	size_t i;
	int error;

	(void)argv;
	if (argc) {
		fprintf(stderr, "ldm audit deps: takes no arguments\n");
		return AUDIT_ERROR;
	}
	if (a->dot && a->json) {
		fprintf(stderr, "ldm audit deps: --dot or --json, not both\n");
		return AUDIT_ERROR;
	}
	/* modules.dep needs no base; the graph marks violations against it. */
	error = audit_prepare(a, false);
	if (error)
		return error;
	g = calloc(a->nmodules + 1, sizeof(*g));
	error = g ? build_graph(a, g) : -ENOMEM;
	if (!error)
		error = rank_graph(a, g);
	if (error == -ELOOP)
		say_cycle(a, g);
	else if (!error)
		error = a->dot ? print_dot(a, g) : print_modules_dep(a, g);
	for (i = 0; g && i < a->nmodules; i++) {
		free(g[i].deps);
		free(g[i].nsyms);
	}
	free(g);
	if (error == -ENOMEM)
		fprintf(stderr, "ldm audit: out of memory\n");
	return error ? AUDIT_ERROR : audit_status(a, a->nmodules - a->nfailed);
}
