// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * modfile.c - the host API of <libldm/modfile.h>: a module file read and
 * checked as the loader checks it (elf.c), then walked, never loaded.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
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
	unsigned int flags;
	enum ldm_modfile_compression compression;
};

/*
 * DOC: why a call refused
 *
 * One channel for every call of <libldm/modfile.h>, as dlerror(3): the
 * thread's record of why its last failed call failed, which
 * ldm_modfile_why() returns. A handle is never written by a walk, so a
 * walk takes it const, and handles of different threads stay independent.
 */
static __thread char why_text[LDM_ELF_ERR_LEN];

static void say(const char *text)
{
	snprintf(why_text, sizeof(why_text), "%s", text);
}

/**
 * modfile_refuse - record why a call refuses a module file
 * @fmt: the reason, printf-style
 *
 * Return: -ENOEXEC.
 */
int modfile_refuse(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(why_text, sizeof(why_text), fmt, args);
	va_end(args);
	return -ENOEXEC;
}

/* Take @image (kmalloc'd) into a handle, checked; frees it on failure. */
static int modfile_take(void *image, size_t len, unsigned int flags,
			enum ldm_modfile_compression compression, struct ldm_modfile **ret)
{
	struct ldm_modfile *mf;
	int error;

	mf = kzalloc(sizeof(*mf), GFP_KERNEL);
	if (!mf) {
		kfree(image);
		say(strerror(ENOMEM));
		return -ENOMEM;
	}
	mf->image = image;
	mf->len = len;
	mf->flags = flags;
	mf->compression = compression;
	if (flags & LDM_MODFILE_LAZY)
		error = ldm_elf_parse_lazy(&mf->elf, image, len);
	else
		error = ldm_elf_parse(&mf->elf, image, len);
	if (error) {
		say(error == -ENOEXEC ? mf->elf.err : strerror(-error));
		ldm_modfile_free(mf);
		return error;
	}
	*ret = mf;
	return 0;
}

/* Inflate a compressed image (kmalloc'd, freed here) into a handle. */
static int take_compressed(void *in, size_t inlen, unsigned int flags, struct ldm_modfile **ret)
{
	enum ldm_modfile_compression c = module_compression(in, inlen);
	void *image = NULL;
	size_t len = 0;
	int error;

	/* A lazy reader checks each table it reads; the checksum costs a twentieth. */
	error = module_decompress(in, inlen, !(flags & LDM_MODFILE_LAZY), MODFILE_SIZE_MAX, &image,
				  &len, why_text, sizeof(why_text));
	kfree(in);
	if (error)
		return error;
	return modfile_take(image, len, flags, c, ret);
}

/* The file read whole, decompressed if it is compressed, then checked. */
static int open_whole(int fd, struct ldm_modfile **ret, unsigned int flags)
{
	void *image;
	ssize_t len;

	len = kernel_read_file_from_fd(fd, &image, MODFILE_SIZE_MAX);
	if (len < 0) {
		say(len == -EINVAL ? "not a regular file" : strerror((int)-len));
		return (int)len;
	}
	if (module_compression(image, (size_t)len) != LDM_MODFILE_PLAIN)
		return take_compressed(image, (size_t)len, flags, ret);
	return modfile_take(image, (size_t)len, flags, LDM_MODFILE_PLAIN, ret);
}

