/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Malformed: 32-bit absolute references, which no export table layout uses. */
#include "text.inc"

	.section __ksymtab_strings, "a"
kstr_plain:	.asciz "fx_plain"

	.section __ksymtab, "a"
	.balign 4
	.long fx_plain
	.long kstr_plain
