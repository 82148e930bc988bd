/* SPDX-License-Identifier: GPL-2.0-or-later */
/* 4.19: { int value_offset; int name_offset; }, relative to each field */
#include "text.inc"

	.section __ksymtab_strings, "aMS", @progbits, 1
kstr_plain:	.asciz "fx_plain"
kstr_gpl:	.asciz "fx_gpl"
kstr_ns:	.asciz "fx_ns"

	.section __ksymtab, "a"
	.balign 4
	.long fx_ns - .
	.long kstr_ns - .
	.long fx_plain - .
	.long kstr_plain - .

	.section __ksymtab_gpl, "a"
	.balign 4
	.long fx_gpl - .
	.long kstr_gpl - .
