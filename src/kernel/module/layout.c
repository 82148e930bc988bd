// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * layout.c - placing a module in memory and relocating it (the
 * layout_sections/apply_relocate_add part of kernel/module.c and
 * arch/x86/kernel/module.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "internal.h"

/**
 * DOC: how layout.c works
 *
 * One mapping holds the module: its executable sections and the call stubs
 * the loader writes, then its read-only sections and the GOT the loader
 * writes, then its writable sections. Each part starts on a page, so that
 * after relocation the first can be made read-execute and the second
 * read-only: no page is ever writable and executable at once.
 *
 * The runtime can be anywhere in the address space, far from the mapping:
 * a 32-bit PC-relative reference to it cannot reach. Calls (PLT32, and PC32
 * on a call or jump instruction) go through a stub in the module,
 * "jmp *addr(%rip)"; GOT references (GOTPCREL and the relaxable forms) go
 * through a GOT entry in the module. Anything else out of range is refused,
 * naming the symbol and the relocation type.
 */

#define STUB_SIZE 16 /* ff 25 00 00 00 00 <addr64>, padded */

static size_t align_up(size_t v, size_t a)
{
	return a ? (v + a - 1) & ~(a - 1) : v;
}

/* Which part of the mapping a section goes in, or -1 for none. */
static int section_part(const struct ldm_elf *elf, unsigned int i)
{
	const Elf64_Shdr *sh = &elf->sechdrs[i];

	if (!(sh->sh_flags & SHF_ALLOC) || i == elf->modinfo_idx)
		return -1;
	if (sh->sh_flags & SHF_EXECINSTR)
		return PART_TEXT;
	if (sh->sh_flags & SHF_WRITE)
		return PART_RW;
	return PART_RO;
}

static const char *reloc_name(unsigned int type)
{
	switch (type) {
	case R_X86_64_64:
		return "R_X86_64_64";
	case R_X86_64_PC32:
		return "R_X86_64_PC32";
	case R_X86_64_GOT32:
		return "R_X86_64_GOT32";
	case R_X86_64_PLT32:
		return "R_X86_64_PLT32";
	case R_X86_64_32:
		return "R_X86_64_32";
	case R_X86_64_32S:
		return "R_X86_64_32S";
	case R_X86_64_PC64:
		return "R_X86_64_PC64";
	case R_X86_64_GOTPCREL:
		return "R_X86_64_GOTPCREL";
	case R_X86_64_GOTPCRELX:
		return "R_X86_64_GOTPCRELX";
	case R_X86_64_REX_GOTPCRELX:
		return "R_X86_64_REX_GOTPCRELX";
	case R_X86_64_GOTOFF64:
		return "R_X86_64_GOTOFF64";
	case R_X86_64_GOTPC32:
		return "R_X86_64_GOTPC32";
	case R_X86_64_TPOFF32:
		return "R_X86_64_TPOFF32";
	case R_X86_64_GOTTPOFF:
		return "R_X86_64_GOTTPOFF";
	default:
		return "unknown";
	}
}

static bool is_got_reloc(unsigned int type)
{
	return type == R_X86_64_GOTPCREL || type == R_X86_64_GOTPCRELX ||
	       type == R_X86_64_REX_GOTPCRELX;
}

/* Count the GOT entries and stubs the relocations may need. */
static void count_slots(const struct ldm_elf *elf, struct module_layout *l)
{
	unsigned int i;
	size_t j;

	for (i = 1; i < elf->nsec; i++) {
		const Elf64_Shdr *sh = &elf->sechdrs[i];
		const Elf64_Rela *rela;

		if (sh->sh_type != SHT_RELA || section_part(elf, sh->sh_info) < 0)
			continue;
		rela = (const Elf64_Rela *)(elf->image + sh->sh_offset);
		for (j = 0; j < sh->sh_size / sizeof(*rela); j++) {
			unsigned int type = ELF64_R_TYPE(rela[j].r_info);
			size_t symidx = ELF64_R_SYM(rela[j].r_info);

			if (is_got_reloc(type) && l->got_slot[symidx] == SLOT_NONE)
				l->got_slot[symidx] = l->ngot++;
			else if ((type == R_X86_64_PLT32 || type == R_X86_64_PC32) &&
				 elf->syms[symidx].st_shndx == SHN_UNDEF &&
				 l->stub_slot[symidx] == SLOT_NONE)
				l->stub_slot[symidx] = l->nstubs++;
		}
	}
}

/**
 * module_layout - size the parts, map them, copy the sections in
 * @elf: the checked image
 * @l: filled in; module_layout_free() undoes it
 *
 * Return: 0 or -ENOMEM.
 */