/* pread all of [off, off + len) or fail. */
static int read_at(int fd, void *buf, size_t len, unsigned long off)
{
	ssize_t n;

	while (len) {
		n = pread(fd, buf, len, (off_t)off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		buf = (char *)buf + n;
		len -= (size_t)n;
		off += (unsigned long)n;
	}
	return 0;
}

/* The sections a lazy handle's walks read: everything else stays on disk. */
static bool section_wanted(const Elf64_Shdr *sh, unsigned int i, const Elf64_Shdr *shdrs,
			   const Elf64_Ehdr *eh, const char *names, size_t names_len)
{
	const char *name = sh->sh_name < names_len ? names + sh->sh_name : "";

	if (i == eh->e_shstrndx || sh->sh_type == SHT_SYMTAB || !strcmp(name, ".modinfo") ||
	    !strncmp(name, "__ksymtab", 9) || !strcmp(name, "__kflagstab"))
		return true;
	/* The string table of the symbol table, and relocations of export tables. */
	if (sh->sh_type == SHT_STRTAB || sh->sh_type == SHT_RELA) {
		unsigned int j;

		for (j = 1; j < eh->e_shnum; j++) {
			const Elf64_Shdr *o = &shdrs[j];
			const char *oname = o->sh_name < names_len ? names + o->sh_name : "";

			if (sh->sh_type == SHT_STRTAB && o->sh_type == SHT_SYMTAB &&
			    o->sh_link == i)
				return true;
			if (sh->sh_type == SHT_RELA && sh->sh_info == j &&
			    !strncmp(oname, "__ksymtab", 9))
				return true;
		}
	}
	return false;
}

/*
 * What a lazy open reads of a plain module: its header, its section headers
 * and the sections its walks read, each pread into a compact image whose
 * section headers say where they now are; the other sections become
 * SHT_NOBITS there. The rest of the file is never read: for a tree of
 * thousands of modules, a tenth of their bytes. Anything odd in the headers
 * (checked against the file's size here, and the compact image by the ELF
 * checks) sends it the whole-file way, where the checks name it.
 */
struct sparse {
	Elf64_Ehdr eh;
	Elf64_Shdr *shdrs;
	char *names;
	size_t names_len, file_len;
};

static bool sparse_headers(int fd, struct sparse *sp)
{
	const Elf64_Ehdr *eh = &sp->eh;
	const Elf64_Shdr *ns;
	size_t shsize;

	if (sp->file_len < sizeof(*eh) || read_at(fd, &sp->eh, sizeof(*eh), 0) ||
	    memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shentsize != sizeof(Elf64_Shdr) || !eh->e_shnum || eh->e_shstrndx >= eh->e_shnum)
		return false;
	shsize = (size_t)eh->e_shnum * sizeof(Elf64_Shdr);
	if (eh->e_shoff > sp->file_len || shsize > sp->file_len - eh->e_shoff)
		return false;
	sp->shdrs = kmalloc(shsize, GFP_KERNEL);
	if (!sp->shdrs || read_at(fd, sp->shdrs, shsize, eh->e_shoff))
		return false;
	ns = &sp->shdrs[eh->e_shstrndx];
	if (ns->sh_offset > sp->file_len || ns->sh_size > sp->file_len - ns->sh_offset ||
	    !ns->sh_size || ns->sh_size > (1UL << 24))
		return false;
	sp->names_len = ns->sh_size;
	sp->names = kmalloc(sp->names_len, GFP_KERNEL);
	return sp->names && !read_at(fd, sp->names, sp->names_len, ns->sh_offset);
}

/* The compact image: header, section headers, wanted sections; NULL if odd. */
static void *sparse_image(int fd, struct sparse *sp, size_t *len)
{
	unsigned int n = sp->eh.e_shnum, i;
	size_t off = sizeof(Elf64_Ehdr) + (size_t)n * sizeof(Elf64_Shdr), total = off;
	unsigned char *img;
	Elf64_Shdr *sh;
	bool *want = kcalloc(n, sizeof(*want), GFP_KERNEL);

	if (!want)
		return NULL;
	for (i = 1; i < n; i++) {
		const Elf64_Shdr *s = &sp->shdrs[i];

		if (s->sh_type == SHT_NOBITS)
			continue;
		/* Any section past the end, read or not: the whole-file checks name it. */
		if (s->sh_offset > sp->file_len || s->sh_size > sp->file_len - s->sh_offset)
			goto odd;
		if (s->sh_type == SHT_NULL ||
		    !section_wanted(s, i, sp->shdrs, &sp->eh, sp->names, sp->names_len))
			continue;
		want[i] = true;
		total = ((total + 7) & ~(size_t)7) + s->sh_size;
	}
	img = kmalloc(total, GFP_KERNEL);
	if (!img)
		goto odd;
	sh = (Elf64_Shdr *)(img + sizeof(Elf64_Ehdr));
	memcpy(img, &sp->eh, sizeof(Elf64_Ehdr));
	((Elf64_Ehdr *)img)->e_shoff = sizeof(Elf64_Ehdr);
	memcpy(sh, sp->shdrs, (size_t)n * sizeof(Elf64_Shdr));
	for (i = 1; i < n; i++) {
		if (!want[i]) {
			if (sh[i].sh_type != SHT_NULL)
				sh[i].sh_type = SHT_NOBITS;
			continue;
		}
		off = (off + 7) & ~(size_t)7;
		if (read_at(fd, img + off, sh[i].sh_size, sh[i].sh_offset)) {
			kfree(img);
			goto odd;
		}
		sh[i].sh_offset = off;
		off += sh[i].sh_size;
	}
	kfree(want);
	*len = total;
	return img;
odd:
	kfree(want);
	return NULL;
}

/* A lazy open: the parts walks read, or all of a compressed file. */
static int open_lazy(int fd, struct ldm_modfile **ret, unsigned int flags)
{
	struct sparse sp = { 0 };
	unsigned char magic[6];
	struct stat st;
	void *image = NULL;
	size_t len = 0;
	ssize_t n;

	if (fstat(fd, &st)) {
		say(strerror(errno));
		return -errno;
	}
	if (!S_ISREG(st.st_mode)) {
		say("not a regular file");
		return -EINVAL;
	}
	sp.file_len = (size_t)st.st_size;
	n = sp.file_len >= sizeof(magic) ? pread(fd, magic, sizeof(magic), 0) : 0;
	if (n == (ssize_t)sizeof(magic) &&
	    module_compression(magic, sizeof(magic)) == LDM_MODFILE_PLAIN &&
	    sparse_headers(fd, &sp))
		image = sparse_image(fd, &sp, &len);
	kfree(sp.shdrs);
	kfree(sp.names);
	if (image)
		return modfile_take(image, len, flags, LDM_MODFILE_PLAIN, ret);
	return open_whole(fd, ret, flags);
}

/**
 * ldm_modfile_openat - read and check a module file, decompressing it if it
 * is compressed
 * @dirfd: the directory @path is relative to, or AT_FDCWD
 * @path: the file
 * @flags: LDM_MODFILE_LAZY, or 0
 * @ret: gets the handle
 *
 * Return: 0; -ENOEXEC for a malformed image or compressed data that is
 * corrupt or truncated, -EFBIG for one over 64 MiB (decompressed too),
 * -EINVAL for a file that is not regular or an unknown flag, -ENOMEM, or
 * the error of opening or reading.
 */
int ldm_modfile_openat(int dirfd, const char *path, unsigned int flags, struct ldm_modfile **ret)
{
	int fd, error;

	if (flags & ~LDM_MODFILE_LAZY) {
		say(strerror(EINVAL));
		return -EINVAL;
	}
	fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		error = -errno;
		say(strerror(-error));
		return error;
	}
	if (flags & LDM_MODFILE_LAZY)
		error = open_lazy(fd, ret, flags);
	else
		error = open_whole(fd, ret, flags);
	close(fd);
	return error;
}

