/* SPDX-License-Identifier: GPL-2.0-or-later */
/* 2.6 (and ldm): struct kernel_symbol { unsigned long value; const char *name; } */
#include "text.inc"

	.section __ksymtab_strings, "a"
kstr_plain:	.asciz "fx_plain"
kstr_gpl:	.asciz "fx_gpl"

	.section __ksymtab, "a"
	.balign 8
	.quad fx_plain
	.quad kstr_plain

	.section __ksymtab_gpl, "a"
	.balign 8
	.quad fx_gpl
	.quad kstr_gpl
