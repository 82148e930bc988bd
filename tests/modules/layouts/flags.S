/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The flags-table layout proposed for Linux (__kflagstab): one __ksymtab,
 * and a byte of flags per entry, bit 0 set for a GPL-only export.
 */
#include "text.inc"

	.section __ksymtab_strings, "aMS", @progbits, 1
kstr_plain:	.asciz "fx_plain"
kstr_gpl:	.asciz "fx_gpl"
kstr_ns:	.asciz "fx_ns"
kstrns_ns:	.asciz "FXNS"
empty:		.asciz ""

	.section __ksymtab, "a"
	.balign 4
	.long fx_gpl - .
	.long kstr_gpl - .
	.long empty - .
	.long fx_ns - .
	.long kstr_ns - .
	.long kstrns_ns - .
	.long fx_plain - .
	.long kstr_plain - .
	.long empty - .

	.section __kflagstab, "a"
	.byte 1, 0, 0
