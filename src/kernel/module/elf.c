// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * elf.c - checking and reading the ELF image of a module (the
 * checks of kernel/module.c's load_module, done up front and all of them):
 * every offset and size is checked against the image before it is used, and
 * a refusal says which one was wrong.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/err.h>

#include "internal.h"

#define MAX_SECTIONS 65280	 /* below SHN_LORESERVE */
#define MAX_SECTION  (1UL << 30) /* no module section is a gigabyte */

static int refuse(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int refuse(char *err, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(err, LDM_ELF_ERR_LEN, fmt, args);
	va_end(args);
	return -ENOEXEC;
}

/* Whether [off, off + size) lies within the image, without overflow. */
static bool in_image(const struct ldm_elf *elf, unsigned long off, unsigned long size)
{
	return off <= elf->len && size <= elf->len - off;
}

static int check_header(struct ldm_elf *elf)
{
	const Elf64_Ehdr *eh = elf->ehdr;

	if (elf->len < sizeof(Elf64_Ehdr))
		return refuse(elf->err, "truncated: %zu bytes is smaller than an ELF header",
			      elf->len);
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG))
		return refuse(elf->err, "not an ELF file (bad magic)");
	if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return refuse(elf->err, "not a 64-bit little-endian ELF file");
	if (eh->e_type != ET_REL)
		return refuse(elf->err,
			      "ELF type %u is not ET_REL (a module is a relocatable object)",
			      eh->e_type);
	if (eh->e_machine != EM_X86_64)
		return refuse(elf->err, "machine %u is not x86-64", eh->e_machine);
	if (eh->e_shentsize != sizeof(Elf64_Shdr))
		return refuse(elf->err, "section header size %u, expected %zu", eh->e_shentsize,
			      sizeof(Elf64_Shdr));
	if (!eh->e_shnum || eh->e_shnum > MAX_SECTIONS)
		return refuse(elf->err, "section count %u out of range", eh->e_shnum);
	if (!in_image(elf, eh->e_shoff, (unsigned long)eh->e_shnum * sizeof(Elf64_Shdr)))
		return refuse(elf->err,
			      "section headers at offset %lu run past the end of the file",
			      (unsigned long)eh->e_shoff);
	if (eh->e_shoff % 8)
		return refuse(elf->err, "section headers at offset %lu are misaligned",
			      (unsigned long)eh->e_shoff);
	if (eh->e_shstrndx == SHN_UNDEF || eh->e_shstrndx >= eh->e_shnum)
		return refuse(elf->err, "section name table index %u out of range", eh->e_shstrndx);
	return 0;
}

static int check_section(struct ldm_elf *elf, unsigned int i)
{
	const Elf64_Shdr *sh = &elf->sechdrs[i];

	if (sh->sh_size > MAX_SECTION)
		return refuse(elf->err, "section %u is %lu bytes, too large", i,
			      (unsigned long)sh->sh_size);
	/* SHT_NULL too: a loader that trusted it would copy from anywhere. */
	if (sh->sh_type != SHT_NOBITS && !in_image(elf, sh->sh_offset, sh->sh_size))
		return refuse(elf->err,
			      "section %u (offset %lu, size %lu) runs past the end of the file", i,
			      (unsigned long)sh->sh_offset, (unsigned long)sh->sh_size);
	if (sh->sh_addralign & (sh->sh_addralign - 1))
		return refuse(elf->err, "section %u has alignment %lu, not a power of two", i,
			      (unsigned long)sh->sh_addralign);
	if (sh->sh_addralign > 4096)
		return refuse(elf->err, "section %u asks for alignment %lu, more than a page", i,
			      (unsigned long)sh->sh_addralign);
	if (sh->sh_name >= elf->secstrings_len)
		return refuse(elf->err, "section %u has a name offset past the name table", i);
	return 0;
}

static int by_offset(const void *a, const void *b, void *arg)
{
	const Elf64_Shdr *sechdrs = arg;
	unsigned long x = sechdrs[*(const unsigned int *)a].sh_offset;
	unsigned long y = sechdrs[*(const unsigned int *)b].sh_offset;

	return x < y ? -1 : x > y;
}

