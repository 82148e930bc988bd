// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-elf.c - malformed images: a good module (reloc_lib built by
 * gcc -O2 -fPIC) corrupted in memory, one way per case. Each load runs in
 * a child with stderr captured: it must return the expected negative errno,
 * print a message naming the problem, leave nothing behind (no
 * /module/<name>, no export, no driver, no taint), leak nothing
 * (LeakSanitizer checks the child at exit), and the good image must load
 * and unload after it in the same runtime.
 */
#include <elf.h>

#include "modtest.h"

#define GOOD "reloc_lib_gcc_o2_pic"

/* A copy of the good image, with its headers at hand. */
struct img {
	unsigned char *p;
	size_t len;
	Elf64_Ehdr *eh;
	Elf64_Shdr *sh;
	const char *shstr;
	Elf64_Sym *syms;
	size_t nsyms;
	char *strtab;
	unsigned int symtab;
};

struct bad_case {
	const char *what;
	void (*mutate)(struct img *m, char *msg, size_t size);
	int expect;
};

static struct ko good;

static unsigned int sec_index(const struct img *m, const char *name)
{
	unsigned int i;

	for (i = 1; i < m->eh->e_shnum; i++)
		if (!strcmp(m->shstr + m->sh[i].sh_name, name))
			return i;
	FAIL("no section %s in %s", name, GOOD);
}

static Elf64_Shdr *sec(const struct img *m, const char *name)
{
	return &m->sh[sec_index(m, name)];
}

static size_t sym_index(const struct img *m, const char *name)
{
	size_t i;

	for (i = 1; i < m->nsyms; i++)
		if (!strcmp(m->strtab + m->syms[i].st_name, name))
			return i;
	FAIL("no symbol %s in %s", name, GOOD);
}

/* The relocations that apply to section @target. */
static Elf64_Rela *relas(const struct img *m, const char *target, size_t *n)
{
	unsigned int t = sec_index(m, target), i;

	for (i = 1; i < m->eh->e_shnum; i++)
		if (m->sh[i].sh_type == SHT_RELA && m->sh[i].sh_info == t) {
			*n = m->sh[i].sh_size / sizeof(Elf64_Rela);
			return (Elf64_Rela *)(m->p + m->sh[i].sh_offset);
		}
	FAIL("no relocations for %s", target);
}

/* The first relocation of @target of type @type, against @symbol if not NULL. */
static Elf64_Rela *find_rela(const struct img *m, const char *target, unsigned int type,
			     const char *symbol)
{
	size_t n, i;
	Elf64_Rela *r = relas(m, target, &n);

	for (i = 0; i < n; i++)
		if (ELF64_R_TYPE(r[i].r_info) == type &&
		    (!symbol || ELF64_R_SYM(r[i].r_info) == sym_index(m, symbol)))
			return &r[i];
	FAIL("no relocation of type %u in %s", type, target);
}

static unsigned char *find_bytes(const struct img *m, const char *s)
{
	unsigned char *p = memmem(m->p, m->len, s, strlen(s) + 1);

	ASSERT(p);
	return p;
}

static void img_open(struct img *m)
{
	unsigned int i;

	m->len = good.len;
	m->p = ko_dup(&good);
	m->eh = (Elf64_Ehdr *)m->p;
	m->sh = (Elf64_Shdr *)(m->p + m->eh->e_shoff);
	m->shstr = (const char *)m->p + m->sh[m->eh->e_shstrndx].sh_offset;
	for (i = 1; i < m->eh->e_shnum; i++)
		if (m->sh[i].sh_type == SHT_SYMTAB)
			m->symtab = i;
	m->syms = (Elf64_Sym *)(m->p + m->sh[m->symtab].sh_offset);
	m->nsyms = m->sh[m->symtab].sh_size / sizeof(Elf64_Sym);
	m->strtab = (char *)m->p + m->sh[m->sh[m->symtab].sh_link].sh_offset;
}

/* The runtime must be as it was: nothing of the module, no taint. */
static void assert_nothing_left(void)
{
	ASSERT(!node_exists("/module/" GOOD));
	ASSERT_EQ(export_value("reloc_lib_switch"), 0);
	ASSERT_EQ(export_value("reloc_lib_counter"), 0);
	ASSERT(!node_exists("/bus/platform/drivers/reloc_drv"));
	ASSERT_EQ(tainted(), 0);
}

static void load_bad(void *arg)
{
	const struct bad_case *c = arg;
	struct img m;
	char msg[256];
	int error;

	img_open(&m);
	c->mutate(&m, msg, sizeof(msg));
	error = ldm_init_module(m.p, m.len, NULL);
	free(m.p);
	if (error != c->expect)
		FAIL("%s: ldm_init_module returned %d, expected %d", c->what, error, c->expect);
	assert_nothing_left();
	ASSERT_OK(ldm_init_module(good.image, good.len, NULL));
	ASSERT_OK(ldm_delete_module(GOOD, 0));
	assert_nothing_left();
	fflush(NULL);
	exit(0);
}

