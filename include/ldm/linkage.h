/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/linkage.h> - the calling-convention marks of 2.6.9's
 * <linux/linkage.h> and <asm/linkage.h>. i386 passed arguments on the
 * stack for asmlinkage and in registers for FASTCALL; the host has one C
 * convention, and every function of the runtime and its modules uses it,
 * so the marks are empty.
 */
#ifndef _LDM_LINKAGE_H
#define _LDM_LINKAGE_H

#ifndef asmlinkage
#define asmlinkage
#endif
#define FASTCALL(x) x
#define fastcall
#define prevent_tail_call(ret) \
	do { \
	} while (0)

#endif /* _LDM_LINKAGE_H */
