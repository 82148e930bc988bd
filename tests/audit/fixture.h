/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fixture.h - the modules of ldm audit's test tree, written in assembler
 * as Linux 5.4+ lays them out: each export three place-relative offsets
 * (value, name, namespace) in __ksymtab or __ksymtab_gpl, .modinfo tags,
 * imports as calls to undefined symbols.
 */
#define FUNC(sym) \
	.text; \
	.globl sym; \
	.type sym, @function; \
sym:	ret

#define EXPORT(sym, table, ns) \
	.pushsection __ksymtab_strings, "aMS", @progbits, 1; \
__kstrtab_##sym:	.asciz #sym; \
__kstrtabns_##sym:	.asciz ns; \
	.popsection; \
	.pushsection __ksymtab##table, "a"; \
	.balign 4; \
	.long sym - .; \
	.long __kstrtab_##sym - .; \
	.long __kstrtabns_##sym - .; \
	.popsection

#define IMPORT(sym) \
	.text; \
	call sym

#define WEAK_IMPORT(sym) \
	.weak sym; \
	.text; \
	call sym

#define MODINFO(tag) \
	.pushsection .modinfo, "a"; \
	.asciz tag; \
	.popsection
