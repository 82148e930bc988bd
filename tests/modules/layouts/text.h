/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * text.h - what every export-table fixture has: three functions to export,
 * an import, a weak import, and a .modinfo. Each fixture lays out
 * __ksymtab as one kernel generation did (tests/modules/test-modfile.c).
 */
	.text
	.globl fx_plain, fx_gpl, fx_ns
fx_plain:
	call fx_import
	ret
fx_gpl:
	call fx_weak
	ret
fx_ns:
	ret
	.weak fx_weak

	.section .modinfo, "a"
	.asciz "license=GPL"
	.asciz "import_ns=FXNS"
	.asciz "depends="
	.asciz "vermagic=6.1.0 SMP mod_unload "
	.asciz "alias=fx:one"
	.asciz "alias=fx:two"