static void run_cases(const struct bad_case *cases, size_t n)
{
	size_t i;

	ko_read(&good, GOOD);
	for (i = 0; i < n; i++) {
		struct img m;
		char msg[256] = "";
		char *err;

		/* The expected message, from a mutation of a copy of our own. */
		img_open(&m);
		cases[i].mutate(&m, msg, sizeof(msg));
		free(m.p);
		err = run_captured(load_bad, (void *)&cases[i]);
		if (!strstr(err, msg))
			FAIL("%s: expected \"%s\" in:\n%s", cases[i].what, msg, err);
		free(err);
	}
	ko_free(&good);
}

#define MSG(...)  snprintf(msg, size, __VA_ARGS__)
#define MALFORMED "module: malformed ELF image: "

/* The header. */

static void not_elf(struct img *m, char *msg, size_t size)
{
	m->p[1] = 'X';
	MSG(MALFORMED "not an ELF file (bad magic)\n");
}

static void elf32(struct img *m, char *msg, size_t size)
{
	m->p[EI_CLASS] = ELFCLASS32;
	MSG(MALFORMED "not a 64-bit little-endian ELF file\n");
}

static void big_endian(struct img *m, char *msg, size_t size)
{
	m->p[EI_DATA] = ELFDATA2MSB;
	MSG(MALFORMED "not a 64-bit little-endian ELF file\n");
}

static void shared_object(struct img *m, char *msg, size_t size)
{
	m->eh->e_type = ET_DYN;
	MSG(MALFORMED "ELF type 3 is not ET_REL (a module is a relocatable object)\n");
}

static void executable(struct img *m, char *msg, size_t size)
{
	m->eh->e_type = ET_EXEC;
	MSG(MALFORMED "ELF type 2 is not ET_REL (a module is a relocatable object)\n");
}

static void i386(struct img *m, char *msg, size_t size)
{
	m->eh->e_machine = EM_386;
	MSG(MALFORMED "machine 3 is not x86-64\n");
}

static void shentsize(struct img *m, char *msg, size_t size)
{
	m->eh->e_shentsize = 40;
	MSG(MALFORMED "section header size 40, expected 64\n");
}

static void shnum_zero(struct img *m, char *msg, size_t size)
{
	m->eh->e_shnum = 0;
	MSG(MALFORMED "section count 0 out of range\n");
}

static void shnum_huge(struct img *m, char *msg, size_t size)
{
	m->eh->e_shnum = 0xffff;
	MSG(MALFORMED "section count 65535 out of range\n");
}

static void shnum_one_more(struct img *m, char *msg, size_t size)
{
	m->eh->e_shnum++;
	MSG(MALFORMED "section headers at offset %lu run past the end of the file\n",
	    (unsigned long)m->eh->e_shoff);
}

static void shoff_at_end(struct img *m, char *msg, size_t size)
{
	m->eh->e_shoff = m->len;
	MSG(MALFORMED "section headers at offset %zu run past the end of the file\n", m->len);
}

static void shoff_wraps(struct img *m, char *msg, size_t size)
{
	m->eh->e_shoff = ~0UL - 63;
	MSG(MALFORMED "section headers at offset %lu run past the end of the file\n", ~0UL - 63);
}

static void shoff_misaligned(struct img *m, char *msg, size_t size)
{
	m->eh->e_shoff -= 4;
	MSG(MALFORMED "section headers at offset %lu are misaligned\n",
	    (unsigned long)m->eh->e_shoff);
}

static void shstrndx_out_of_range(struct img *m, char *msg, size_t size)
{
	m->eh->e_shstrndx = m->eh->e_shnum;
	MSG(MALFORMED "section name table index %u out of range\n", m->eh->e_shnum);
}

static void shstrndx_not_strtab(struct img *m, char *msg, size_t size)
{
	m->eh->e_shstrndx = (Elf64_Half)m->symtab;
	MSG(MALFORMED "section name table is missing or runs past the file\n");
}

static const struct bad_case header_cases[] = {
	{ "bad magic", not_elf, -ENOEXEC },
	{ "a 32-bit file", elf32, -ENOEXEC },
	{ "a big-endian file", big_endian, -ENOEXEC },
	{ "a shared object", shared_object, -ENOEXEC },
	{ "an executable", executable, -ENOEXEC },
	{ "an i386 object", i386, -ENOEXEC },
	{ "a wrong e_shentsize", shentsize, -ENOEXEC },
	{ "no sections", shnum_zero, -ENOEXEC },
	{ "65535 sections", shnum_huge, -ENOEXEC },
	{ "one section more than the file holds", shnum_one_more, -ENOEXEC },
	{ "e_shoff at the end", shoff_at_end, -ENOEXEC },
	{ "e_shoff that wraps around", shoff_wraps, -ENOEXEC },
	{ "e_shoff misaligned", shoff_misaligned, -ENOEXEC },
	{ "e_shstrndx out of range", shstrndx_out_of_range, -ENOEXEC },
	{ "e_shstrndx not a string table", shstrndx_not_strtab, -ENOEXEC },
};

