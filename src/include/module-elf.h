/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * module-elf.h - reading a module's ELF image without loading it: the
 * checks every offset and size goes through, and the sections, symbols and
 * .modinfo the loader, modinfo, modpost and audit need (after kmod's
 * libkmod-elf.c in purpose). Private to libldm and its tools.
 */
#ifndef _LDM_MODULE_ELF_H
#define _LDM_MODULE_ELF_H

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>

#pragma GCC visibility push(default)

#define LDM_ELF_ERR_LEN	256

struct ldm_elf {
	const unsigned char *image;
	size_t len;
	const Elf64_Ehdr *ehdr;
	const Elf64_Shdr *sechdrs;
	unsigned int nsec;
	const char *secstrings;
	size_t secstrings_len;
	unsigned int symindex;		/* the SHT_SYMTAB section */
	const Elf64_Sym *syms;
	size_t nsyms;
	const char *strtab;
	size_t strtab_len;
	unsigned int modinfo_idx;	/* 0 when absent */
	unsigned int this_module_idx;
	unsigned int ksymtab_idx;
	unsigned int ksymtab_gpl_idx;
	unsigned int param_idx;
	char err[LDM_ELF_ERR_LEN];	/* why ldm_elf_parse() refused */
};

int ldm_elf_parse(struct ldm_elf *elf, const void *image, size_t len);
const char *ldm_elf_section_name(const struct ldm_elf *elf, unsigned int idx);
const char *ldm_elf_sym_name(const struct ldm_elf *elf, const Elf64_Sym *sym);
unsigned int ldm_elf_find_section(const struct ldm_elf *elf, const char *name);

/*
 * .modinfo entries, "key=value", in file order. *pos starts at 0; returns
 * the next entry or NULL. An entry without '=' is returned as is: callers
 * decide (the loader reads it as text hidden behind a NUL in the previous
 * value).
 */
const char *ldm_modinfo_next(const struct ldm_elf *elf, size_t *pos);
const char *ldm_modinfo_get(const struct ldm_elf *elf, const char *key);
bool ldm_modinfo_license_hides_text(const struct ldm_elf *elf);

bool license_is_gpl_compatible(const char *license);

#pragma GCC visibility pop

#endif /* _LDM_MODULE_ELF_H */
