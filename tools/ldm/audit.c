// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audit.c - `ldm audit [QUESTION] [ARGS]`: the exports of a module tree,
 * who uses them and who would break, read from the module files alone
 * (docs/audit.md). This file parses the options and asks the question; the
 * questions are in audit/.
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <libldm/module.h>

#include "audit/audit.h"
#include "ldm.h"

static const struct audit_verb questions[] = {
	{ "summary", audit_summary }, { "users", audit_users },
	{ "imports", audit_imports }, { "exports", audit_exports },
	{ "unused", audit_unused },   { "violations", audit_violations_verb },
	{ "what-if", audit_what_if }, { "diff", audit_diff },
	{ "deps", audit_deps },
};

static void help(FILE *out)
{
	fprintf(out,
		"Usage: ldm audit [OPTIONS] [QUESTION [ARGS...]]\n\n"
		"Answer questions about the exports of a module tree from the module files\n"
		"alone: who uses each export, which are unused, what the loader would refuse,\n"
		"and what would break if exports changed. Modules are every .ko, .ko.gz,\n"
		".ko.xz and .ko.zst under the tree (compressed ones read with zlib, liblzma,\n"
		"libzstd); they are checked against the exports of vmlinux (Module.symvers)\n"
		"or of ldm's runtime (--runtime).\n\n"
		"Questions (output: one record a line, TAB-separated, sorted):\n"
		"  summary              counts of modules, exports, imports, unused, violations\n"
		"                       (the default)\n"
		"  users SYMBOL...      SYMBOL MODULE LICENSE: each module importing SYMBOL\n"
		"  imports MODULE...    MODULE SYMBOL PROVIDER EXPORT_TYPE\n"
		"  exports MODULE...    MODULE SYMBOL EXPORT_TYPE USERS (MODULE may be vmlinux\n"
		"                       or ldm, for the base)\n"
		"  unused               SYMBOL EXPORT_TYPE PROVIDER: exports no module imports\n"
		"  violations           MODULE LICENSE SYMBOL REASON PROVIDER: what the loader\n"
		"                       would refuse; REASON gpl-only, namespace, restricted,\n"
		"                       unresolved or proprietary\n"
		"  what-if --gpl-only SYMBOL... | --unexport SYMBOL... | --patch FILE... |\n"
		"          --policy POLICY\n"
		"                       the violations that would appear, as violations prints\n"
		"                       them; a patch's EXPORT_SYMBOL* lines are read as the\n"
		"                       change they make; --policy after what-if: the seed\n"
		"                       patch's 103 exports as POLICY has them (ldm's own list)\n"
		"  diff OLD NEW         CHANGE SYMBOL OLD NEW between two trees or two\n"
		"                       Module.symvers: added, removed, gpl-only, plain,\n"
		"                       namespace, provider; with --tree, break SYMBOL MODULE\n"
		"                       REASON for each module of the tree that NEW would break;\n"
		"                       a tree side's Module.symvers: --old-symvers FILE,\n"
		"                       --new-symvers FILE, or the side as TREE:FILE\n"
		"  deps [--dot]         the modules.dep depmod writes for the tree; --dot: the\n"
		"                       dependency graph in Graphviz DOT\n\n"
		"Options:\n"
		"  -t, --tree DIR|FILE  the modules (repeatable); default /lib/modules/$(uname -r),\n"
		"                       whose modules.order is followed\n"
		"  -s, --symvers FILE   the base exports; default the tree's\n"
		"                       build/Module.symvers, else\n"
		"                       /usr/src/linux-headers-KVER/Module.symvers\n"
		"  --runtime            the base is ldm's runtime, for a tree of ldm modules\n"
		"  --policy POLICY      its export policy: seed, 2.6.10 or 2.6.9 (implies\n"
		"                       --runtime)\n"
		"  --json               one JSON document of the same records\n"
		"  -j, --jobs N         threads reading modules (default: one per core)\n"
		"  -h, --help           show this text\n\n"
		"Exit status: 0 when a question finds nothing, 1 when it reports something\n"
		"(summary: when there are violations), 2 on an error; a module that cannot be\n"
		"read is named with the reason, left out, and makes the status 2.\n");
}

