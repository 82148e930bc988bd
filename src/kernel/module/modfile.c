// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * modfile.c - the host API of <libldm/modfile.h>: a module file read and
 * checked as the loader checks it (elf.c), then walked, never loaded.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <libldm/modfile.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "internal.h"
#include "kernel_read_file.h"

#define MODFILE_SIZE_MAX MODULE_SIZE_MAX

struct ldm_modfile {
	struct ldm_elf elf;
	void *image; /* kmalloc'd, 8-byte aligned */
	size_t len;
};

static void say(char *why, size_t size, const char *text)
{
	if (why && size)
		snprintf(why, size, "%s", text);
}

/* Take @image (kmalloc'd) into a handle, checked; frees it on failure. */
static int modfile_take(void *image, size_t len, struct ldm_modfile **ret, char *why, size_t size)
{
	struct ldm_modfile *mf;
	int error;

	mf = kzalloc(sizeof(*mf), GFP_KERNEL);
	if (!mf) {
		kfree(image);
		say(why, size, strerror(ENOMEM));
		return -ENOMEM;
	}
	mf->image = image;
	mf->len = len;
	error = ldm_elf_parse(&mf->elf, image, len);
	if (error) {
		say(why, size, error == -ENOEXEC ? mf->elf.err : strerror(-error));
		ldm_modfile_free(mf);
		return error;
	}
	*ret = mf;
	return 0;
}

/**
 * ldm_modfile_open - read and check a module file
 * @path: the file
 * @ret: gets the handle
 * @why: gets the reason of a failure (may be NULL)
 * @size: room in @why
 *
 * Return: 0; -ENOEXEC for a malformed image, -EFBIG for one over 64 MiB,
 * -EINVAL for a file that is not regular, -ENOMEM, or the error of reading.
 */
int ldm_modfile_open(const char *path, struct ldm_modfile **ret, char *why, size_t size)
{
	void *image;
	ssize_t len;

	len = kernel_read_file_from_path(path, &image, MODFILE_SIZE_MAX);
	if (len < 0) {
		say(why, size, len == -EINVAL ? "not a regular file" : strerror((int)-len));
		return (int)len;
	}
	return modfile_take(image, (size_t)len, ret, why, size);
}

/**
 * ldm_modfile_new - check a module image held in memory
 * @image: the image, copied
 * @len: its length
 * @ret: gets the handle
 * @why: gets the reason of a failure (may be NULL)
 * @size: room in @why
 *
 * Return: as ldm_modfile_open().
 */
int ldm_modfile_new(const void *image, size_t len, struct ldm_modfile **ret, char *why, size_t size)
{
	void *copy;

	if (len > MODFILE_SIZE_MAX) {
		say(why, size, strerror(EFBIG));
		return -EFBIG;
	}
	copy = kmalloc(len ? len : 1, GFP_KERNEL);
	if (!copy) {
		say(why, size, strerror(ENOMEM));
		return -ENOMEM;
	}
	memcpy(copy, image, len);
	return modfile_take(copy, len, ret, why, size);
}

/** ldm_modfile_free - drop a handle and what it read; NULL is ignored */
void ldm_modfile_free(struct ldm_modfile *mf)
{
	if (!mf)
		return;
	kfree(mf->image);
	kfree(mf);
}

/** ldm_modfile_image - the image of @mf, its length in *@len */
const void *ldm_modfile_image(const struct ldm_modfile *mf, size_t *len)
{
	*len = mf->len;
	return mf->image;
}

/** ldm_modfile_section_count - the number of section headers, the null one included */
unsigned int ldm_modfile_section_count(const struct ldm_modfile *mf)
{
	return mf->elf.nsec;
}

/**
 * ldm_modfile_section - a section header
 * @mf: the module file
 * @idx: the section, below ldm_modfile_section_count()
 * @ret: gets it
 *
 * Return: 0, or -ERANGE for no such section.
 */
int ldm_modfile_section(const struct ldm_modfile *mf, unsigned int idx,
			struct ldm_modfile_section *ret)
{
	const Elf64_Shdr *sh;

	if (idx >= mf->elf.nsec)
		return -ERANGE;
	sh = &mf->elf.sechdrs[idx];
	*ret = (struct ldm_modfile_section){
		.name = ldm_elf_section_name(&mf->elf, idx),
		.type = sh->sh_type,
		.flags = sh->sh_flags,
		.offset = sh->sh_offset,
		.size = sh->sh_size,
		.addralign = sh->sh_addralign,
		.link = sh->sh_link,
		.info = sh->sh_info,
		.entsize = sh->sh_entsize,
	};
	return 0;
}

