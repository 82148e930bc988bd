/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 5.4 to today: { value_offset, name_offset, namespace_offset }, each
 * relative to its field; fx_gpl is restricted to named modules
 * (EXPORT_SYMBOL_FOR_MODULES: namespace "module:...").
 */
#include "text.inc"

	.section __ksymtab_strings, "aMS", @progbits, 1
kstr_plain:	.asciz "fx_plain"
kstrns_plain:	.asciz ""
kstr_ns:	.asciz "fx_ns"
kstrns_ns:	.asciz "FXNS"
kstr_gpl:	.asciz "fx_gpl"
kstrns_gpl:	.asciz "module:fx_friend,fx-pal*"

	.section __ksymtab, "a"
	.balign 4
	.long fx_ns - .
	.long kstr_ns - .
	.long kstrns_ns - .
	.long fx_plain - .
	.long kstr_plain - .
	.long kstrns_plain - .

	.section __ksymtab_gpl, "a"
	.balign 4
	.long fx_gpl - .
	.long kstr_gpl - .
	.long kstrns_gpl - .
