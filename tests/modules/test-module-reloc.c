// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-module-reloc.c - relocations from real compiler output: the pair of
 * modules of tests/modules/reloc/ (reloc_lib exports, reloc_user imports),
 * built by gcc and clang, at -O0 and -O2, with -fPIC and with
 * -mcmodel=large -fno-pic. Each module's init checks its own jump tables,
 * function pointers, data, strings and imports; each test loads a pair,
 * checks again from outside (calling the modules' exports, reading their
 * parameters and the tree), and unloads it, leaving nothing.
 */
#include "internal.h"
#include "modtest.h"
#include "reloc/reloc.h"

typedef int (*int_fn)(int x);
typedef int (*check_fn)(void);

static void load_lib(const char *v)
{
	char name[64];
	const struct reloc_op *ops;
	int_fn sw;
	int x, i;

	snprintf(name, sizeof(name), "reloc_lib_%s", v);
	ASSERT_OK(ko_load(name, NULL));
	ASSERT_STREQ(read_attr("/module/%s/parameters/result", name), "0\n");
	ASSERT_STREQ(read_attr("/module/%s/initstate", name), "live\n");
	ASSERT_EQ(((check_fn)export_value("reloc_lib_check"))(), 0);
	sw = (int_fn)export_value("reloc_lib_switch");
	ASSERT(sw);
	for (x = -3; x <= RELOC_SWITCH_CASES + 2; x++)
		ASSERT_EQ(sw(x), reloc_switch_ref(x));
	ops = (const struct reloc_op *)export_value("reloc_lib_ops");
	ASSERT(ops);
	for (i = 0; i < RELOC_NOPS; i++)
		ASSERT_EQ(ops[i].fn(-6), reloc_op_ref(i, -6));
	ASSERT_STREQ(ops[1].name, "square");
	ASSERT(node_exists("/bus/platform/drivers/reloc_drv"));
}

static void load_user(const char *v)
{
	char name[64];
	int *counter = (int *)export_value("reloc_lib_counter");
	int_fn *switch_ptr;

	ASSERT(counter);
	ASSERT_EQ(*counter, RELOC_COUNTER_START);
	snprintf(name, sizeof(name), "reloc_user_%s", v);
	ASSERT_OK(ko_load(name, NULL));
	ASSERT_STREQ(read_attr("/module/%s/parameters/result", name), "0\n");
	ASSERT_EQ(((check_fn)export_value("reloc_user_check"))(), 0);
	ASSERT_EQ(*counter, RELOC_COUNTER_START + 1);
	switch_ptr = (int_fn *)export_value("reloc_user_switch_ptr");
	ASSERT(switch_ptr);
	ASSERT_EQ((unsigned long)*switch_ptr, export_value("reloc_lib_switch"));
}

/* Load lib_v, then user_v, check, and unload both: nothing may remain. */
static void check_pair(const char *lib_v, const char *user_v)
{
	char lib[64], user[64];

	snprintf(lib, sizeof(lib), "reloc_lib_%s", lib_v);
	snprintf(user, sizeof(user), "reloc_user_%s", user_v);
	load_lib(lib_v);
	load_user(user_v);
	ASSERT(node_exists("/module/%s/holders/%s", lib, user));
	ASSERT_EQ(ldm_delete_module(lib, 0), -EWOULDBLOCK);
	ASSERT_OK(ldm_delete_module(user, 0));
	ASSERT_EQ(*(int *)export_value("reloc_lib_counter"), RELOC_COUNTER_START);
	ASSERT(!node_exists("/module/%s", user));
	ASSERT(!node_exists("/module/%s/holders/%s", lib, user));
	ASSERT_EQ(export_value("reloc_user_check"), 0);
	ASSERT_OK(ldm_delete_module(lib, 0));
	ASSERT(!node_exists("/module/%s", lib));
	ASSERT(!node_exists("/bus/platform/drivers/reloc_drv"));
	ASSERT_EQ(export_value("reloc_lib_switch"), 0);
	ASSERT_EQ(tainted(), 0);
}