DEFINE_TEST(
	test_elf_refuses_bad_headers,
	.description =
		"bad magic, a 32-bit or big-endian file, ET_DYN and ET_EXEC, another machine, bad e_shentsize, e_shnum, e_shoff, e_shstrndx: each refused with -ENOEXEC and a message naming it")
{
	run_cases(header_cases, ARRAY_SIZE(header_cases));
}

/* Truncations: every length below the full one is refused. */
static void load_truncated(void *arg)
{
	size_t len, step = *(size_t *)arg;

	ko_read(&good, GOOD);
	for (len = 0; len < good.len; len += step) {
		unsigned char *copy = malloc(len + 1);
		int error;

		ASSERT(copy);
		memcpy(copy, good.image, len);
		error = ldm_init_module(copy, len, NULL);
		free(copy);
		if (error != -ENOEXEC)
			FAIL("a copy truncated to %zu bytes: %d", len, error);
	}
	assert_nothing_left();
	ASSERT_OK(ldm_init_module(good.image, good.len, NULL));
	ko_free(&good);
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_elf_refuses_truncated_images,
	.description =
		"the module truncated at every length, 0 to its size less one: each refused with -ENOEXEC, naming what is cut (0 bytes too, as 1 byte)")
{
	size_t step = 1;
	char *err, msg[128];

	err = run_captured(load_truncated, &step);
	ASSERT_CONTAINS(err, MALFORMED "truncated: 0 bytes is smaller than an ELF header\n");
	ASSERT_CONTAINS(err, MALFORMED "truncated: 1 bytes is smaller than an ELF header\n");
	ASSERT_CONTAINS(err, MALFORMED "truncated: 10 bytes is smaller than an ELF header\n");
	ko_read(&good, GOOD);
	snprintf(msg, sizeof(msg),
		 MALFORMED "section headers at offset %lu run past the end of "
			   "the file\n",
		 (unsigned long)((Elf64_Ehdr *)good.image)->e_shoff);
	ko_free(&good);
	ASSERT_CONTAINS(err, msg);
	free(err);
}

/* Sections. */

static void text_past_end(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".text");

	m->sh[i].sh_offset = m->len;
	MSG(MALFORMED "section %u (offset %zu, size %lu) runs past the end of the file\n", i,
	    m->len, (unsigned long)m->sh[i].sh_size);
}

static void text_offset_wraps(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".text");

	m->sh[i].sh_offset = ~0UL - 7;
	MSG(MALFORMED "section %u (offset %lu, size %lu) runs past the end of the file\n", i,
	    ~0UL - 7, (unsigned long)m->sh[i].sh_size);
}

static void strtab_one_byte_too_long(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".strtab");

	m->sh[i].sh_size = m->len - m->sh[i].sh_offset + 1;
	MSG(MALFORMED "section %u (offset %lu, size %lu) runs past the end of the file\n", i,
	    (unsigned long)m->sh[i].sh_offset, (unsigned long)m->sh[i].sh_size);
}

static void text_huge(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".text");

	m->sh[i].sh_size = 1UL << 40;
	MSG(MALFORMED "section %u is %lu bytes, too large\n", i, 1UL << 40);
}

static void text_size_wraps(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".text");

	m->sh[i].sh_size = ~0UL;
	MSG(MALFORMED "section %u is %lu bytes, too large\n", i, ~0UL);
}

static void bss_huge(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".bss");

	m->sh[i].sh_size = 1UL << 33;
	MSG(MALFORMED "section %u is %lu bytes, too large\n", i, 1UL << 33);
}

static void null_section_anywhere(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".data");

	/* An allocated section of type SHT_NULL must not escape the checks. */
	m->sh[i].sh_type = SHT_NULL;
	m->sh[i].sh_offset = 1UL << 40;
	MSG(MALFORMED "section %u (offset %lu, size %lu) runs past the end of the file\n", i,
	    1UL << 40, (unsigned long)m->sh[i].sh_size);
}

static void overlapping(struct img *m, char *msg, size_t size)
{
	unsigned int t = sec_index(m, ".text"), d = sec_index(m, ".data");

	m->sh[d].sh_offset = m->sh[t].sh_offset + 8;
	MSG(MALFORMED "sections %u and %u overlap in the file\n", t, d);
}

static void overlapping_headers(struct img *m, char *msg, size_t size)
{
	unsigned int s = sec_index(m, ".strtab"), r = sec_index(m, ".rela.text");

	/* .rela.text moved over the end of .strtab, which precedes it */
	m->sh[r].sh_offset = m->sh[s].sh_offset + m->sh[s].sh_size - 8;
	MSG(MALFORMED "sections %u and %u overlap in the file\n", s, r);
}