/* No two sections with file contents may share bytes. */
static int check_overlaps(struct ldm_elf *elf)
{
	unsigned int *order, n = 0, i;
	int error = 0;

	order = calloc(elf->nsec, sizeof(*order));
	if (!order)
		return -ENOMEM;
	for (i = 1; i < elf->nsec; i++)
		if (elf->sechdrs[i].sh_type != SHT_NOBITS && elf->sechdrs[i].sh_size)
			order[n++] = i;
	qsort_r(order, n, sizeof(*order), by_offset, (void *)elf->sechdrs);
	for (i = 1; i < n && !error; i++) {
		const Elf64_Shdr *prev = &elf->sechdrs[order[i - 1]];

		if (prev->sh_offset + prev->sh_size > elf->sechdrs[order[i]].sh_offset)
			error = refuse(elf->err, "sections %u and %u overlap in the file",
				       order[i - 1], order[i]);
	}
	free(order);
	return error;
}

static int check_symtab_shape(struct ldm_elf *elf)
{
	const Elf64_Shdr *sh = &elf->sechdrs[elf->symindex], *strsh;

	if (sh->sh_entsize != sizeof(Elf64_Sym) || sh->sh_size % sizeof(Elf64_Sym))
		return refuse(elf->err, "symbol table entry size %lu, expected %zu",
			      (unsigned long)sh->sh_entsize, sizeof(Elf64_Sym));
	if (sh->sh_link == SHN_UNDEF || sh->sh_link >= elf->nsec)
		return refuse(elf->err, "symbol table links to string table %u, out of range",
			      sh->sh_link);
	strsh = &elf->sechdrs[sh->sh_link];
	if (strsh->sh_type != SHT_STRTAB || !strsh->sh_size)
		return refuse(elf->err, "symbol string table %u is not a string table",
			      sh->sh_link);
	elf->syms = (const Elf64_Sym *)(elf->image + sh->sh_offset);
	elf->nsyms = sh->sh_size / sizeof(Elf64_Sym);
	elf->strtab = (const char *)elf->image + strsh->sh_offset;
	elf->strtab_len = strsh->sh_size;
	if (elf->strtab[elf->strtab_len - 1])
		return refuse(elf->err, "symbol string table is not NUL-terminated");
	if (sh->sh_offset % 8)
		return refuse(elf->err, "symbol table is misaligned");
	return 0;
}

/**
 * ldm_elf_sym_check - check one symbol of a parsed image: its name, its
 * section, where it lies in it
 * @elf: the image
 * @idx: the symbol, below elf->nsyms
 * @err: gets what is wrong (LDM_ELF_ERR_LEN bytes)
 *
 * Return: 0, or -ENOEXEC.
 */
int ldm_elf_sym_check(const struct ldm_elf *elf, size_t idx, char *err)
{
	const Elf64_Sym *s = &elf->syms[idx];

	if (s->st_name >= elf->strtab_len)
		return refuse(err, "symbol %zu has a name offset past the string table", idx);
	if (s->st_shndx >= elf->nsec && s->st_shndx < SHN_LORESERVE)
		return refuse(err, "symbol %s refers to section %u, out of range",
			      elf->strtab + s->st_name, s->st_shndx);
	if (s->st_shndx == SHN_COMMON)
		return refuse(err, "symbol %s is a common symbol (build with -fno-common)",
			      elf->strtab + s->st_name);
	if (s->st_shndx != SHN_UNDEF && s->st_shndx < SHN_LORESERVE &&
	    (s->st_value > elf->sechdrs[s->st_shndx].sh_size ||
	     s->st_size > elf->sechdrs[s->st_shndx].sh_size - s->st_value))
		return refuse(err, "symbol %s lies outside its section", elf->strtab + s->st_name);
	return 0;
}

static int check_symbols(struct ldm_elf *elf)
{
	size_t i;
	int error;

	for (i = 0; i < elf->nsyms; i++) {
		error = ldm_elf_sym_check(elf, i, elf->err);
		if (error)
			return error;
	}
	return 0;
}

/**
 * ldm_elf_rela_check - check a relocation section of a parsed image: its
 * shape, and each entry's symbol and place
 * @elf: the image
 * @i: the SHT_RELA section
 * @err: gets what is wrong (LDM_ELF_ERR_LEN bytes)
 *
 * Return: 0, or -ENOEXEC.
 */
