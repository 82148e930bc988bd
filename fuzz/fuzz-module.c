// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-module.c - a libFuzzer target for the module loader (`make fuzz`).
 *
 * Each input is a module image. It goes through the checks of
 * ldm_elf_parse(); one that passes has its section and symbol names and
 * every .modinfo entry read, the license judged, and is then loaded with
 * ldm_init_module() and unloaded: layout, binding, relocation, exports,
 * parameters, sysfs and the unwinding of every refusal. No code of the image
 * ever runs: before the load its init and exit pointers are cleared (with
 * the relocations that would set them), and it is loaded without arguments
 * (no parameter setter is called), so a crash is the loader's, not the
 * fuzzed module's.
 *
 * Seeds: the .ko files the build makes (fuzz/run-fuzz gathers them).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/ldm.h>
#include <libldm/libldm.h>

#include "boot.h"
#include "internal.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("LDM_LOGLEVEL", "0", 1); /* refusals are the common case: quiet */
	if (ldm_init())
		abort();
	return 0;
}

/* Read everything the tools read from a parsed image. */
static size_t read_all(const struct ldm_elf *elf)
{
	static const char *const keys[] = {
		"license",     "vermagic", "name",     "depends", "author",
		"description", "parm",	   "parmtype", "alias",
	};
	size_t n = 0, pos = 0, i;
	const char *e;

	for (i = 0; i < elf->nsec; i++)
		n += strlen(ldm_elf_section_name(elf, (unsigned int)i));
	for (i = 0; i < elf->nsyms; i++)
		n += strlen(ldm_elf_sym_name(elf, &elf->syms[i]));
	while ((e = ldm_modinfo_next(elf, &pos)))
		n += strlen(e);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		e = ldm_modinfo_get(elf, keys[i]);
		n += e ? strlen(e) : 0;
	}
	n += ldm_license_is_gpl_compatible(ldm_modinfo_get(elf, "license"));
	n += ldm_modinfo_license_hides_text(elf);
	n += ldm_elf_find_section(elf, ".text");
	return n;
}

/*
 * Make sure loading runs nothing of the image: no init, no exit. (Without
 * arguments, the setters of its parameters are not called either.)
 */
static void defuse(unsigned char *image, const struct ldm_elf *elf)
{
	Elf64_Shdr *sechdrs = (Elf64_Shdr *)(image + elf->ehdr->e_shoff);
	unsigned int i;
	size_t j;

	if (elf->this_module_idx && sechdrs[elf->this_module_idx].sh_type != SHT_NOBITS &&
	    sechdrs[elf->this_module_idx].sh_size == sizeof(struct module)) {
		struct module *m =
			(struct module *)(image + sechdrs[elf->this_module_idx].sh_offset);

		memset(&m->init, 0, sizeof(m->init));
		memset(&m->exit, 0, sizeof(m->exit));
	}
	for (i = 1; i < elf->nsec; i++) {
		Elf64_Rela *rela = (Elf64_Rela *)(image + sechdrs[i].sh_offset);

		if (sechdrs[i].sh_type != SHT_RELA || sechdrs[i].sh_info != elf->this_module_idx)
			continue;
		for (j = 0; j < sechdrs[i].sh_size / sizeof(*rela); j++)
			rela[j].r_info = ELF64_R_INFO(ELF64_R_SYM(rela[j].r_info), R_X86_64_NONE);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *image = malloc(size ? size : 1); /* 16-aligned */
	struct ldm_elf elf;
	volatile size_t sink;

	if (!image)
		return 0;
	memcpy(image, data, size);
	if (!ldm_elf_parse(&elf, image, size)) {
		sink = read_all(&elf);
		(void)sink;
		defuse(image, &elf);
		if (!ldm_init_module(image, size, NULL))
			ldm_modules_unload_all();
	}
	free(image);
	return 0;
}