#define RELOC_TEST(v, what) \
	DEFINE_TEST(test_reloc_##v, \
		    .description = "reloc_lib and reloc_user built by " what " load, check their " \
				   "jump tables, function pointers, data, strings and imports, " \
				   "and unload leaving nothing") \
	{ \
		check_pair(#v, #v); \
	}

RELOC_TEST(gcc_o0_pic, "gcc -O0 -fPIC")
RELOC_TEST(gcc_o2_pic, "gcc -O2 -fPIC")
RELOC_TEST(gcc_o0_large, "gcc -O0 -mcmodel=large -fno-pic")
RELOC_TEST(gcc_o2_large, "gcc -O2 -mcmodel=large -fno-pic")
RELOC_TEST(clang_o0_pic, "clang -O0 -fPIC")
RELOC_TEST(clang_o2_pic, "clang -O2 -fPIC")
RELOC_TEST(clang_o0_large, "clang -O0 -mcmodel=large -fno-pic")
RELOC_TEST(clang_o2_large, "clang -O2 -mcmodel=large -fno-pic")

DEFINE_TEST(
	test_reloc_modules_of_two_compilers_work_together,
	.description =
		"a gcc -O0 PIC reloc_lib serves a clang -O2 large-model reloc_user, and the other way round")
{
	check_pair("gcc_o0_pic", "clang_o2_large");
	check_pair("clang_o2_large", "gcc_o0_pic");
	check_pair("clang_o0_large", "gcc_o2_pic");
}

/* Count, by type, the relocations that apply to allocated sections. */
static void count_relocs(const char *name, unsigned int counts[64], size_t *text_size,
			 bool *jump_table)
{
	struct ldm_elf elf;
	struct ko ko;
	unsigned int i;
	size_t j;

	ko_read(&ko, name);
	ASSERT_OK(ldm_elf_parse(&elf, ko.image, ko.len));
	memset(counts, 0, 64 * sizeof(counts[0]));
	*text_size = 0;
	*jump_table = false;
	for (i = 1; i < elf.nsec; i++) {
		const Elf64_Shdr *sh = &elf.sechdrs[i];
		const Elf64_Rela *rela = (const Elf64_Rela *)(elf.image + sh->sh_offset);
		const char *target;

		if (sh->sh_flags & SHF_EXECINSTR)
			*text_size += sh->sh_size;
		if (sh->sh_type != SHT_RELA || !(elf.sechdrs[sh->sh_info].sh_flags & SHF_ALLOC))
			continue;
		target = ldm_elf_section_name(&elf, sh->sh_info);
		for (j = 0; j < sh->sh_size / sizeof(*rela); j++) {
			const Elf64_Sym *sym = &elf.syms[ELF64_R_SYM(rela[j].r_info)];

			counts[ELF64_R_TYPE(rela[j].r_info) & 63]++;
			/* A switch's table: read-only data pointing into the text. */
			if (!strncmp(target, ".rodata", 7) && sym->st_shndx < elf.nsec &&
			    (elf.sechdrs[sym->st_shndx].sh_flags & SHF_EXECINSTR))
				*jump_table = true;
		}
	}
	ko_free(&ko);
}

DEFINE_TEST(
	test_reloc_variants_have_their_code_model,
	.description =
		"the PIC builds use PLT32 and GOTPCRELX, the large-model builds only 64-bit absolute relocations, -O0 makes more code than -O2, and every reloc_lib has a jump table")
{
	static const char *const cc[] = { "gcc", "clang" };
	static const char *const half[] = { "lib", "user" };
	unsigned int c, h, counts[64];
	size_t o0, o2;
	bool table;
	char name[64];

	for (c = 0; c < 2; c++) {
		for (h = 0; h < 2; h++) {
			snprintf(name, sizeof(name), "reloc_%s_%s_o2_pic", half[h], cc[c]);
			count_relocs(name, counts, &o2, &table);
			ASSERT(counts[R_X86_64_PLT32] > 0);
			ASSERT(counts[R_X86_64_REX_GOTPCRELX] + counts[R_X86_64_GOTPCREL] > 0);
			ASSERT_EQ(counts[R_X86_64_32] + counts[R_X86_64_32S], 0);
			if (h == 0)
				ASSERT(table);
			snprintf(name, sizeof(name), "reloc_%s_%s_o0_pic", half[h], cc[c]);
			count_relocs(name, counts, &o0, &table);
			ASSERT(counts[R_X86_64_PLT32] > 0);
			ASSERT(o0 > o2);
			if (h == 0)
				ASSERT(table);
			snprintf(name, sizeof(name), "reloc_%s_%s_o2_large", half[h], cc[c]);
			count_relocs(name, counts, &o2, &table);
			ASSERT(counts[R_X86_64_64] > 0);
			ASSERT_EQ(counts[R_X86_64_PLT32] + counts[R_X86_64_PC32] +
					  counts[R_X86_64_GOTPCREL] + counts[R_X86_64_GOTPCRELX] +
					  counts[R_X86_64_REX_GOTPCRELX] + counts[R_X86_64_32] +
					  counts[R_X86_64_32S],
				  0);
			if (h == 0)
				ASSERT(table);
			snprintf(name, sizeof(name), "reloc_%s_%s_o0_large", half[h], cc[c]);
			count_relocs(name, counts, &o0, &table);
			ASSERT(o0 > o2);
			ASSERT_EQ(counts[R_X86_64_PLT32] + counts[R_X86_64_REX_GOTPCRELX], 0);
		}
	}
}

DEFINE_TEST(
	test_reloc_module_is_far_from_the_runtime,
	.description =
		"a loaded module calls the runtime from more than 2 GiB away, so its call stubs and GOT are what reach it (reported, not asserted)")
{
	long long distance;

	ASSERT_OK(ko_load("reloc_lib_gcc_o2_pic", NULL));
	distance = (long long)export_value("reloc_lib_switch") - (long long)export_value("kmalloc");
	printf("# module text at %#lx, kmalloc at %#lx: %s 2 GiB apart\n",
	       export_value("reloc_lib_switch"), export_value("kmalloc"),
	       distance > INT32_MAX || distance < INT32_MIN ? "more than" : "less than");
	ASSERT_OK(ldm_delete_module("reloc_lib_gcc_o2_pic", 0));
}
