/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/typecheck.h> - typecheck(), as <linux/typecheck.h> (in 2.6.9 it sat
 * in <linux/kernel.h>): a compile-time check that a value has a type, used
 * by the jiffies comparisons and the irqsave flags.
 */
#ifndef _LDM_TYPECHECK_H
#define _LDM_TYPECHECK_H

/*
 * typecheck - whether @x has type @type: always 1, but comparing pointers to
 * two distinct types makes the compiler warn where they differ.
 */
#ifndef typecheck
#define typecheck(type, x) \
	({ \
		type __dummy; \
		__typeof__(x) __dummy2; \
		(void)(&__dummy == &__dummy2); \
		1; \
	})
#endif

#endif /* _LDM_TYPECHECK_H */