int module_layout(const struct ldm_elf *elf, struct module_layout *l)
{
	size_t off[PART_MAX] = { 0 }, start[PART_MAX], i;
	unsigned int s;

	memset(l, 0, sizeof(*l));
	l->sec_addr = kcalloc(elf->nsec, sizeof(*l->sec_addr), GFP_KERNEL);
	l->got_slot = kmalloc(elf->nsyms * sizeof(*l->got_slot), GFP_KERNEL);
	l->stub_slot = kmalloc(elf->nsyms * sizeof(*l->stub_slot), GFP_KERNEL);
	if (!l->sec_addr || !l->got_slot || !l->stub_slot)
		goto err_free;
	for (i = 0; i < elf->nsyms; i++)
		l->got_slot[i] = l->stub_slot[i] = SLOT_NONE;
	count_slots(elf, l);

	for (s = 1; s < elf->nsec; s++) {
		int part = section_part(elf, s);

		if (part < 0)
			continue;
		off[part] = align_up(off[part], elf->sechdrs[s].sh_addralign);
		off[part] += elf->sechdrs[s].sh_size;
	}
	off[PART_TEXT] = align_up(off[PART_TEXT], STUB_SIZE);
	l->stubs_off = off[PART_TEXT];
	off[PART_TEXT] += l->nstubs * STUB_SIZE;
	off[PART_RO] = align_up(off[PART_RO], 8);
	l->got_off = off[PART_RO];
	off[PART_RO] += l->ngot * 8;

	start[PART_TEXT] = 0;
	start[PART_RO] = align_up(off[PART_TEXT], PAGE_SIZE);
	start[PART_RW] = start[PART_RO] + align_up(off[PART_RO], PAGE_SIZE);
	l->size = start[PART_RW] + align_up(off[PART_RW] ? off[PART_RW] : 1, PAGE_SIZE);
	l->part_start[PART_TEXT] = start[PART_TEXT];
	l->part_start[PART_RO] = start[PART_RO];
	l->part_start[PART_RW] = start[PART_RW];

	l->base = mmap(NULL, l->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (l->base == MAP_FAILED) {
		l->base = NULL;
		goto err_free;
	}
	memset(off, 0, sizeof(off));
	for (s = 1; s < elf->nsec; s++) {
		const Elf64_Shdr *sh = &elf->sechdrs[s];
		int part = section_part(elf, s);

		if (part < 0)
			continue;
		off[part] = align_up(off[part], sh->sh_addralign);
		l->sec_addr[s] = l->base + start[part] + off[part];
		if (sh->sh_type != SHT_NOBITS)
			memcpy(l->sec_addr[s], elf->image + sh->sh_offset, sh->sh_size);
		off[part] += sh->sh_size;
	}
	return 0;

err_free:
	module_layout_free(l);
	return -ENOMEM;
}

void module_layout_free(struct module_layout *l)
{
	if (l->base)
		munmap(l->base, l->size);
	kfree(l->sec_addr);
	kfree(l->got_slot);
	kfree(l->stub_slot);
	memset(l, 0, sizeof(*l));
}

/* The GOT entry of symbol @symidx, holding @value. */
static unsigned long got_entry(struct module_layout *l, size_t symidx, unsigned long value)
{
	unsigned char *slot =
		l->base + l->part_start[PART_RO] + l->got_off + 8 * l->got_slot[symidx];

	memcpy(slot, &value, 8);
	return (unsigned long)slot;
}

/* The call stub of symbol @symidx, jumping to @value. */
static unsigned long stub_entry(struct module_layout *l, size_t symidx, unsigned long value)
{
	static const unsigned char jmp[6] = { 0xff, 0x25, 0, 0, 0, 0 };
	unsigned char *stub = l->base + l->part_start[PART_TEXT] + l->stubs_off +
			      STUB_SIZE * l->stub_slot[symidx];

	memcpy(stub, jmp, sizeof(jmp));
	memcpy(stub + 6, &value, 8);
	memset(stub + 14, 0xcc, STUB_SIZE - 14);
	return (unsigned long)stub;
}

static bool fits_s32(long long v)
{
	return v >= INT32_MIN && v <= INT32_MAX;
}

/* Whether the 32-bit field at @loc is the operand of a call or jmp rel32. */
static bool is_branch_operand(const struct module_layout *l, unsigned char *loc, int part)
{
	unsigned char *part_base = l->base + l->part_start[part];

	return loc > part_base && (loc[-1] == 0xe8 || loc[-1] == 0xe9);
}

static int refuse_reloc(struct module_reloc_ctx *c, const char *why)
{
	const char *name = reloc_name(c->type);
	char number[32];

	if (!strcmp(name, "unknown")) {
		snprintf(number, sizeof(number), "type %u", c->type);
		name = number;
	}
	snprintf(c->err, sizeof(c->err), "%s relocation %s against symbol '%s' in section %s", why,
		 name, c->symname, c->secname);
	return -ENOEXEC;
}

static int apply_one(struct module_reloc_ctx *c, struct module_layout *l, unsigned char *loc,
		     int part, size_t room, size_t symidx, unsigned long S, long long A)
{
	unsigned long P = (unsigned long)loc;
	long long v;
	u32 u;

	if (room < ((c->type == R_X86_64_64 || c->type == R_X86_64_PC64) ? 8 : 4))
		return refuse_reloc(c, "truncated");
	switch (c->type) {
	case R_X86_64_NONE:
		return 0;
	case R_X86_64_64:
		v = (long long)(S + (unsigned long long)A);
		memcpy(loc, &v, 8);
		return 0;
	case R_X86_64_PC64:
		v = (long long)(S + (unsigned long long)A - P);
		memcpy(loc, &v, 8);
		return 0;
	case R_X86_64_32:
		if (S + (unsigned long long)A > UINT32_MAX)
			return refuse_reloc(c, "out of range:");
		u = (u32)(S + (unsigned long long)A);
		memcpy(loc, &u, 4);
		return 0;
	case R_X86_64_32S:
		v = (long long)(S + (unsigned long long)A);
		if (!fits_s32(v))
			return refuse_reloc(c, "out of range:");
		u = (u32)v;
		memcpy(loc, &u, 4);
		return 0;
	case R_X86_64_PC32:
	case R_X86_64_PLT32:
		v = (long long)(S + (unsigned long long)A - P);
		if (!fits_s32(v)) {
			if (l->stub_slot[symidx] == SLOT_NONE ||
			    (c->type == R_X86_64_PC32 && !is_branch_operand(l, loc, part)))
				return refuse_reloc(c, "out of range (build modules with -fPIC):");
			v = (long long)(stub_entry(l, symidx, S) + (unsigned long long)A - P);
		}
		if (!fits_s32(v))
			return refuse_reloc(c, "out of range:");
		u = (u32)v;
		memcpy(loc, &u, 4);
		return 0;
	case R_X86_64_GOTPCREL:
	case R_X86_64_GOTPCRELX:
	case R_X86_64_REX_GOTPCRELX:
		v = (long long)(got_entry(l, symidx, S) + (unsigned long long)A - P);
		if (!fits_s32(v))
			return refuse_reloc(c, "out of range:");
		u = (u32)v;
		memcpy(loc, &u, 4);
		return 0;
	default:
		return refuse_reloc(c, "unsupported");
	}
}

/**
 * module_relocate - apply every relocation of the allocated sections
 * @elf: the checked image
 * @l: its layout
 * @values: the final value of each symbol
 * @c: scratch; c->err says why on failure
 *
 * Return: 0, or -ENOEXEC naming the relocation that cannot be applied.
 */
int module_relocate(const struct ldm_elf *elf, struct module_layout *l, const unsigned long *values,
		    struct module_reloc_ctx *c)
{
	unsigned int i;
	size_t j;
	int error;

	for (i = 1; i < elf->nsec; i++) {
		const Elf64_Shdr *sh = &elf->sechdrs[i];
		const Elf64_Shdr *target;
		const Elf64_Rela *rela;
		int part;

		if (sh->sh_type != SHT_RELA)
			continue;
		part = section_part(elf, sh->sh_info);
		if (part < 0)
			continue; /* debug information and the like */
		target = &elf->sechdrs[sh->sh_info];
		c->secname = ldm_elf_section_name(elf, sh->sh_info);
		if (target->sh_type == SHT_NOBITS) {
			snprintf(c->err, sizeof(c->err),
				 "relocations apply to %s, which has no contents", c->secname);
			return -ENOEXEC;
		}
		rela = (const Elf64_Rela *)(elf->image + sh->sh_offset);
		for (j = 0; j < sh->sh_size / sizeof(*rela); j++) {
			size_t symidx = ELF64_R_SYM(rela[j].r_info);

			c->type = ELF64_R_TYPE(rela[j].r_info);
			c->symname = ldm_elf_sym_name(elf, &elf->syms[symidx]);
			if (!*c->symname)
				c->symname = ldm_elf_section_name(
					elf, elf->syms[symidx].st_shndx < elf->nsec ?
						     elf->syms[symidx].st_shndx :
						     0);
			error = apply_one(c, l, l->sec_addr[sh->sh_info] + rela[j].r_offset, part,
					  target->sh_size - rela[j].r_offset, symidx,
					  values[symidx], rela[j].r_addend);
			if (error)
				return error;
		}
	}
	return 0;
}

/**
 * module_protect - make the text read-execute and the read-only part
 * read-only, once relocated
 * @l: the layout
 *
 * Return: 0, or -errno from mprotect.
 */
int module_protect(struct module_layout *l)
{
	size_t text = l->part_start[PART_RO] - l->part_start[PART_TEXT];
	size_t ro = l->part_start[PART_RW] - l->part_start[PART_RO];

	if (text && mprotect(l->base, text, PROT_READ | PROT_EXEC))
		return -errno;
	if (ro && mprotect(l->base + l->part_start[PART_RO], ro, PROT_READ))
		return -errno;
	return 0;
}