enum {
	OPT_RUNTIME = 0x100,
	OPT_POLICY,
	OPT_JSON,
	OPT_GPL_ONLY,
	OPT_UNEXPORT,
	OPT_PATCH,
	OPT_DOT,
	OPT_OLD_SYMVERS,
	OPT_NEW_SYMVERS,
};

/* The operands after --gpl-only, --unexport or --patch go to its list. */
struct parsed {
	const char **operands;
	int noperands;
	int list; /* OPT_GPL_ONLY, OPT_UNEXPORT, OPT_PATCH, or 0 */
};

static int add_to(const char ***v, size_t *n, const char *s)
{
	const char **p = realloc(*v, (*n + 1) * sizeof(*p));

	if (!p)
		return -1;
	p[(*n)++] = s;
	*v = p;
	return 0;
}

static int to_list(struct audit *a, int list, const char *arg)
{
	switch (list) {
	case OPT_GPL_ONLY:
		return add_to(&a->gpl_only, &a->ngpl_only, arg);
	case OPT_UNEXPORT:
		return add_to(&a->unexport, &a->nunexport, arg);
	default:
		return add_to(&a->patches, &a->npatches, arg);
	}
}

static int take_operand(struct audit *a, struct parsed *p, const char *arg)
{
	size_t n = (size_t)p->noperands;

	if (p->list && p->noperands)
		return to_list(a, p->list, arg);
	if (add_to(&p->operands, &n, arg))
		return -1;
	p->noperands = (int)n;
	return 0;
}

struct parse_ctx {
	struct audit *a;
	struct parsed *p;
};

/* One option of audit's own, or an operand: 0 to go on, else the exit status. */
static int audit_option(int id, const char *arg, void *data)
{
	struct parse_ctx *ctx = data;
	struct audit *a = ctx->a;
	struct parsed *p = ctx->p;
	char *end;
	int bad = 0;

	switch (id) {
	case TOOL_OPERAND:
		bad = take_operand(a, p, arg);
		break;
	case 't':
		bad = add_to(&a->trees, &a->ntrees, arg);
		break;
	case 's':
		a->symvers = arg;
		break;
	case OPT_RUNTIME:
		a->runtime = true;
		break;
	case OPT_POLICY:
		if (ldm_export_policy_valid(arg)) {
			fprintf(stderr,
				"ldm audit: --policy '%s': no such policy (seed, 2.6.10 or 2.6.9)\n",
				arg);
			return 2;
		}
		/* After what-if, the policy is the change asked about. */
		if (p->noperands && !strcmp(p->operands[0], "what-if")) {
			a->whatif_policy = arg;
		} else {
			a->policy = arg;
			a->runtime = true;
		}
		break;
	case OPT_JSON:
		a->json = true;
		break;
	case 'j':
		a->jobs = (unsigned int)strtoul(arg, &end, 10);
		if (*end || !a->jobs || a->jobs > 256) {
			fprintf(stderr, "ldm audit: --jobs '%s': a number from 1 to 256\n", arg);
			return 2;
		}
		break;
	case OPT_GPL_ONLY:
	case OPT_UNEXPORT:
	case OPT_PATCH:
		p->list = id;
		bad = to_list(a, id, arg);
		break;
	case OPT_DOT:
		a->dot = true;
		break;
	case OPT_OLD_SYMVERS:
		a->old_symvers = arg;
		break;
	case OPT_NEW_SYMVERS:
		a->new_symvers = arg;
		break;
	}
	if (bad) {
		fprintf(stderr, "ldm audit: out of memory\n");
		return 2;
	}
	/* The operands after --gpl-only, --unexport or --patch go to its list. */
	if (id != TOOL_OPERAND && id != OPT_GPL_ONLY && id != OPT_UNEXPORT && id != OPT_PATCH)
		p->list = 0;
	return 0;
}

