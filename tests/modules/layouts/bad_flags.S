/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Malformed: __kflagstab has one byte for two exports. */
#include "text.inc"

	.section __ksymtab_strings, "aMS", @progbits, 1
kstr_plain:	.asciz "fx_plain"
kstr_gpl:	.asciz "fx_gpl"
empty:		.asciz ""

	.section __ksymtab, "a"
	.balign 4
	.long fx_gpl - .
	.long kstr_gpl - .
	.long empty - .
	.long fx_plain - .
	.long kstr_plain - .
	.long empty - .

	.section __kflagstab, "a"
	.byte 1