static void not_power_of_two(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".data");

	m->sh[i].sh_addralign = 24;
	MSG(MALFORMED "section %u has alignment 24, not a power of two\n", i);
}

static void alignment_too_large(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".bss");

	m->sh[i].sh_addralign = 1UL << 20;
	MSG(MALFORMED "section %u asks for alignment %lu, more than a page\n", i, 1UL << 20);
}

static void name_past_table(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".data");

	m->sh[i].sh_name = (Elf64_Word)m->sh[m->eh->e_shstrndx].sh_size;
	MSG(MALFORMED "section %u has a name offset past the name table\n", i);
}

static void shstrtab_unterminated(struct img *m, char *msg, size_t size)
{
	Elf64_Shdr *s = &m->sh[m->eh->e_shstrndx];

	m->p[s->sh_offset + s->sh_size - 1] = 'x';
	MSG(MALFORMED "section name table is not NUL-terminated\n");
}

static void modinfo_nobits(struct img *m, char *msg, size_t size)
{
	sec(m, ".modinfo")->sh_type = SHT_NOBITS;
	MSG(MALFORMED ".modinfo has no contents\n");
}

static const struct bad_case section_cases[] = {
	{ ".text past the end", text_past_end, -ENOEXEC },
	{ ".text at an offset that wraps", text_offset_wraps, -ENOEXEC },
	{ ".strtab one byte longer than the file", strtab_one_byte_too_long, -ENOEXEC },
	{ ".text of a terabyte", text_huge, -ENOEXEC },
	{ ".text of 2^64-1 bytes", text_size_wraps, -ENOEXEC },
	{ ".bss of 8 GiB", bss_huge, -ENOEXEC },
	{ "an SHT_NULL section anywhere", null_section_anywhere, -ENOEXEC },
	{ ".data over .text", overlapping, -ENOEXEC },
	{ ".rela.text over .strtab", overlapping_headers, -ENOEXEC },
	{ "alignment 24", not_power_of_two, -ENOEXEC },
	{ "alignment of a megabyte", alignment_too_large, -ENOEXEC },
	{ "a name past .shstrtab", name_past_table, -ENOEXEC },
	{ ".shstrtab unterminated", shstrtab_unterminated, -ENOEXEC },
	{ ".modinfo without contents", modinfo_nobits, -ENOEXEC },
};

DEFINE_TEST(
	test_elf_refuses_bad_sections,
	.description =
		"section offsets and sizes past the end or wrapping, huge sizes, SHT_NULL sections anywhere, overlapping sections, bad alignment and names: each refused with a message naming the section")
{
	run_cases(section_cases, ARRAY_SIZE(section_cases));
}

/* The symbol table and the relocations. */

static void symtab_link_out_of_range(struct img *m, char *msg, size_t size)
{
	m->sh[m->symtab].sh_link = m->eh->e_shnum + 3;
	MSG(MALFORMED "symbol table links to string table %u, out of range\n", m->eh->e_shnum + 3);
}

static void symtab_link_zero(struct img *m, char *msg, size_t size)
{
	m->sh[m->symtab].sh_link = 0;
	MSG(MALFORMED "symbol table links to string table 0, out of range\n");
}

static void symtab_link_not_strtab(struct img *m, char *msg, size_t size)
{
	unsigned int t = sec_index(m, ".text");

	m->sh[m->symtab].sh_link = t;
	MSG(MALFORMED "symbol string table %u is not a string table\n", t);
}

static void symtab_entsize(struct img *m, char *msg, size_t size)
{
	m->sh[m->symtab].sh_entsize = 16;
	MSG(MALFORMED "symbol table entry size 16, expected 24\n");
}

static void no_symtab(struct img *m, char *msg, size_t size)
{
	m->sh[m->symtab].sh_type = SHT_PROGBITS;
	MSG(MALFORMED "no symbol table\n");
}

static void two_symtabs(struct img *m, char *msg, size_t size)
{
	sec(m, ".rela.text")->sh_type = SHT_SYMTAB;
	MSG(MALFORMED "more than one symbol table\n");
}

static void strtab_unterminated(struct img *m, char *msg, size_t size)
{
	Elf64_Shdr *s = &m->sh[m->sh[m->symtab].sh_link];

	m->p[s->sh_offset + s->sh_size - 1] = 'x';
	MSG(MALFORMED "symbol string table is not NUL-terminated\n");
}

static void sym_name_out_of_range(struct img *m, char *msg, size_t size)
{
	size_t i = sym_index(m, "reloc_lib_switch");

	m->syms[i].st_name = (Elf64_Word)m->sh[m->sh[m->symtab].sh_link].sh_size;
	MSG(MALFORMED "symbol %zu has a name offset past the string table\n", i);
}

static void sym_section_out_of_range(struct img *m, char *msg, size_t size)
{
	m->syms[sym_index(m, "reloc_lib_switch")].st_shndx = m->eh->e_shnum;
	MSG(MALFORMED "symbol reloc_lib_switch refers to section %u, out of range\n",
	    m->eh->e_shnum);
}

