/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench-exports.S - 100,000 functions, bench_x100000 to bench_x199999, each
 * returning its number, and each exported as EXPORT_SYMBOL would: a
 * struct kernel_symbol in __ksymtab and its name in __ksymtab_strings.
 * Linked into bench-module, they join the runtime's export table at
 * ldm_init() (and its dynamic symbol table, for dlopen). Written with the
 * assembler's own loop: the same in C is a 100,000-function file that takes
 * a minute to compile.
 */
	.altmacro

	.macro bench_export n
	.text
	.globl bench_x\n
	.type bench_x\n, @function
bench_x\n:
	movl $\n, %eax
	ret
	.size bench_x\n, . - bench_x\n
	.section __ksymtab_strings, "a"
__kstrtab_bench_x\n:
	.asciz "bench_x\n"
	.section __ksymtab, "awR"
	.balign 8
	.quad bench_x\n, __kstrtab_bench_x\n
	.endm

	.set i, 100000
	.rept 100000
	bench_export %i
	.set i, i + 1
	.endr

	.section .note.GNU-stack, "", @progbits