/**
 * ldm_modfile_open - read and check a module file, decompressing it if it
 * is compressed
 * @path: the file
 * @ret: gets the handle
 *
 * Return: as ldm_modfile_openat().
 */
int ldm_modfile_open(const char *path, struct ldm_modfile **ret)
{
	return ldm_modfile_openat(AT_FDCWD, path, 0, ret);
}

/**
 * ldm_modfile_new - check a module image held in memory, decompressing it
 * if it is compressed
 * @image: the image, copied
 * @len: its length
 * @ret: gets the handle
 *
 * Return: as ldm_modfile_open().
 */
int ldm_modfile_new(const void *image, size_t len, struct ldm_modfile **ret)
{
	void *copy;

	if (len > MODFILE_SIZE_MAX) {
		say(strerror(EFBIG));
		return -EFBIG;
	}
	copy = kmalloc(len ? len : 1, GFP_KERNEL);
	if (!copy) {
		say(strerror(ENOMEM));
		return -ENOMEM;
	}
	memcpy(copy, image, len);
	if (module_compression(copy, len) != LDM_MODFILE_PLAIN)
		return take_compressed(copy, len, 0, ret);
	return modfile_take(copy, len, 0, LDM_MODFILE_PLAIN, ret);
}

/** ldm_modfile_free - drop a handle and what it read; NULL is ignored */
void ldm_modfile_free(struct ldm_modfile *mf)
{
	if (!mf)
		return;
	kfree(mf->image);
	kfree(mf);
}