static void sym_outside_section(struct img *m, char *msg, size_t size)
{
	Elf64_Sym *s = &m->syms[sym_index(m, "reloc_lib_switch")];

	s->st_value = m->sh[s->st_shndx].sh_size - 2;
	MSG(MALFORMED "symbol reloc_lib_switch lies outside its section\n");
}

static void sym_common(struct img *m, char *msg, size_t size)
{
	m->syms[sym_index(m, "reloc_lib_counter")].st_shndx = SHN_COMMON;
	MSG(MALFORMED "symbol reloc_lib_counter is a common symbol (build with -fno-common)\n");
}

static void sym_special_section(struct img *m, char *msg, size_t size)
{
	m->syms[sym_index(m, "reloc_lib_counter")].st_shndx = SHN_LORESERVE + 1;
	MSG("reloc_lib_gcc_o2_pic: symbol reloc_lib_counter in special section 0xff01\n");
}

static void rela_sym_out_of_range(struct img *m, char *msg, size_t size)
{
	size_t n;
	Elf64_Rela *r = relas(m, ".text", &n);

	r[3].r_info = ELF64_R_INFO(m->nsyms, ELF64_R_TYPE(r[3].r_info));
	MSG(MALFORMED "relocation 3 of .rela.text names symbol %zu, out of range\n", m->nsyms);
}

static void rela_offset_at_end(struct img *m, char *msg, size_t size)
{
	size_t n, end = sec(m, ".text")->sh_size;
	Elf64_Rela *r = relas(m, ".text", &n);

	r[n - 1].r_offset = end;
	MSG(MALFORMED "relocation %zu of .rela.text at offset %zu lies outside .text\n", n - 1,
	    end);
}

static void rela_offset_straddles_end(struct img *m, char *msg, size_t size)
{
	size_t n, end = sec(m, ".text")->sh_size;
	Elf64_Rela *r = relas(m, ".text", &n);

	r[0].r_offset = end - 2;
	MSG(MALFORMED "relocation 0 of .rela.text at offset %zu lies outside .text\n", end - 2);
}

static void rela_offset_huge(struct img *m, char *msg, size_t size)
{
	size_t n;
	Elf64_Rela *r = relas(m, ".text", &n);

	r[1].r_offset = ~0UL - 1;
	MSG(MALFORMED "relocation 1 of .rela.text at offset %lu lies outside .text\n", ~0UL - 1);
}

static void rela64_straddles_end(struct img *m, char *msg, size_t size)
{
	Elf64_Rela *r = find_rela(m, ".data.rel", R_X86_64_64, "platform_bus_type");

	/* Four bytes fit, the eight a 64-bit relocation writes do not. */
	r->r_offset = sec(m, ".data.rel")->sh_size - 4;
	MSG("reloc_lib_gcc_o2_pic: truncated relocation R_X86_64_64 against symbol "
	    "'platform_bus_type' in section .data.rel\n");
}

static void rela_link(struct img *m, char *msg, size_t size)
{
	sec(m, ".rela.text")->sh_link = 0;
	MSG(MALFORMED "relocation section .rela.text does not use the symbol table\n");
}

static void rela_info_out_of_range(struct img *m, char *msg, size_t size)
{
	sec(m, ".rela.text")->sh_info = m->eh->e_shnum;
	MSG(MALFORMED "relocation section .rela.text applies to section %u, out of range\n",
	    m->eh->e_shnum);
}

static void rela_info_zero(struct img *m, char *msg, size_t size)
{
	sec(m, ".rela.text")->sh_info = 0;
	MSG(MALFORMED "relocation section .rela.text applies to section 0, out of range\n");
}

static void rela_entsize(struct img *m, char *msg, size_t size)
{
	sec(m, ".rela.text")->sh_entsize = 16;
	MSG(MALFORMED "relocation section .rela.text has entry size 16, expected 24\n");
}

static void rel_not_rela(struct img *m, char *msg, size_t size)
{
	sec(m, ".rela.text")->sh_type = SHT_REL;
	MSG(MALFORMED "REL relocations in .rela.text (x86-64 uses RELA)\n");
}

static void rela_into_bss(struct img *m, char *msg, size_t size)
{
	Elf64_Shdr *r = sec(m, ".rela__param");

	/* __param's relocations, at offsets that fit .bss, aimed at it */
	r->sh_info = sec_index(m, ".bss");
	MSG("reloc_lib_gcc_o2_pic: relocations apply to .bss, which has no contents\n");
}