/** ldm_modfile_find_section - the index of the first section named @name, or 0 */
unsigned int ldm_modfile_find_section(const struct ldm_modfile *mf, const char *name)
{
	return ldm_elf_find_section(&mf->elf, name);
}

/** ldm_modfile_symbol_count - the number of symbols, the null one included */
size_t ldm_modfile_symbol_count(const struct ldm_modfile *mf)
{
	return mf->elf.nsyms;
}

static void fill_symbol(const struct ldm_elf *elf, const Elf64_Sym *sym,
			struct ldm_modfile_symbol *ret)
{
	*ret = (struct ldm_modfile_symbol){
		.name = ldm_elf_sym_name(elf, sym),
		.value = sym->st_value,
		.size = sym->st_size,
		.shndx = sym->st_shndx,
		.bind = ELF64_ST_BIND(sym->st_info),
		.type = ELF64_ST_TYPE(sym->st_info),
	};
}

/**
 * ldm_modfile_symbol - a symbol of the symbol table
 * @mf: the module file
 * @idx: the symbol, below ldm_modfile_symbol_count()
 * @ret: gets it
 *
 * Return: 0, or -ERANGE for no such symbol.
 */
int ldm_modfile_symbol(const struct ldm_modfile *mf, size_t idx, struct ldm_modfile_symbol *ret)
{
	if (idx >= mf->elf.nsyms)
		return -ERANGE;
	fill_symbol(&mf->elf, &mf->elf.syms[idx], ret);
	return 0;
}

/** ldm_modfile_modinfo_next - the .modinfo entry at *@pos, or NULL; moves *@pos on */
const char *ldm_modfile_modinfo_next(const struct ldm_modfile *mf, size_t *pos)
{
	return ldm_modinfo_next(&mf->elf, pos);
}

/** ldm_modfile_modinfo_get - the value of the first .modinfo entry with @key, or NULL */
const char *ldm_modfile_modinfo_get(const struct ldm_modfile *mf, const char *key)
{
	return ldm_modinfo_get(&mf->elf, key);
}

/** ldm_modfile_license_hides_text - whether the license hides text behind a NUL */
bool ldm_modfile_license_hides_text(const struct ldm_modfile *mf)
{
	return ldm_modinfo_license_hides_text(&mf->elf);
}

/**
 * ldm_modfile_for_each_export - walk the module's exports
 * @mf: the module file
 * @fn: called for each
 * @data: for @fn
 *
 * An export is a symbol __ksymtab_NAME defined in __ksymtab (EXPORT_SYMBOL)
 * or __ksymtab_gpl (EXPORT_SYMBOL_GPL), as EXPORT_SYMBOL makes it.
 * Return: 0, or the first non-zero return of @fn.
 */
int ldm_modfile_for_each_export(const struct ldm_modfile *mf,
				int (*fn)(const struct ldm_modfile_export *exp, void *data),
				void *data)
{
	const struct ldm_elf *elf = &mf->elf;
	struct ldm_modfile_export exp;
	size_t i;
	int error;

	for (i = 1; i < elf->nsyms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];
		const char *name = ldm_elf_sym_name(elf, sym);

		if (sym->st_shndx == SHN_UNDEF ||
		    (sym->st_shndx != elf->ksymtab_idx && sym->st_shndx != elf->ksymtab_gpl_idx))
			continue;
		if (strncmp(name, "__ksymtab_", 10) || !name[10])
			continue;
		exp.name = name + 10;
		exp.license = sym->st_shndx == elf->ksymtab_gpl_idx ? LDM_EXPORT_GPL :
								      LDM_EXPORT_ALL;
		error = fn(&exp, data);
		if (error)
			return error;
	}
	return 0;
}

/* Undefined symbols the module's own link gives it, not imports. */
static bool linked_by_module(const char *name)
{
	return !strcmp(name, "__this_module") || !strcmp(name, "_GLOBAL_OFFSET_TABLE_");
}

/**
 * ldm_modfile_for_each_import - walk the module's imports
 * @mf: the module file
 * @fn: called for each undefined symbol (bind STB_WEAK for a weak one)
 * @data: for @fn
 *
 * Return: 0, or the first non-zero return of @fn.
 */
int ldm_modfile_for_each_import(const struct ldm_modfile *mf,
				int (*fn)(const struct ldm_modfile_symbol *sym, void *data),
				void *data)
{
	const struct ldm_elf *elf = &mf->elf;
	struct ldm_modfile_symbol s;
	size_t i;
	int error;

	for (i = 1; i < elf->nsyms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];

		if (sym->st_shndx != SHN_UNDEF || !sym->st_name)
			continue;
		fill_symbol(elf, sym, &s);
		if (!*s.name || linked_by_module(s.name))
			continue;
		error = fn(&s, data);
		if (error)
			return error;
	}
	return 0;
}