/**
 * ldm_modfile_why - why the last call of this thread that failed did
 *
 * Return: for -ENOEXEC, what is malformed; else the error's text; "" if no
 * call of this thread has failed. Valid until the thread's next call.
 */
const char *ldm_modfile_why(void)
{
	return why_text;
}

/** ldm_modfile_compression - how the file of @mf was compressed */
enum ldm_modfile_compression ldm_modfile_compression(const struct ldm_modfile *mf)
{
	return mf->compression;
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
 * Return: 0, -ERANGE for no such symbol, or -ENOEXEC for a malformed one
 * (of a handle opened with LDM_MODFILE_LAZY).
 */
int ldm_modfile_symbol(const struct ldm_modfile *mf, size_t idx, struct ldm_modfile_symbol *ret)
{
	if (idx >= mf->elf.nsyms)
		return -ERANGE;
	if ((mf->flags & LDM_MODFILE_LAZY) && ldm_elf_sym_check(&mf->elf, idx, why_text))
		return -ENOEXEC;
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

/* An export table: its section, and the license its entries have. */
struct ksymtab {
	const char *section;
	enum ldm_export_license license;
};

static const struct ksymtab ksymtabs[] = {
	{ "__ksymtab", LDM_EXPORT_ALL },
	{ "__ksymtab_gpl", LDM_EXPORT_GPL },
	/* 2.6 to 5.11: exports to be made GPL-only, and those marked unused */
	{ "__ksymtab_gpl_future", LDM_EXPORT_ALL },
	{ "__ksymtab_unused", LDM_EXPORT_ALL },
	{ "__ksymtab_unused_gpl", LDM_EXPORT_GPL },
};

/*
 * The layout of an export table's entries: @nfields fields of @field bytes
 * each, the value, the name and maybe the namespace, each set by a
 * relocation (absolute, or relative to the field's own place).
 */
struct ksym_layout {
	unsigned int field, nfields;
};

static const struct ksym_layout abs_layouts[] = { { 8, 2 }, { 8, 3 } };
static const struct ksym_layout rel_layouts[] = { { 4, 3 }, { 4, 2 } };

/* An export table being read: its section, and its relocations by field. */
struct ksym_table {
	const struct ldm_modfile *mf;
	unsigned int idx;
	const Elf64_Shdr *sh;
	const Elf64_Rela **at; /* per field, NULL where none applies */
	size_t nfields_total;
	unsigned int field;
};

/* Whether section @idx holds the strings of export tables. */
static bool string_section(const struct ldm_elf *elf, unsigned int idx)
{
	return (elf->sechdrs[idx].sh_flags & SHF_STRINGS) ||
	       !strcmp(ldm_elf_section_name(elf, idx), "__ksymtab_strings");
}

/*
 * The string a relocation points at: its symbol's section at the symbol's
 * value plus the addend, NUL-terminated within a section of strings. NULL
 * if it is not one.
 */
static const char *reloc_string(const struct ldm_modfile *mf, const Elf64_Rela *r)
{
	const struct ldm_elf *elf = &mf->elf;
	size_t symidx = ELF64_R_SYM(r->r_info);
	const Elf64_Sym *sym = &elf->syms[symidx];
	const Elf64_Shdr *sh;
	long long off;
	const char *base;

	if ((mf->flags & LDM_MODFILE_LAZY) && ldm_elf_sym_check(&mf->elf, symidx, why_text))
		return NULL;
	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE ||
	    !string_section(elf, sym->st_shndx))
		return NULL;
	sh = &elf->sechdrs[sym->st_shndx];
	off = (long long)sym->st_value + r->r_addend;
	if (sh->sh_type == SHT_NOBITS || off < 0 || (unsigned long long)off >= sh->sh_size)
		return NULL;
	base = (const char *)elf->image + sh->sh_offset;
	if (!memchr(base + off, '\0', sh->sh_size - (size_t)off))
		return NULL;
	return base + off;
}

/* Whether every entry reads under @lay: a value, a name, maybe a namespace. */
static bool layout_fits(const struct ksym_table *t, const struct ksym_layout *lay)
{
	size_t stride = (size_t)lay->field * lay->nfields, n, i;

	if (lay->field != t->field || t->sh->sh_size % stride)
		return false;
	n = t->sh->sh_size / stride;
	for (i = 0; i < n; i++) {
		const Elf64_Rela **f = &t->at[i * lay->nfields];

		/* A value is never a string: a table read with the wrong stride shows. */
		if (!f[0] || !f[1] || reloc_string(t->mf, f[0]) || !reloc_string(t->mf, f[1]))
			return false;
		if (lay->nfields == 3 && f[2] && !reloc_string(t->mf, f[2]))
			return false;
	}
	return true;
}

/* The relocation section that applies to section @idx, or 0. */
static unsigned int rela_for(const struct ldm_elf *elf, unsigned int idx)
{
	unsigned int i;

	for (i = 1; i < elf->nsec; i++)
		if (elf->sechdrs[i].sh_type == SHT_RELA && elf->sechdrs[i].sh_info == idx)
			return i;
	return 0;
}

/* Index the relocations of the table by the field they set. */
static int index_relocations(struct ksym_table *t, unsigned int rela_idx)
{
	const struct ldm_modfile *mf = t->mf;
	const struct ldm_elf *elf = &mf->elf;
	const Elf64_Shdr *rsh = &elf->sechdrs[rela_idx];
	const Elf64_Rela *rela = (const Elf64_Rela *)(elf->image + rsh->sh_offset);
	size_t n = rsh->sh_size / sizeof(*rela), i;
	const char *name = ldm_elf_section_name(elf, t->idx);

	if ((mf->flags & LDM_MODFILE_LAZY) && ldm_elf_rela_check(&mf->elf, rela_idx, why_text))
		return -ENOEXEC;
	if (!n)
		return 0;
	switch (ELF64_R_TYPE(rela[0].r_info)) {
	case R_X86_64_64:
		t->field = 8;
		break;
	case R_X86_64_PC32:
	case R_X86_64_PLT32:
		t->field = 4;
		break;
	default:
		return modfile_refuse("%s: relocation type %lu, not one of an export table", name,
				      (unsigned long)ELF64_R_TYPE(rela[0].r_info));
	}
	t->nfields_total = t->sh->sh_size / t->field;
	t->at = kcalloc(t->nfields_total ? t->nfields_total : 1, sizeof(*t->at), GFP_KERNEL);
	if (!t->at)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		unsigned int type = (unsigned int)ELF64_R_TYPE(rela[i].r_info);
		bool abs = type == R_X86_64_64;

		if (abs != (t->field == 8) ||
		    (!abs && type != R_X86_64_PC32 && type != R_X86_64_PLT32))
			return modfile_refuse("%s: relocation %zu has type %u, unlike the others",
					      name, i, type);
		if (rela[i].r_offset % t->field || rela[i].r_offset / t->field >= t->nfields_total)
			return modfile_refuse("%s: relocation %zu at offset %lu is not at a field",
					      name, i, (unsigned long)rela[i].r_offset);
		t->at[rela[i].r_offset / t->field] = &rela[i];
	}
	return 0;
}