static const struct bad_case symbol_cases[] = {
	{ "symtab linked out of range", symtab_link_out_of_range, -ENOEXEC },
	{ "symtab linked to section 0", symtab_link_zero, -ENOEXEC },
	{ "symtab linked to .text", symtab_link_not_strtab, -ENOEXEC },
	{ "symtab entry size 16", symtab_entsize, -ENOEXEC },
	{ "no symbol table", no_symtab, -ENOEXEC },
	{ "two symbol tables", two_symtabs, -ENOEXEC },
	{ "an unterminated .strtab", strtab_unterminated, -ENOEXEC },
	{ "a symbol name out of range", sym_name_out_of_range, -ENOEXEC },
	{ "a symbol in section e_shnum", sym_section_out_of_range, -ENOEXEC },
	{ "a symbol outside its section", sym_outside_section, -ENOEXEC },
	{ "a common symbol", sym_common, -ENOEXEC },
	{ "a symbol in a reserved section", sym_special_section, -ENOEXEC },
	{ "a relocation naming symbol nsyms", rela_sym_out_of_range, -ENOEXEC },
	{ "a relocation at the end of .text", rela_offset_at_end, -ENOEXEC },
	{ "a relocation straddling the end of .text", rela_offset_straddles_end, -ENOEXEC },
	{ "a relocation at offset 2^64-2", rela_offset_huge, -ENOEXEC },
	{ "a 64-bit relocation with 4 bytes left", rela64_straddles_end, -ENOEXEC },
	{ "a relocation section not linked to the symtab", rela_link, -ENOEXEC },
	{ "sh_info out of range", rela_info_out_of_range, -ENOEXEC },
	{ "sh_info zero", rela_info_zero, -ENOEXEC },
	{ "a relocation entry size 16", rela_entsize, -ENOEXEC },
	{ "SHT_REL", rel_not_rela, -ENOEXEC },
	{ "relocations into .bss", rela_into_bss, -ENOEXEC },
};

DEFINE_TEST(
	test_elf_refuses_bad_symbols_and_relocations,
	.description =
		"bad sh_link and sh_info, symbol and relocation indexes out of range, relocation offsets outside their section, common and reserved symbols, REL and relocations into .bss: each refused naming it")
{
	run_cases(symbol_cases, ARRAY_SIZE(symbol_cases));
}

/* Relocations the loader cannot apply. */

static void unknown_type(struct img *m, char *msg, size_t size)
{
	Elf64_Rela *r = find_rela(m, ".text", R_X86_64_PLT32, "kmalloc");

	r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), 200);
	MSG("reloc_lib_gcc_o2_pic: unsupported relocation type 200 against symbol 'kmalloc' in "
	    "section .text\n");
}

static void gotoff_type(struct img *m, char *msg, size_t size)
{
	Elf64_Rela *r = find_rela(m, ".data.rel", R_X86_64_64, "platform_bus_type");

	r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), R_X86_64_GOTOFF64);
	MSG("reloc_lib_gcc_o2_pic: unsupported relocation R_X86_64_GOTOFF64 against symbol "
	    "'platform_bus_type' in section .data.rel\n");
}

static void tls_type(struct img *m, char *msg, size_t size)
{
	Elf64_Rela *r = find_rela(m, ".text", R_X86_64_REX_GOTPCRELX, "platform_bus_type");

	r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), R_X86_64_GOTTPOFF);
	MSG("reloc_lib_gcc_o2_pic: unsupported relocation R_X86_64_GOTTPOFF against symbol "
	    "'platform_bus_type' in section .text\n");
}

static void pc32_to_data_far_away(struct img *m, char *msg, size_t size)
{
	Elf64_Rela *r = find_rela(m, ".text", R_X86_64_REX_GOTPCRELX, "platform_bus_type");

	/* What -fPIE code does for external data: cannot reach the runtime */
	r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), R_X86_64_PC32);
	MSG("reloc_lib_gcc_o2_pic: out of range (build modules with -fPIC): relocation "
	    "R_X86_64_PC32 against symbol 'platform_bus_type' in section .text\n");
}

static void abs32s_to_module(struct img *m, char *msg, size_t size)
{
	Elf64_Rela *r = find_rela(m, "__ksymtab", R_X86_64_64, NULL);

	/* A module is mapped above 2 GiB: a 32-bit absolute address cannot hold it */
	r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), R_X86_64_32S);
	MSG("reloc_lib_gcc_o2_pic: out of range: relocation R_X86_64_32S against symbol '");
}

static void abs32_to_runtime(struct img *m, char *msg, size_t size)
{
	Elf64_Rela *r = find_rela(m, ".data.rel", R_X86_64_64, "platform_bus_type");

	r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), R_X86_64_32);
	MSG("reloc_lib_gcc_o2_pic: out of range: relocation R_X86_64_32 against symbol "
	    "'platform_bus_type' in section .data.rel\n");
}

static const struct bad_case reloc_cases[] = {
	{ "relocation type 200", unknown_type, -ENOEXEC },
	{ "R_X86_64_GOTOFF64", gotoff_type, -ENOEXEC },
	{ "R_X86_64_GOTTPOFF", tls_type, -ENOEXEC },
	{ "PC32 to the runtime's data", pc32_to_data_far_away, -ENOEXEC },
	{ "32S to the module", abs32s_to_module, -ENOEXEC },
	{ "32 to the runtime", abs32_to_runtime, -ENOEXEC },
};

