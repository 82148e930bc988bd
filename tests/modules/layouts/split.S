/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 2.6 (and ldm) entries as clang writes an object: each variable marked
 * used in a named section gets a section of its own, so __ksymtab comes
 * twice, and the module's link would merge them.
 */
#include "text.inc"

	.section __ksymtab_strings, "a"
kstr_plain:	.asciz "fx_plain"
kstr_ns:	.asciz "fx_ns"
kstr_gpl:	.asciz "fx_gpl"

	.section __ksymtab, "a", @progbits, unique, 1
	.balign 8
	.quad fx_plain
	.quad kstr_plain

	.section __ksymtab, "a", @progbits, unique, 2
	.balign 8
	.quad fx_ns
	.quad kstr_ns

	.section __ksymtab_gpl, "a", @progbits, unique, 3
	.balign 8
	.quad fx_gpl
	.quad kstr_gpl