/* The per-symbol flags of __kflagstab for @n entries of __ksymtab, or NULL. */
static const unsigned char *flags_table(const struct ldm_modfile *mf, size_t n, int *error)
{
	const struct ldm_elf *elf = &mf->elf;
	unsigned int idx = ldm_elf_find_section(elf, "__kflagstab");
	const Elf64_Shdr *sh;

	*error = 0;
	if (!idx)
		return NULL;
	sh = &elf->sechdrs[idx];
	if (sh->sh_type == SHT_NOBITS || sh->sh_size != n) {
		*error = modfile_refuse("__kflagstab has %lu bytes for %zu exports",
					(unsigned long)sh->sh_size, n);
		return NULL;
	}
	return elf->image + sh->sh_offset;
}

/* Walk one table whose entries are read through their relocations. */
static int walk_relocated(struct ksym_table *t, enum ldm_export_license license,
			  int (*fn)(const struct ldm_modfile_export *exp, void *data), void *data)
{
	const struct ksym_layout *lays = t->field == 8 ? abs_layouts : rel_layouts;
	const struct ksym_layout *lay = NULL;
	const unsigned char *flags;
	struct ldm_modfile_export exp;
	size_t n, i;
	int error;

	for (i = 0; i < 2 && !lay; i++)
		if (layout_fits(t, &lays[i]))
			lay = &lays[i];
	if (!lay)
		return modfile_refuse("%s: entries in no export table layout ldm reads",
				      ldm_elf_section_name(&t->mf->elf, t->idx));
	n = t->sh->sh_size / ((size_t)lay->field * lay->nfields);
	flags = NULL;
	if (!strcmp(ldm_elf_section_name(&t->mf->elf, t->idx), "__ksymtab")) {
		flags = flags_table(t->mf, n, &error);
		if (error)
			return error;
	}
	for (i = 0; i < n; i++) {
		const Elf64_Rela **f = &t->at[i * lay->nfields];

		exp.name = reloc_string(t->mf, f[1]);
		exp.ns = lay->nfields == 3 && f[2] ? reloc_string(t->mf, f[2]) : "";
		exp.license = flags ? (flags[i] & 1 ? LDM_EXPORT_GPL : LDM_EXPORT_ALL) : license;
		error = fn(&exp, data);
		if (error)
			return error;
	}
	return 0;
}