DEFINE_TEST(
	test_elf_refuses_relocations_it_cannot_apply,
	.description =
		"an unknown relocation type, GOTOFF64 and TLS types, PC32 and 32-bit absolute relocations that cannot reach: refused naming the type and the symbol")
{
	run_cases(reloc_cases, ARRAY_SIZE(reloc_cases));
}

/* What makes an ldm module: this_module, vermagic, a name. */

static void no_this_module(struct img *m, char *msg, size_t size)
{
	unsigned int i = sec_index(m, ".gnu.linkonce.this_module");

	m->sh[i].sh_name++; /* ".gnu.linkonce..." becomes "gnu.linkonce..." */
	MSG("module: no .gnu.linkonce.this_module section: not built as an ldm module (see "
	    "docs/modules.md)\n");
}

static void this_module_size(struct img *m, char *msg, size_t size)
{
	Elf64_Shdr *s = sec(m, ".gnu.linkonce.this_module");

	s->sh_size += 8;
	MSG("module: .gnu.linkonce.this_module is %lu bytes, expected %zu\n",
	    (unsigned long)s->sh_size, sizeof(struct module));
}

static void this_module_executable(struct img *m, char *msg, size_t size)
{
	sec(m, ".gnu.linkonce.this_module")->sh_flags |= SHF_EXECINSTR;
	MSG("module: .gnu.linkonce.this_module is not writable data\n");
}

static void this_module_read_only(struct img *m, char *msg, size_t size)
{
	sec(m, ".gnu.linkonce.this_module")->sh_flags &= ~(Elf64_Xword)SHF_WRITE;
	MSG("module: .gnu.linkonce.this_module is not writable data\n");
}

static void this_module_nobits(struct img *m, char *msg, size_t size)
{
	sec(m, ".gnu.linkonce.this_module")->sh_type = SHT_NOBITS;
	MSG("module: .gnu.linkonce.this_module is not writable data\n");
}

static void wrong_vermagic(struct img *m, char *msg, size_t size)
{
	unsigned char *v = find_bytes(m, "vermagic=" LDM_VERMAGIC);

	v[strlen("vermagic=ldm-")] = '9';
	MSG("module: version magic 'ldm-9 x86_64' should be '" LDM_VERMAGIC "'\n");
}

static void no_vermagic(struct img *m, char *msg, size_t size)
{
	unsigned char *v = find_bytes(m, "vermagic=" LDM_VERMAGIC);

	v[0] = 'V';
	MSG("module: no version magic, refusing to load\n");
}

static char *module_name_field(struct img *m)
{
	return (char *)m->p + sec(m, ".gnu.linkonce.this_module")->sh_offset +
	       offsetof(struct module, name);
}

static void name_unterminated(struct img *m, char *msg, size_t size)
{
	memset(module_name_field(m), 'a', MODULE_NAME_LEN);
	MSG("module: the name in .gnu.linkonce.this_module is empty or unterminated\n");
}

static void name_empty(struct img *m, char *msg, size_t size)
{
	memset(module_name_field(m), 0, MODULE_NAME_LEN);
	MSG("module: the name in .gnu.linkonce.this_module is empty or unterminated\n");
}

static void name_with_slash(struct img *m, char *msg, size_t size)
{
	module_name_field(m)[5] = '/';
	MSG("module: name 'reloc/lib_gcc_o2_pic' has a character not allowed\n");
}

static void name_with_space(struct img *m, char *msg, size_t size)
{
	module_name_field(m)[5] = ' ';
	MSG("module: name 'reloc lib_gcc_o2_pic' has a character not allowed\n");
}

static void name_dot(struct img *m, char *msg, size_t size)
{
	memset(module_name_field(m), 0, MODULE_NAME_LEN);
	strcpy(module_name_field(m), ".");
	MSG("module: name '.' is not allowed\n");
}

static void name_dot_dot(struct img *m, char *msg, size_t size)
{
	memset(module_name_field(m), 0, MODULE_NAME_LEN);
	strcpy(module_name_field(m), "..");
	MSG("module: name '..' is not allowed\n");
}

static void unknown_symbol(struct img *m, char *msg, size_t size)
{
	char *name = m->strtab + m->syms[sym_index(m, "kmalloc")].st_name;

	name[6] = 'x';
	MSG("reloc_lib_gcc_o2_pic: Unknown symbol kmallox (not exported by the runtime or any "
	    "loaded module)\n");
}

static void export_name_outside(struct img *m, char *msg, size_t size)
{
	size_t n, i;
	Elf64_Rela *r = relas(m, "__ksymtab", &n);

	for (i = 0; i < n && r[i].r_offset != 8; i++)
		;
	ASSERT(i < n);
	r[i].r_addend += 1 << 24;
	MSG("reloc_lib_gcc_o2_pic: export 0 has a name outside the module\n");
}

