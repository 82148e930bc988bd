/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * audit.h - what the files of `ldm audit` share: a module tree read once
 * (tree.c), the base exports it is checked against (base.c), the symbol
 * table that joins them and the violations found (model.c), and the
 * records every question prints (output.c).
 */
#ifndef _LDM_AUDIT_H
#define _LDM_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tool-util.h" /* tool_json_string(): the one JSON writer */

/* Exit statuses, as grep and diff have them. */
#define AUDIT_NOTHING 0 /* a question found nothing */
#define AUDIT_FOUND   1 /* it found something */
#define AUDIT_ERROR   2 /* something could not be read or asked */

/* Strings and arrays that live as long as the audit: freed all at once. */
struct arena {
	struct arena_chunk *chunks;
	size_t left;
	char *next;
};

void *arena_alloc(struct arena *a, size_t size);
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t len);
void arena_adopt(struct arena *into, struct arena *from);
void arena_free(struct arena *a);

/* An export of a module, as read from its file. */
struct audit_mod_export {
	const char *name;
	const char *ns; /* "" when none */
	bool gpl;
};

/* An import of a module: an undefined symbol of its symbol table. */
struct audit_mod_import {
	const char *name;
	uint32_t sym; /* the symbol table's entry, once joined */
	bool weak;
};

/* A module of the tree. */
struct audit_module {
	const char *path;    /* as found, for messages */
	const char *relpath; /* relative to the tree's directory, or NULL */
	const char *name;    /* as kmod names it: file name to its first '.', '-' as '_' */
	int order;	     /* its line in modules.order, or -1 */
	bool failed;	     /* unreadable or malformed: said why, left out */
	const char *why;     /* why it failed */
	/* from .modinfo */
	const char *license;	 /* the first license tag, or NULL */
	const char *bad_license; /* the first that is not GPL-compatible, or NULL */
	bool gpl_compatible;	 /* modpost's reading: every license tag is GPL-compatible */
	bool tainted;		 /* the kernel's: the first tag is not, or there is none */
	const char **import_ns;
	size_t nimport_ns;
	const char *depends, *vermagic;
	size_t naliases;
	/* from the symbol table and the export tables */
	struct audit_mod_export *exports;
	size_t nexports;
	struct audit_mod_import *imports;
	size_t nimports;
};

/* Where the base exports (those of vmlinux, or of ldm's runtime) come from. */
enum audit_base_kind { BASE_NONE, BASE_SYMVERS, BASE_RUNTIME };

/* Every export, of the base or of a module. */
struct audit_export {
	uint32_t sym;
	int module; /* index in tree->modules, or -1 for the base */
	const char *provider;
	const char *ns; /* "" when none */
	bool gpl;
	bool removed; /* what-if: no longer exported */
	bool standin; /* a Module.symvers line of a module the tree lacks */
};

/* A symbol: every name the tree exports or imports. */
struct audit_sym {
	const char *name;
	uint32_t hash;
	int owner;	   /* the export modules bind to (index in exports), or -1 */
	uint32_t nusers;   /* modules importing it */
	uint32_t nexports; /* exports of it (more than one: the last in order wins) */
};

/* The tree, its base and the table that joins them. */
struct audit {
	/* the question */
	const char **trees; /* --tree, each a directory or a module file */
	size_t ntrees;
	const char *symvers;		       /* --symvers */
	const char *old_symvers, *new_symvers; /* diff: each tree side's */
	bool runtime;			       /* --runtime */
	const char *policy;		       /* --policy before the question: the runtime's */
	const char *whatif_policy;	       /* what-if --policy: the change asked about */
	bool json;
	unsigned int jobs;
	const char *deftree; /* the default tree, when none was named */
	const char *side;    /* diff: "OLD" or "NEW", for messages; else NULL */
	/* what-if: the changes asked about */
	const char **gpl_only, **unexport, **patches;
	size_t ngpl_only, nunexport, npatches;
	bool dot; /* deps --dot */
	/* the tree */
	struct audit_module *modules;
	size_t nmodules, nfailed;
	const char *treedir; /* the one directory of a single --tree, or NULL */
	bool has_order;
	/* the base */
	enum audit_base_kind base_kind;
	const char *base_name;	 /* "vmlinux" or "ldm" */
	const char *base_source; /* the file, or "the runtime (policy P)" */
	/* the symbol table */
	struct audit_sym *syms;
	size_t nsyms, symcap;
	uint32_t *hash_slots; /* open addressing: index + 1, 0 empty */
	size_t hash_size;
	struct audit_export *exports;
	size_t nexports, expcap;
	size_t nbase_exports;
	bool joined;
	/* how it went */
	bool error; /* something was skipped: exit 2 at the end */
	struct arena arena;
};

