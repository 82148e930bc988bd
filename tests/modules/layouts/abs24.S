/* SPDX-License-Identifier: GPL-2.0-or-later */
/* 5.4 without place-relative references: { value, name, namespace }, absolute */
#include "text.inc"

	.section __ksymtab_strings, "a"
kstr_plain:	.asciz "fx_plain"
kstr_ns:	.asciz "fx_ns"
kstrns_ns:	.asciz "FXNS"
kstr_gpl:	.asciz "fx_gpl"

	.section __ksymtab, "a"
	.balign 8
	.quad fx_ns
	.quad kstr_ns
	.quad kstrns_ns
	.quad fx_plain
	.quad kstr_plain
	.quad 0

	.section __ksymtab_gpl, "a"
	.balign 8
	.quad fx_gpl
	.quad kstr_gpl
	.quad 0
