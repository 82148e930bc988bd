/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/unaligned.h> - get_unaligned and put_unaligned of 2.6.9's
 * <asm/unaligned.h>: a value read or written where it may not be aligned
 * for its type, by a copy of its bytes.
 */
#ifndef _LDM_UNALIGNED_H
#define _LDM_UNALIGNED_H

#define get_unaligned(ptr) \
	({ \
		__typeof__(*(ptr)) __gu_v; \
		__builtin_memcpy(&__gu_v, (ptr), sizeof(__gu_v)); \
		__gu_v; \
	})

#define put_unaligned(val, ptr) \
	({ \
		__typeof__(*(ptr)) __pu_v = (val); \
		__builtin_memcpy((ptr), &__pu_v, sizeof(__pu_v)); \
		(void)0; \
	})

#endif /* _LDM_UNALIGNED_H */