int ldm_elf_rela_check(const struct ldm_elf *elf, unsigned int i, char *err)
{
	const Elf64_Shdr *sh = &elf->sechdrs[i];
	const Elf64_Rela *rela;
	size_t n, j;

	if (sh->sh_entsize != sizeof(Elf64_Rela) || sh->sh_size % sizeof(Elf64_Rela))
		return refuse(err, "relocation section %s has entry size %lu, expected %zu",
			      ldm_elf_section_name(elf, i), (unsigned long)sh->sh_entsize,
			      sizeof(Elf64_Rela));
	if (sh->sh_link != elf->symindex)
		return refuse(err, "relocation section %s does not use the symbol table",
			      ldm_elf_section_name(elf, i));
	if (sh->sh_info == SHN_UNDEF || sh->sh_info >= elf->nsec)
		return refuse(err, "relocation section %s applies to section %u, out of range",
			      ldm_elf_section_name(elf, i), sh->sh_info);
	if (sh->sh_offset % 8)
		return refuse(err, "relocation section %s is misaligned",
			      ldm_elf_section_name(elf, i));
	rela = (const Elf64_Rela *)(elf->image + sh->sh_offset);
	n = sh->sh_size / sizeof(Elf64_Rela);
	for (j = 0; j < n; j++) {
		if (ELF64_R_SYM(rela[j].r_info) >= elf->nsyms)
			return refuse(err, "relocation %zu of %s names symbol %lu, out of range", j,
				      ldm_elf_section_name(elf, i),
				      (unsigned long)ELF64_R_SYM(rela[j].r_info));
		if (rela[j].r_offset > elf->sechdrs[sh->sh_info].sh_size ||
		    elf->sechdrs[sh->sh_info].sh_size - rela[j].r_offset < 4)
			return refuse(err, "relocation %zu of %s at offset %lu lies outside %s", j,
				      ldm_elf_section_name(elf, i), (unsigned long)rela[j].r_offset,
				      ldm_elf_section_name(elf, sh->sh_info));
	}
	return 0;
}

/* Remember the sections the loader looks for by name. */
static void note_special_section(struct ldm_elf *elf, unsigned int i)
{
	const char *name = ldm_elf_section_name(elf, i);

	if (!strcmp(name, ".modinfo"))
		elf->modinfo_idx = i;
	else if (!strcmp(name, ".gnu.linkonce.this_module"))
		elf->this_module_idx = i;
	else if (!strcmp(name, "__ksymtab"))
		elf->ksymtab_idx = i;
	else if (!strcmp(name, "__ksymtab_gpl"))
		elf->ksymtab_gpl_idx = i;
	else if (!strcmp(name, "__param"))
		elf->param_idx = i;
}

/*
 * The checks both parses make: the header, every section header, the
 * symbol table's shape and .modinfo. What they index is safe to use.
 */
static int parse_headers(struct ldm_elf *elf, const void *image, size_t len)
{
	const Elf64_Shdr *strsh;
	unsigned int i;
	int error;

	memset(elf, 0, sizeof(*elf));
	elf->image = image;
	elf->len = len;
	elf->ehdr = image;
	if (!image)
		return refuse(elf->err, "no image");
	if ((unsigned long)image % 8)
		return refuse(elf->err, "image is not 8-byte aligned in memory");
	error = check_header(elf);
	if (error)
		return error;
	elf->sechdrs = (const Elf64_Shdr *)(elf->image + elf->ehdr->e_shoff);
	elf->nsec = elf->ehdr->e_shnum;
	strsh = &elf->sechdrs[elf->ehdr->e_shstrndx];
	if (strsh->sh_type != SHT_STRTAB || !strsh->sh_size ||
	    !in_image(elf, strsh->sh_offset, strsh->sh_size))
		return refuse(elf->err, "section name table is missing or runs past the file");
	elf->secstrings = (const char *)elf->image + strsh->sh_offset;
	elf->secstrings_len = strsh->sh_size;
	if (elf->secstrings[elf->secstrings_len - 1])
		return refuse(elf->err, "section name table is not NUL-terminated");

	for (i = 0; i < elf->nsec; i++) {
		error = check_section(elf, i);
		if (error)
			return error;
		if (elf->sechdrs[i].sh_type == SHT_SYMTAB) {
			if (elf->symindex)
				return refuse(elf->err, "more than one symbol table");
			elf->symindex = i;
		}
		note_special_section(elf, i);
	}
	if (!elf->symindex)
		return refuse(elf->err, "no symbol table");
	error = check_symtab_shape(elf);
	if (!error && elf->modinfo_idx && elf->sechdrs[elf->modinfo_idx].sh_type == SHT_NOBITS)
		error = refuse(elf->err, ".modinfo has no contents");
	return error;
}