/*
 * A table without relocations (an image linked to its addresses): its
 * entries are found by the labels __ksymtab_NAME that EXPORT_SYMBOL puts
 * on them.
 */
static int walk_labels(const struct ldm_modfile *mf, unsigned int idx,
		       enum ldm_export_license license,
		       int (*fn)(const struct ldm_modfile_export *exp, void *data), void *data)
{
	const struct ldm_elf *elf = &mf->elf;
	struct ldm_modfile_export exp = { .license = license, .ns = "" };
	size_t i;
	int error;

	for (i = 1; i < elf->nsyms; i++) {
		const Elf64_Sym *sym = &elf->syms[i];
		const char *name;

		if (sym->st_shndx != idx)
			continue;
		if ((mf->flags & LDM_MODFILE_LAZY) && ldm_elf_sym_check(&mf->elf, i, why_text))
			return -ENOEXEC;
		name = ldm_elf_sym_name(elf, sym);
		if (strncmp(name, "__ksymtab_", 10) || !name[10])
			continue;
		exp.name = name + 10;
		error = fn(&exp, data);
		if (error)
			return error;
	}
	return 0;
}

static int walk_table(const struct ldm_modfile *mf, unsigned int idx,
		      enum ldm_export_license license,
		      int (*fn)(const struct ldm_modfile_export *exp, void *data), void *data)
{
	const struct ldm_elf *elf = &mf->elf;
	struct ksym_table t = { .mf = mf, .idx = idx };
	unsigned int rela;
	int error;

	t.sh = &elf->sechdrs[t.idx];
	if (t.sh->sh_type == SHT_NOBITS || !t.sh->sh_size)
		return 0;
	rela = rela_for(elf, t.idx);
	if (!rela)
		return walk_labels(mf, t.idx, license, fn, data);
	error = index_relocations(&t, rela);
	if (!error && t.at)
		error = walk_relocated(&t, license, fn, data);
	kfree(t.at);
	return error;
}

/**
 * ldm_modfile_for_each_export - walk the module's exports
 * @mf: the module file
 * @fn: called for each
 * @data: for @fn
 *
 * Return: 0, the first non-zero return of @fn, -ENOEXEC for an export
 * table that cannot be read (ldm_modfile_why() says why), or -ENOMEM.
 */
int ldm_modfile_for_each_export(const struct ldm_modfile *mf,
				int (*fn)(const struct ldm_modfile_export *exp, void *data),
				void *data)
{
	size_t i;
	int error;

	for (i = 0; i < ARRAY_SIZE(ksymtabs); i++) {
		unsigned int idx = 0;

		/* An object clang made has a table section per export. */
		while ((idx = ldm_elf_next_section(&mf->elf, ksymtabs[i].section, idx))) {
			error = walk_table(mf, idx, ksymtabs[i].license, fn, data);
			if (error)
				return error;
		}
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
 * Return: 0, the first non-zero return of @fn, or -ENOEXEC for a
 * malformed symbol (ldm_modfile_why() says why).
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
		if ((mf->flags & LDM_MODFILE_LAZY) && ldm_elf_sym_check(&mf->elf, i, why_text))
			return -ENOEXEC;
		fill_symbol(elf, sym, &s);
		if (!*s.name || linked_by_module(s.name))
			continue;
		error = fn(&s, data);
		if (error)
			return error;
	}
	return 0;
}
