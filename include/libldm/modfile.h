/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <libldm/modfile.h> - a module file read, never loaded: its sections,
 * symbols, .modinfo, exports and imports. The loader, `ldm modinfo`,
 * `ldm symbols`, `ldm modpost` and `ldm audit` read modules through it.
 *
 * Opening checks every offset and size of the ELF image before anything is
 * read through it (a 64-bit little-endian x86-64 relocatable object, as a
 * .ko is); a refusal says which one is wrong. A compressed module (.ko.xz,
 * .ko.zst, .ko.gz, known by its first bytes) is decompressed first, with
 * liblzma, libzstd or zlib. What a handle returns points into it and lives
 * as long as it does. Handles are not shared between threads; different
 * handles are independent.
 *
 * Every call that fails says why in one place, as dlerror(3) does:
 * ldm_modfile_why() is the reason of the last call of the calling thread
 * that failed (for -ENOEXEC, what is malformed; else the error's text).
 */
#ifndef _LIBLDM_MODFILE_H
#define _LIBLDM_MODFILE_H

#ifdef MODULE
#error "<libldm/...> is the host API; a module uses <ldm/...> only"
#endif

#include <stdbool.h>
#include <stddef.h>
#include <libldm/module.h>

#pragma GCC visibility push(default)

struct ldm_modfile;

/*
 * Each returns 0 and a handle in *@ret, or a negative errno (-ENOEXEC for
 * a malformed image or corrupt compressed data; ldm_modfile_why() says
 * why). ldm_modfile_new() copies the image.
 */
int ldm_modfile_open(const char *path, struct ldm_modfile **ret);
int ldm_modfile_new(const void *image, size_t len, struct ldm_modfile **ret);
void ldm_modfile_free(struct ldm_modfile *mf);

/*
 * LDM_MODFILE_LAZY: for reading many modules fast (ldm audit). Of a plain
 * file only what the calls below read is read: the header, the section
 * headers, the symbol table and its strings, .modinfo, the export tables
 * and their relocations and strings (every other section is reported as
 * SHT_NOBITS, without contents; a compressed file is read whole). Opening
 * checks the headers and the shape of the symbol table; each symbol,
 * relocation and table is checked when a call reads it, so a call that
 * reads through a malformed part fails with -ENOEXEC and
 * ldm_modfile_why() says what is wrong. Every offset read is still
 * checked; only the checks of parts never read are skipped.
 */
#define LDM_MODFILE_LAZY 0x1

/*
 * ldm_modfile_openat - ldm_modfile_open() of @path relative to the
 * directory @dirfd (AT_FDCWD: the working directory), with @flags
 * (LDM_MODFILE_LAZY or 0).
 */
int ldm_modfile_openat(int dirfd, const char *path, unsigned int flags, struct ldm_modfile **ret);

/*
 * Why the last call of this thread that failed did; "" if none has. The
 * text is the thread's own, valid until its next call.
 */
const char *ldm_modfile_why(void);

/* How the file was compressed: known by its first bytes. */
enum ldm_modfile_compression {
	LDM_MODFILE_PLAIN,
	LDM_MODFILE_GZIP,
	LDM_MODFILE_XZ,
	LDM_MODFILE_ZSTD,
};

enum ldm_modfile_compression ldm_modfile_compression(const struct ldm_modfile *mf);

/* The image, aligned to 8 bytes. */
const void *ldm_modfile_image(const struct ldm_modfile *mf, size_t *len);

/**
 * struct ldm_modfile_section - a section header, as Elf64_Shdr has it
 * @name: its name, "" if it has none
 * @type: SHT_*
 * @flags: SHF_*
 * @offset: where its contents are in the image
 * @size: their size (none in the image for SHT_NOBITS)
 * @addralign: its alignment
 * @link: sh_link
 * @info: sh_info
 * @entsize: sh_entsize
 */
struct ldm_modfile_section {
	const char *name;
	unsigned int type;
	unsigned long flags;
	unsigned long offset, size, addralign;
	unsigned int link, info;
	unsigned long entsize;
};

/* Sections are numbered from 1 (0 is the null section) below the count. */
unsigned int ldm_modfile_section_count(const struct ldm_modfile *mf);
int ldm_modfile_section(const struct ldm_modfile *mf, unsigned int idx,
			struct ldm_modfile_section *ret);
unsigned int ldm_modfile_find_section(const struct ldm_modfile *mf, const char *name);

/**
 * struct ldm_modfile_symbol - a symbol of the symbol table
 * @name: its name
 * @value: st_value: its offset in its section
 * @size: st_size
 * @shndx: its section, SHN_UNDEF for an import, or SHN_ABS and the like
 * @bind: STB_*
 * @type: STT_*
 */
struct ldm_modfile_symbol {
	const char *name;
	unsigned long value, size;
	unsigned int shndx;
	unsigned char bind, type;
};

size_t ldm_modfile_symbol_count(const struct ldm_modfile *mf);
int ldm_modfile_symbol(const struct ldm_modfile *mf, size_t idx, struct ldm_modfile_symbol *ret);

/*
 * .modinfo: entries "key=value" in file order. *@pos starts at 0;
 * ldm_modfile_modinfo_next() returns the next entry, or NULL at the end. An
 * entry without '=' is returned as it is (text hidden behind a NUL in the
 * entry before it). ldm_modfile_modinfo_get() returns the value of the
 * first entry with @key, or NULL.
 */
const char *ldm_modfile_modinfo_next(const struct ldm_modfile *mf, size_t *pos);
const char *ldm_modfile_modinfo_get(const struct ldm_modfile *mf, const char *key);

/*
 * Whether the license value hides more text behind a NUL, as
 * MODULE_LICENSE("GPL\0for files in the \"GPL\" directory; for others...")
 * did in 2004: such a license is not taken as GPL-compatible.
 */
bool ldm_modfile_license_hides_text(const struct ldm_modfile *mf);

/*
 * Whether a license lets a module use EXPORT_SYMBOL_GPL symbols: 2.6.9's
 * five, and "Dual MIT/GPL" (added later).
 */
bool ldm_license_is_gpl_compatible(const char *license);

/**
 * struct ldm_modfile_export - a symbol the module exports
 * @name: the symbol
 * @license: EXPORT_SYMBOL or EXPORT_SYMBOL_GPL
 * @ns: its namespace (EXPORT_SYMBOL_NS), "" when none; "module:NAME,..."
 *      for an export restricted to the modules named
 *      (EXPORT_SYMBOL_FOR_MODULES)
 */
struct ldm_modfile_export {
	const char *name;
	enum ldm_export_license license;
	const char *ns;
};

/*
 * ldm_modfile_for_each_export() calls @fn for each entry of the export
 * tables, in table order: __ksymtab (EXPORT_SYMBOL) and __ksymtab_gpl
 * (EXPORT_SYMBOL_GPL), and 2.6's __ksymtab_gpl_future and __ksymtab_unused
 * (_gpl). Each entry is read through its relocations, in any of the x86-64
 * layouts: absolute pointers { value, name } as in 2.6 and ldm, or
 * { value, name, namespace }; place-relative offsets { value, name } (4.19)
 * or { value, name, namespace } (5.4 and later). Where a __kflagstab
 * section is (one byte of flags per __ksymtab entry, bit 0 GPL-only), it
 * tells the license. An entry that cannot be read fails the walk with
 * -ENOEXEC (ldm_modfile_why() says why).
 *
 * ldm_modfile_for_each_import() calls @fn for each undefined symbol, in
 * symbol table order, but for those the module's own link gives it
 * (__this_module, _GLOBAL_OFFSET_TABLE_).
 *
 * A non-zero return of @fn stops either walk and is returned.
 */
int ldm_modfile_for_each_export(const struct ldm_modfile *mf,
				int (*fn)(const struct ldm_modfile_export *exp, void *data),
				void *data);
int ldm_modfile_for_each_import(const struct ldm_modfile *mf,
				int (*fn)(const struct ldm_modfile_symbol *sym, void *data),
				void *data);

/*
 * The aliases of a module's device tables (MODULE_DEVICE_TABLE), as
 * kbuild's file2alias makes them: "platform:NAME" for each entry of a
 * platform table; "of:N<name>T<type>C<compatible>" ('*' for what is empty)
 * and the same with "C*" appended for each entry of a device tree table.
 * @fn gets each in turn; a non-zero return stops the walk and is returned.
 * Returns 0, or -ENOEXEC for a table that is not a whole number of entries
 * ending with an empty one (ldm_modfile_why() says why). `ldm modpost`
 * writes them into NAME.mod.c as alias= tags.
 */
int ldm_modfile_for_each_device_alias(const struct ldm_modfile *mf,
				      int (*fn)(const char *alias, void *data), void *data);

#pragma GCC visibility pop

#endif /* _LIBLDM_MODFILE_H */