/**
 * ldm_elf_parse - check a module image and index it, all of it: every
 * symbol and relocation, as loading needs
 * @elf: filled in; on error, elf->err says what is wrong
 * @image: the image (not copied; must outlive @elf)
 * @len: its length
 *
 * Return: 0, or -ENOEXEC for a malformed image, -ENOMEM.
 */
int ldm_elf_parse(struct ldm_elf *elf, const void *image, size_t len)
{
	unsigned int i;
	int error;

	error = parse_headers(elf, image, len);
	if (!error)
		error = check_overlaps(elf);
	if (!error)
		error = check_symbols(elf);
	for (i = 1; i < elf->nsec && !error; i++)
		if (elf->sechdrs[i].sh_type == SHT_RELA)
			error = ldm_elf_rela_check(elf, i, elf->err);
		else if (elf->sechdrs[i].sh_type == SHT_REL)
			error = refuse(elf->err, "REL relocations in %s (x86-64 uses RELA)",
				       ldm_elf_section_name(elf, i));
	return error;
}

/**
 * ldm_elf_parse_lazy - check what reading a module needs up front: the
 * header, the section headers, the shape of the symbol table; each symbol
 * and relocation is left to be checked when it is read
 * (ldm_elf_sym_check(), ldm_elf_rela_check())
 * @elf: filled in; on error, elf->err says what is wrong
 * @image: the image (not copied; must outlive @elf)
 * @len: its length
 *
 * For reading thousands of modules (ldm audit): the tables are not walked
 * twice. Never for loading.
 * Return: 0, or -ENOEXEC for a malformed image.
 */
int ldm_elf_parse_lazy(struct ldm_elf *elf, const void *image, size_t len)
{
	return parse_headers(elf, image, len);
}

/**
 * ldm_elf_section_name - a section's name, "" if it has none
 * @elf: a parsed image
 * @idx: the section index, < elf->nsec
 */
const char *ldm_elf_section_name(const struct ldm_elf *elf, unsigned int idx)
{
	return elf->secstrings + elf->sechdrs[idx].sh_name;
}

/**
 * ldm_elf_sym_name - a symbol's name
 * @elf: a parsed image
 * @sym: one of its symbols
 */
const char *ldm_elf_sym_name(const struct ldm_elf *elf, const Elf64_Sym *sym)
{
	return elf->strtab + sym->st_name;
}

/**
 * ldm_elf_next_section - the next section of a name
 * @elf: a parsed image
 * @name: the name
 * @after: the index to search after (0 for the first)
 *
 * An object file may hold several sections of one name: clang gives each
 * variable marked used and put in a named section (EXPORT_SYMBOL's) a
 * section of its own, which the link of the module then merges.
 *
 * Return: the index of the first section named @name after @after, or 0.
 */
unsigned int ldm_elf_next_section(const struct ldm_elf *elf, const char *name, unsigned int after)
{
	unsigned int i;

	for (i = after + 1; i < elf->nsec; i++)
		if (!strcmp(ldm_elf_section_name(elf, i), name))
			return i;
	return 0;
}

/**
 * ldm_elf_find_section - the index of a section by name, or 0
 * @elf: a parsed image
 * @name: the name
 */
unsigned int ldm_elf_find_section(const struct ldm_elf *elf, const char *name)
{
	return ldm_elf_next_section(elf, name, 0);
}

const char *ldm_modinfo_next(const struct ldm_elf *elf, size_t *pos)
{
	const Elf64_Shdr *sh;
	const char *base;
	size_t size;

	if (!elf->modinfo_idx)
		return NULL;
	sh = &elf->sechdrs[elf->modinfo_idx];
	base = (const char *)elf->image + sh->sh_offset;
	size = sh->sh_size;
	/* Skip the NULs of padding between entries. */
	while (*pos < size && !base[*pos])
		(*pos)++;
	if (*pos >= size)
		return NULL;
	{
		const char *entry = base + *pos;
		const char *end = memchr(entry, '\0', size - *pos);

		if (!end) /* an unterminated last entry is cut off: ignore it */
			return NULL;
		*pos = (size_t)(end - base) + 1;
		return entry;
	}
}