static int parse(int argc, char *argv[], struct audit *a, struct parsed *p)
{
	static const struct tool_option extra[] = {
		{ "tree", 't', true, 't' },
		{ "symvers", 's', true, 's' },
		{ "runtime", 0, false, OPT_RUNTIME },
		{ "policy", 0, true, OPT_POLICY },
		{ "json", 0, false, OPT_JSON },
		{ "jobs", 'j', true, 'j' },
		{ "gpl-only", 0, true, OPT_GPL_ONLY },
		{ "unexport", 0, true, OPT_UNEXPORT },
		{ "patch", 0, true, OPT_PATCH },
		{ "dot", 0, false, OPT_DOT },
		{ "old-symvers", 0, true, OPT_OLD_SYMVERS },
		{ "new-symvers", 0, true, OPT_NEW_SYMVERS },
		{ 0 },
	};
	struct parse_ctx ctx = { a, p };
	/* Operands in order: what follows --gpl-only and the others is theirs. */
	const struct tool_parse tp = { .allowed = TOOL_OPT_NO_ROOT | TOOL_OPT_OPERANDS,
				       .extra = extra,
				       .fn = audit_option,
				       .data = &ctx,
				       .help = help };
	struct tool_opts o;

	return tool_parse_options_ext(argc, argv, &tp, &o);
}

/* The question asked, and whether its options go with it. */
static const struct audit_verb *question(const struct audit *a, const char *name)
{
	const struct audit_verb *q = NULL;
	size_t i;

	for (i = 0; i < sizeof(questions) / sizeof(questions[0]); i++)
		if (!strcmp(name, questions[i].name))
			q = &questions[i];
	if (!q) {
		fprintf(stderr, "ldm audit: '%s' is not a question; see 'ldm audit --help'\n",
			name);
		return NULL;
	}
	if ((a->ngpl_only || a->nunexport || a->npatches) && q->run != audit_what_if) {
		fprintf(stderr, "ldm audit: --gpl-only, --unexport and --patch go with what-if\n");
		return NULL;
	}
	if (a->dot && q->run != audit_deps) {
		fprintf(stderr, "ldm audit: --dot goes with deps\n");
		return NULL;
	}
	if ((a->old_symvers || a->new_symvers) && q->run != audit_diff) {
		fprintf(stderr, "ldm audit: --old-symvers and --new-symvers go with diff\n");
		return NULL;
	}
	if ((a->symvers || a->runtime) && q->run == audit_diff) {
		fprintf(stderr, "ldm audit diff: each side has its own base: --old-symvers FILE, "
				"--new-symvers FILE or TREE:FILE, not --symvers or --runtime\n");
		return NULL;
	}
	if (a->symvers && a->runtime) {
		fprintf(stderr, "ldm audit: the base is --symvers FILE or --runtime, not both\n");
		return NULL;
	}
	return q;
}

static unsigned int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 16 ? 16 : (unsigned int)n;
}

static int audit_run(int argc, char *argv[])
{
	struct audit a = { 0 };
	struct parsed p = { 0 };
	const struct audit_verb *q;
	char deftree[300];
	struct utsname u;
	int status;

	status = parse(argc, argv, &a, &p);
	if (status >= 0)
		goto out;
	status = 2;
	/*
	 * Every module's image is allocated and freed in turn, up to tens of
	 * MiB: from the heap, kept there, so that each reuses the pages of the
	 * last instead of mapping (and faulting in) new ones and unmapping them.
	 */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
	q = question(&a, p.noperands ? p.operands[0] : "summary");
	if (!q)
		goto out;
	if (!a.jobs)
		a.jobs = online_cpus();
	/* diff reads its own trees; --tree there names the modules to break. */
	if (!a.ntrees && q->run != audit_diff) {
		uname(&u);
		snprintf(deftree, sizeof(deftree), "/lib/modules/%s", u.release);
		a.deftree = deftree;
		if (add_to(&a.trees, &a.ntrees, deftree))
			goto out;
	}
	status = p.noperands ? q->run(&a, p.noperands - 1, (char **)p.operands + 1) :
			       q->run(&a, 0, NULL);
out:
	audit_free(&a);
	free(p.operands);
	return status;
}

const struct ldm_verb ldm_verb_audit = {
	.name = "audit",
	.run = audit_run,
	.help = "who uses each export of a module tree, what is unused, who would break",
};