static void param_name_outside(struct img *m, char *msg, size_t size)
{
	size_t n, i;
	Elf64_Rela *r = relas(m, "__param", &n);

	for (i = 0; i < n && r[i].r_offset != offsetof(struct kernel_param, name); i++)
		;
	ASSERT(i < n);
	r[i].r_addend -= 1L << 32;
	MSG("reloc_lib_gcc_o2_pic: parameter 0 has a name outside the module\n");
}

static const struct bad_case module_cases[] = {
	{ "no .gnu.linkonce.this_module", no_this_module, -ENOEXEC },
	{ "a long .gnu.linkonce.this_module", this_module_size, -ENOEXEC },
	{ "an executable .gnu.linkonce.this_module", this_module_executable, -ENOEXEC },
	{ "a read-only .gnu.linkonce.this_module", this_module_read_only, -ENOEXEC },
	{ "a .gnu.linkonce.this_module without contents", this_module_nobits, -ENOEXEC },
	{ "a wrong vermagic", wrong_vermagic, -ENOEXEC },
	{ "no vermagic", no_vermagic, -ENOEXEC },
	{ "an unterminated name", name_unterminated, -ENOEXEC },
	{ "an empty name", name_empty, -ENOEXEC },
	{ "a name with a slash", name_with_slash, -ENOEXEC },
	/* /proc/modules separates its fields with spaces: lsmod could not list it. */
	{ "a name with a space", name_with_space, -ENOEXEC },
	{ "the name '.'", name_dot, -ENOEXEC },
	{ "the name '..'", name_dot_dot, -ENOEXEC },
	{ "an unknown symbol", unknown_symbol, -ENOENT },
	{ "an export named outside the module", export_name_outside, -ENOEXEC },
	{ "a parameter named outside the module", param_name_outside, -ENOEXEC },
};

DEFINE_TEST(
	test_elf_refuses_what_is_not_an_ldm_module,
	.description =
		"no .gnu.linkonce.this_module, one of the wrong size or not writable data, a wrong or missing vermagic, an unterminated, empty or bad name ('/', a space, '.', '..'), an unknown symbol, an export or a parameter named outside the module: each refused with its message")
{
	run_cases(module_cases, ARRAY_SIZE(module_cases));
}

static void load_twice(void *arg)
{
	(void)arg;
	ASSERT_OK(ko_load(GOOD, NULL));
	ASSERT_EQ(ko_load(GOOD, NULL), -EEXIST);
	/* The same exports under another name: refused, the first keeps them. */
	ASSERT_EQ(ko_load("reloc_lib_clang_o2_pic", NULL), -ENOEXEC);
	ASSERT(!node_exists("/module/reloc_lib_clang_o2_pic"));
	ASSERT(export_value("reloc_lib_switch"));
	ASSERT_EQ(((int (*)(void))export_value("reloc_lib_check"))(), 0);
	ASSERT_OK(ldm_delete_module(GOOD, 0));
	assert_nothing_left();
	fflush(NULL);
	exit(0);
}

DEFINE_TEST(
	test_elf_refuses_duplicates,
	.description =
		"a module of a name already loaded (-EEXIST), and one exporting a symbol another module exports (-ENOEXEC, as Linux, naming the symbol and its owner): refused, the first left whole")
{
	char *err = run_captured(load_twice, NULL);

	ASSERT_CONTAINS(err, GOOD ": a module of that name is already loaded\n");
	ASSERT_CONTAINS(err, "reloc_lib_clang_o2_pic: exports duplicate symbol reloc_lib_");
	ASSERT_CONTAINS(err, " (owned by " GOOD ")\n");
	free(err);
}

DEFINE_TEST(
	test_elf_refuses_bad_arguments,
	.description =
		"a NULL image, an image over 64 MiB, a missing file and a directory are refused with -EINVAL, -EFBIG, -ENOENT, -EINVAL; an empty image and an empty file are truncated modules (-ENOEXEC)")
{
	static const char byte = 0;
	char path[] = "/tmp/ldm-test-empty-XXXXXX";
	int fd;

	ASSERT_EQ(ldm_init_module(NULL, 100, NULL), -EINVAL);
	ASSERT_EQ(ldm_init_module(&byte, 0, NULL), -ENOEXEC);
	fd = mkstemp(path);
	ASSERT(fd >= 0);
	close(fd);
	ASSERT_EQ(ldm_insmod(path, NULL), -ENOEXEC);
	unlink(path);
	ASSERT_EQ(ldm_init_module(&byte, (64UL << 20) + 1, NULL), -EFBIG);
	ASSERT_EQ(ldm_insmod(TEST_MODULE_DIR "/no-such-module.ko", NULL), -ENOENT);
	ASSERT_EQ(ldm_insmod(TEST_MODULE_DIR, NULL), -EINVAL);
	ASSERT_EQ(ldm_insmod(NULL, NULL), -EINVAL);
	ASSERT_EQ(tainted(), 0);
}
