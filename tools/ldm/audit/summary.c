// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * summary.c - `ldm audit summary`, the default question: the counts of a
 * tree at a glance - modules and their licenses, exports by type and
 * provider, imports, unused exports, violations by reason.
 */
#include <stdlib.h>
#include <string.h>

#include "audit.h"

struct counts {
	size_t modules, gpl_modules, exporting;
	size_t base, base_gpl, base_ns, base_restricted;
	size_t mod, mod_gpl, mod_ns, mod_restricted;
	size_t imports, imported, unresolved;
	size_t unused_base, unused_mod;
	size_t violations, by_reason[NR_REASONS];
};

/*
 * Restricted exports (EXPORT_SYMBOL_FOR_MODULES, namespace "module:...")
 * are counted apart: not among the EXPORT_SYMBOL_GPL nor the namespaced
 * ones, so that plain, GPL-only, restricted add up to the whole.
 */
static void count_exports(const struct audit *a, struct counts *c)
{
	size_t i;

	for (i = 0; i < a->nexports; i++) {
		const struct audit_export *e = &a->exports[i];
		bool unused = !a->syms[e->sym].nusers;
		bool restricted = !strncmp(e->ns, "module:", 7);

		if (e->standin)
			continue; /* a module the tree lacks: not the base's */
		if (e->module < 0) {
			c->base++;
			c->base_gpl += e->gpl && !restricted;
			c->base_ns += *e->ns && !restricted;
			c->base_restricted += restricted;
			c->unused_base += unused;
		} else {
			c->mod++;
			c->mod_gpl += e->gpl && !restricted;
			c->mod_ns += *e->ns && !restricted;
			c->mod_restricted += restricted;
			c->unused_mod += unused;
		}
	}
}

static void count_modules(const struct audit *a, struct counts *c)
{
	size_t i, j;

	for (i = 0; i < a->nmodules; i++) {
		const struct audit_module *m = &a->modules[i];

		if (m->failed)
			continue;
		c->modules++;
		c->gpl_modules += m->gpl_compatible;
		c->exporting += m->nexports != 0;
		c->imports += m->nimports;
		for (j = 0; j < m->nimports; j++)
			c->unresolved += a->syms[m->imports[j].sym].owner < 0 &&
					 !m->imports[j].weak;
	}
	for (i = 0; i < a->nsyms; i++)
		c->imported += a->syms[i].nusers != 0;
}

static void print_text(const struct audit *a, const struct counts *c)
{
	const char *tree = a->treedir ? a->treedir : a->ntrees == 1 ? a->trees[0] : "the trees";

	printf("%-12s%s: %zu modules (%zu GPL-compatible, %zu not), %zu unreadable\n", "tree", tree,
	       c->modules, c->gpl_modules, c->modules - c->gpl_modules, a->nfailed);
	if (a->base_kind != BASE_NONE)
		printf("%-12s%s, from %s: %zu exports (%zu EXPORT_SYMBOL, %zu EXPORT_SYMBOL_GPL, "
		       "%zu in a namespace, %zu restricted to named modules)\n",
		       "base", a->base_name, a->base_source, c->base,
		       c->base - c->base_gpl - c->base_restricted, c->base_gpl, c->base_ns,
		       c->base_restricted);
	else
		printf("%-12snone (no Module.symvers found: --symvers FILE)\n", "base");
	printf("%-12s%zu of %zu modules (%zu EXPORT_SYMBOL, %zu EXPORT_SYMBOL_GPL, %zu in a "
	       "namespace, %zu restricted to named modules)\n",
	       "exports", c->mod, c->exporting, c->mod - c->mod_gpl - c->mod_restricted, c->mod_gpl,
	       c->mod_ns, c->mod_restricted);
	printf("%-12s%zu, of %zu symbols (%zu unresolved)\n", "imports", c->imports, c->imported,
	       c->unresolved);
	printf("%-12s%zu exports no module imports (%zu of %s, %zu of modules)\n", "unused",
	       c->unused_base + c->unused_mod, c->unused_base,
	       a->base_name ? a->base_name : "the base", c->unused_mod);
	printf("%-12s%zu (%zu gpl-only, %zu namespace, %zu restricted, %zu unresolved, %zu "
	       "proprietary)\n",
	       "violations", c->violations, c->by_reason[REASON_GPL_ONLY],
	       c->by_reason[REASON_NAMESPACE], c->by_reason[REASON_RESTRICTED],
	       c->by_reason[REASON_UNRESOLVED], c->by_reason[REASON_PROPRIETARY]);
}

static void json_key(const char *key, bool first)
{
	printf("%s\"%s\":", first ? "" : ",", key);
}

static void print_json(const struct audit *a, const struct counts *c)
{
	size_t r;

	printf("{\"tree\":");
	tool_json_string(stdout, a->treedir ? a->treedir : a->ntrees ? a->trees[0] : "");
	printf(",\"modules\":{\"read\":%zu,\"gpl_compatible\":%zu,\"unreadable\":%zu}", c->modules,
	       c->gpl_modules, a->nfailed);
	printf(",\"base\":{\"provider\":");
	tool_json_string(stdout, a->base_name ? a->base_name : "");
	printf(",\"source\":");
	tool_json_string(stdout, a->base_source ? a->base_source : "");
	printf(",\"exports\":%zu,\"EXPORT_SYMBOL\":%zu,\"EXPORT_SYMBOL_GPL\":%zu,"
	       "\"namespaced\":%zu,\"restricted\":%zu}",
	       c->base, c->base - c->base_gpl - c->base_restricted, c->base_gpl, c->base_ns,
	       c->base_restricted);
	printf(",\"exports\":{\"modules\":%zu,\"exports\":%zu,\"EXPORT_SYMBOL\":%zu,"
	       "\"EXPORT_SYMBOL_GPL\":%zu,\"namespaced\":%zu,\"restricted\":%zu}",
	       c->exporting, c->mod, c->mod - c->mod_gpl - c->mod_restricted, c->mod_gpl, c->mod_ns,
	       c->mod_restricted);
	printf(",\"imports\":{\"imports\":%zu,\"symbols\":%zu,\"unresolved\":%zu}", c->imports,
	       c->imported, c->unresolved);
	printf(",\"unused\":{\"base\":%zu,\"modules\":%zu}", c->unused_base, c->unused_mod);
	printf(",\"violations\":{");
	for (r = 0; r < NR_REASONS; r++) {
		json_key(audit_reason_names[r], !r);
		printf("%zu", c->by_reason[r]);
	}
	printf("}}\n");
}

/**
 * audit_summary - print the counts of the tree
 * @a: the audit
 * @argc: no arguments are taken
 * @argv: none
 *
 * Return: 1 if there are violations, else 0; 2 after an error.
 */
int audit_summary(struct audit *a, int argc, char **argv)
{
	struct audit_violation *v = NULL;
	struct counts c = { 0 };
	size_t n = 0, i;
	int error;

	(void)argv;
	if (argc) {
		fprintf(stderr, "ldm audit summary: takes no arguments\n");
		return AUDIT_ERROR;
	}
	error = audit_prepare(a, true);
	if (error)
		return error;
	if (audit_violations(a, &v, &n)) {
		fprintf(stderr, "ldm audit: out of memory\n");
		return AUDIT_ERROR;
	}
	count_exports(a, &c);
	count_modules(a, &c);
	c.violations = n;
	for (i = 0; i < n; i++)
		c.by_reason[v[i].reason]++;
	free(v);
	if (a->json)
		print_json(a, &c);
	else
		print_text(a, &c);
	return audit_status(a, n);
}