/**
 * ldm_modinfo_get - the value of the first .modinfo entry with a key
 * @elf: a parsed image
 * @key: the key, e.g. "license"
 *
 * Return: the value (NUL-terminated, inside the image), or NULL.
 */
const char *ldm_modinfo_get(const struct ldm_elf *elf, const char *key)
{
	size_t pos = 0, klen = strlen(key);
	const char *e;

	while ((e = ldm_modinfo_next(elf, &pos)))
		if (!strncmp(e, key, klen) && e[klen] == '=')
			return e + klen + 1;
	return NULL;
}

/*
 * The object that MODULE_LICENSE() made and that holds the entry at @off of
 * .modinfo: its end, or 0 when the symbol table does not say (stripped).
 */
static size_t modinfo_object_end(const struct ldm_elf *elf, size_t off, size_t size)
{
	size_t i;

	for (i = 1; i < elf->nsyms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];

		if (sym->st_shndx != elf->modinfo_idx ||
		    ELF64_ST_TYPE(sym->st_info) != STT_OBJECT || !sym->st_size)
			continue;
		if (sym->st_value > off || off - sym->st_value >= sym->st_size)
			continue;
		/* A size running past the section is cut at its end. */
		return sym->st_size > size - sym->st_value ? size : sym->st_value + sym->st_size;
	}
	return 0;
}

/* Whether the @len bytes at @s are "tag=value", as MODULE_INFO(tag, value) makes them. */
static bool modinfo_is_tag_value(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && (isalnum((unsigned char)s[i]) || s[i] == '_'); i++)
		;
	return i > 0 && i < len && s[i] == '=';
}

/**
 * ldm_modinfo_license_hides_text - whether the license value hides more
 * text behind a NUL, as MODULE_LICENSE("GPL\0for files in the \"GPL\"
 * directory; for others...") did in 2004
 * @elf: a parsed image
 *
 * The symbol table tells where the string MODULE_LICENSE() made ends: any
 * byte but NUL padding after the value's NUL and before that end is hidden
 * text, with or without '=' in it. Without a symbol for it (a stripped
 * module), the entry that follows, after however many NULs, is taken as
 * hidden text unless it is "tag=value" with a tag of letters, digits and
 * '_', as every MODULE_INFO() entry is: "GPL\0\0for files in..." hides text.
 */
bool ldm_modinfo_license_hides_text(const struct ldm_elf *elf)
{
	const Elf64_Shdr *sh;
	const char *base, *lic, *end;
	size_t size, off, obj_end;

	lic = ldm_modinfo_get(elf, "license");
	if (!lic)
		return false;
	sh = &elf->sechdrs[elf->modinfo_idx];
	base = (const char *)elf->image + sh->sh_offset;
	size = sh->sh_size;
	off = (size_t)(lic - base) + strlen(lic) + 1;
	obj_end = modinfo_object_end(elf, (size_t)(lic - base) - strlen("license="), size);
	if (obj_end) {
		for (; off < obj_end; off++)
			if (base[off])
				return true;
		return false;
	}
	while (off < size && !base[off]) /* padding, or more NULs to hide behind */
		off++;
	if (off >= size)
		return false;
	end = memchr(base + off, '\0', size - off);
	return !modinfo_is_tag_value(base + off, end ? (size_t)(end - (base + off)) : size - off);
}

/**
 * ldm_license_is_gpl_compatible - whether a license string lets a module
 * use EXPORT_SYMBOL_GPL symbols: 2.6.9's five, and "Dual MIT/GPL" (added
 * later)
 * @license: the value of MODULE_LICENSE
 */
bool ldm_license_is_gpl_compatible(const char *license)
{
	static const char *const gpl[] = {
		"GPL",		"GPL v2",	"GPL and additional rights",
		"Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL",
	};
	size_t i;

	if (!license)
		return false;
	for (i = 0; i < sizeof(gpl) / sizeof(gpl[0]); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}
