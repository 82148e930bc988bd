/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * internal.h - what the files of the module loader share (as
 * kernel/module/internal.h): the record of a module, and the calls between
 * loading, the export tables, sysfs and parameters.
 */
#ifndef _LDM_MODULE_INTERNAL_H
#define _LDM_MODULE_INTERNAL_H

#include <elf.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <ldm/export.h>
#include <ldm/kobject.h>
#include <ldm/module.h>
#include <libldm/modfile.h>
#include <libldm/module.h>

#include "taint.h"

/* The largest module image read or loaded. */
#define MODULE_SIZE_MAX (64UL << 20)

/* elf.c: reading an image without loading it */
#define LDM_ELF_ERR_LEN 256

struct ldm_elf {
	const unsigned char *image;
	size_t len;
	const Elf64_Ehdr *ehdr;
	const Elf64_Shdr *sechdrs;
	unsigned int nsec;
	const char *secstrings;
	size_t secstrings_len;
	unsigned int symindex; /* the SHT_SYMTAB section */
	const Elf64_Sym *syms;
	size_t nsyms;
	const char *strtab;
	size_t strtab_len;
	unsigned int modinfo_idx; /* 0 when absent */
	unsigned int this_module_idx;
	unsigned int ksymtab_idx;
	unsigned int ksymtab_gpl_idx;
	unsigned int param_idx;
	char err[LDM_ELF_ERR_LEN]; /* why ldm_elf_parse() refused */
};

int ldm_elf_parse(struct ldm_elf *elf, const void *image, size_t len);
int ldm_elf_parse_lazy(struct ldm_elf *elf, const void *image, size_t len);
int ldm_elf_sym_check(const struct ldm_elf *elf, size_t idx, char *err);
int ldm_elf_rela_check(const struct ldm_elf *elf, unsigned int i, char *err);

/* modfile.c: the record ldm_modfile_why() returns; -ENOEXEC */
int modfile_refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *ldm_elf_section_name(const struct ldm_elf *elf, unsigned int idx);
const char *ldm_elf_sym_name(const struct ldm_elf *elf, const Elf64_Sym *sym);
unsigned int ldm_elf_find_section(const struct ldm_elf *elf, const char *name);
unsigned int ldm_elf_next_section(const struct ldm_elf *elf, const char *name, unsigned int after);

/*
 * .modinfo entries, "key=value", in file order. *pos starts at 0; returns
 * the next entry or NULL. An entry without '=' is returned as is: callers
 * decide (the loader reads it as text hidden behind a NUL in the previous
 * value).
 */
const char *ldm_modinfo_next(const struct ldm_elf *elf, size_t *pos);
const char *ldm_modinfo_get(const struct ldm_elf *elf, const char *key);
bool ldm_modinfo_license_hides_text(const struct ldm_elf *elf);

/* decompress.c: .ko.xz, .ko.zst, .ko.gz */
enum ldm_modfile_compression module_compression(const void *image, size_t len);
int module_decompress(const void *in, size_t len, bool check, size_t max, void **out,
		      size_t *outlen, char *why, size_t size);

/* layout.c: the mapping of a module and its relocation */
enum { PART_TEXT, PART_RO, PART_RW, PART_MAX };

#define SLOT_NONE ((size_t)-1)

struct module_layout {
	unsigned char *base;
	size_t size;
	size_t part_start[PART_MAX];
	unsigned char **sec_addr;     /* per section, NULL if not loaded */
	size_t *got_slot, *stub_slot; /* per symbol */
	size_t ngot, nstubs;
	size_t got_off, stubs_off; /* within the ro and text parts */
};

struct module_reloc_ctx {
	unsigned int type;
	const char *symname;
	const char *secname;
	char err[256];
};

int module_layout(const struct ldm_elf *elf, struct module_layout *l);
void module_layout_free(struct module_layout *l);
int module_relocate(const struct ldm_elf *elf, struct module_layout *l, const unsigned long *values,
		    struct module_reloc_ctx *c);
int module_protect(struct module_layout *l);

/* A file of /module/<name>: refcnt, taint, initstate, parameters/<param>. */
struct module_attribute {
	struct attribute attr;
	ssize_t (*show)(struct ldm_module *lm, struct module_attribute *mattr, char *buf);
	ssize_t (*store)(struct ldm_module *lm, struct module_attribute *mattr, const char *buf,
			 size_t count);
	struct kernel_param *param; /* for parameters */
};

/* One module using another's exports: @source uses @target. */
struct module_use {
	struct list_head source_list; /* on target->users */
	struct list_head target_list; /* on source->uses */
	struct ldm_module *source, *target;
};

struct ldm_module {
	struct kobject kobj;	/* /module/<name>; its release frees this */
	struct kobject holders; /* /module/<name>/holders */
	struct module *mod;	/* __this_module, in the mapping */
	char name[MODULE_NAME_LEN];
	struct list_head list; /* on the list of modules */
	unsigned char *base;   /* the mapping: text, then ro, then rw */
	size_t size, text_size, ro_size;
	atomic_t refcnt;	  /* try_module_get() references */
	struct list_head users;	  /* module_use.source_list: who uses us */
	struct list_head uses;	  /* module_use.target_list: whom we use */
	struct list_head exports; /* its export_entry.mod_list, under export_lock */
	unsigned long taints;
	bool gpl_compatible;
	bool uses_gpl_only;
	char *license;
	char *args;
	struct kernel_param *params;
	unsigned int nparams;
	struct module_attribute *pattrs;
	struct attribute **pattr_list;
	struct attribute_group pgroup;
	pthread_mutex_t param_lock; /* kernel_param_lock(): sets against reads */
	bool in_sysfs;
};

extern pthread_mutex_t module_mutex;
extern struct list_head modules;

/* main.c */
void free_module_record(struct ldm_module *lm);

/* patch_exports.c: the 103 exports of the seed patch, for the export policies */
struct ldm_patch_export {
	const char *name;
	const char *file; /* of 2.6.9, e.g. "lib/kobject.c" */
};

const struct ldm_patch_export *ldm_patch_exports(size_t *n);

/* exports.c: a module's exports under its name, and finding a symbol's owner */
int ldm_export_add_module(const struct kernel_symbol *syms, size_t n,
			  enum ldm_export_license license, const char *owner,
			  struct ldm_module *mod);
void ldm_export_remove_module(struct ldm_module *mod);
void ldm_export_read_lock(void);
void ldm_export_read_unlock(void);
int ldm_export_find_locked(const char *name, struct ldm_export *ret, struct ldm_module **owner);
int ldm_export_find_hashed_locked(const char *name, u64 hash, struct ldm_export *ret,
				  struct ldm_module **owner);
void ldm_export_prefetch_locked(const char *const *names, u64 *hashes, size_t n);

/* sysfs.c */
int module_sysfs_add(struct ldm_module *lm);
void module_sysfs_remove(struct ldm_module *lm);
int module_add_holder_link(struct ldm_module *target, struct ldm_module *source);
void module_remove_holder_link(struct ldm_module *target, struct ldm_module *source);

/* params.c */
int module_parse_args(struct ldm_module *lm, char *args);
void module_param_free_strings(const void *start, size_t size);

/* obsparm.c */
int obsolete_param_size(const struct obsolete_modparm *obs, size_t *size);

#endif /* _LDM_MODULE_INTERNAL_H */