/* base.c: reading Module.symvers, the runtime's table; finding them */
int audit_read_symvers(struct audit *a, const char *path, bool modules_too);
int audit_read_runtime(struct audit *a);
int audit_load_base(struct audit *a, bool required);
void audit_check_base(struct audit *a);
const char *audit_provider_name(struct audit *a, const char *symvers_module);

/* tree.c: finding and reading the modules */
int audit_load_tree(struct audit *a);
void audit_set_treedir(struct audit *a);
void audit_warn(struct audit *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool audit_name_eq(const char *x, const char *y);

/* model.c: the symbol table, providers, users, violations */
int audit_prepare(struct audit *a, bool need_base);
void audit_free(struct audit *a);
uint32_t audit_intern(struct audit *a, const char *name);
int audit_find_sym(const struct audit *a, const char *name);
int audit_add_export(struct audit *a, const char *name, int module, const char *provider,
		     const char *ns, bool gpl);
int audit_join(struct audit *a);
void audit_resolve(struct audit *a);
int audit_find_module(const struct audit *a, const char *name);
const char *audit_export_type(bool gpl);
const char *audit_license(const struct audit_module *m);

/* One thing the loader would refuse: a module's use of a symbol. */
enum audit_reason {
	REASON_GPL_ONLY,
	REASON_NAMESPACE,
	REASON_RESTRICTED,
	REASON_UNRESOLVED,
	REASON_PROPRIETARY,
	NR_REASONS,
};

extern const char *const audit_reason_names[NR_REASONS];

struct audit_violation {
	uint32_t module;
	uint32_t import; /* index in the module's imports */
	enum audit_reason reason;
	int export; /* the export it binds to, or -1 */
};

int audit_violations(struct audit *a, struct audit_violation **ret, size_t *n);
int audit_violations_changed(struct audit *a, const bool *changed, bool *uses_gpl, bool after,
			     struct audit_violation **ret, size_t *n);
int audit_print_violations(struct audit *a, const struct audit_violation *v, size_t n);
int audit_violation_cmp(const void *x, const void *y);

/* output.c: records, sorted by strcmp of their columns, as text or JSON */
struct record_set {
	const char *const *keys; /* JSON names of the columns */
	size_t ncols;
	const char **cells; /* nrec * ncols */
	size_t nrec, cap;
	unsigned int numeric; /* bit i: column i is a number in JSON */
};

int records_add(struct record_set *rs, const char *const *cols);
int records_print(struct record_set *rs, bool json);
void records_free(struct record_set *rs);

/* The questions: each prints and returns an exit status. */
struct audit_verb {
	const char *name;
	int (*run)(struct audit *a, int argc, char **argv);
};

int audit_summary(struct audit *a, int argc, char **argv);
int audit_users(struct audit *a, int argc, char **argv);
int audit_imports(struct audit *a, int argc, char **argv);
int audit_exports(struct audit *a, int argc, char **argv);
int audit_unused(struct audit *a, int argc, char **argv);
int audit_violations_verb(struct audit *a, int argc, char **argv);
int audit_what_if(struct audit *a, int argc, char **argv);
int audit_diff(struct audit *a, int argc, char **argv);
int audit_deps(struct audit *a, int argc, char **argv);

/* Status of a question that printed @n records, after what was skipped. */
int audit_status(const struct audit *a, size_t n);

/*
 * audit_sort - qsort() that takes an empty array: a tree, a question or
 * a patch may give nothing, and an empty vector is never allocated (NULL,
 * which qsort() must not be given).
 */
static inline void audit_sort(void *base, size_t n, size_t size,
			      int (*cmp)(const void *, const void *))
{
	if (n)
		qsort(base, n, size, cmp);
}

#endif /* _LDM_AUDIT_H */
