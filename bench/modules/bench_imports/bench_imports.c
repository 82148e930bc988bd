// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench_imports.c - a module of 1,000 imports for bench-module: it calls
 * bench_x100000, bench_x100100, ..., bench_x199900 (every hundredth of the
 * 100,000 exports of bench-exports.S) and adds up what they return. The same
 * file is built as a shared object, for the comparison with dlopen.
 */
#include <ldm/module.h>

/* Tables of names, laid out by hand: clang-format cannot keep them stable. */
/* clang-format off */
#define L0(m, p)	m(p##0) m(p##1) m(p##2) m(p##3) m(p##4) m(p##5) m(p##6) m(p##7) \
			m(p##8) m(p##9)
#define L1(m, p)	L0(m, p##0) L0(m, p##1) L0(m, p##2) L0(m, p##3) L0(m, p##4) \
			L0(m, p##5) L0(m, p##6) L0(m, p##7) L0(m, p##8) L0(m, p##9)
#define L2(m, p)	L1(m, p##0) L1(m, p##1) L1(m, p##2) L1(m, p##3) L1(m, p##4) \
			L1(m, p##5) L1(m, p##6) L1(m, p##7) L1(m, p##8) L1(m, p##9)

/* n runs from 000 to 999: bench_x1<n>00 */
#define DECLARE(n)	int bench_x1##n##00(void);
#define CALL(n)		sum += (unsigned long)bench_x1##n##00();
/* clang-format on */

L2(DECLARE, )

unsigned long bench_imports_sum;
EXPORT_SYMBOL(bench_imports_sum);

static int __init bench_imports_init(void)
{
	unsigned long sum = 0;

	L2(CALL, )
	bench_imports_sum = sum;
	return 0;
}

static void __exit bench_imports_exit(void)
{
}

module_init(bench_imports_init);
module_exit(bench_imports_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("1,000 imports, for bench-module");
