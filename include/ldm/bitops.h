/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/bitops.h> - bit operations on arrays of unsigned long, as
 * <asm/bitops.h> of 2.6.9: set_bit() and its kin are atomic, their __
 * forms are not; test_bit() and the searches read only.
 */
#ifndef _LDM_BITOPS_H
#define _LDM_BITOPS_H

#include <ldm/compiler.h>

#ifndef BITS_PER_LONG
#define BITS_PER_LONG 64
#endif

#define BIT_WORD(nr)	  ((unsigned long)(nr) / BITS_PER_LONG)
#define BIT_MASK(nr)	  (1UL << ((unsigned long)(nr) % BITS_PER_LONG))
#define BITS_TO_LONGS(nr) (((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)

/* The word of @addr that holds bit @nr. */
#define __ldm_bit_word(nr, addr) (((volatile unsigned long *)(addr)) + BIT_WORD(nr))

static inline void set_bit(int nr, volatile void *addr)
{
	__atomic_fetch_or(__ldm_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static inline void clear_bit(int nr, volatile void *addr)
{
	__atomic_fetch_and(__ldm_bit_word(nr, addr), ~BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static inline void change_bit(int nr, volatile void *addr)
{
	__atomic_fetch_xor(__ldm_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static inline int test_and_set_bit(int nr, volatile void *addr)
{
	return !!(__atomic_fetch_or(__ldm_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
		  BIT_MASK(nr));
}

static inline int test_and_clear_bit(int nr, volatile void *addr)
{
	return !!(__atomic_fetch_and(__ldm_bit_word(nr, addr), ~BIT_MASK(nr), __ATOMIC_SEQ_CST) &
		  BIT_MASK(nr));
}

static inline int test_and_change_bit(int nr, volatile void *addr)
{
	return !!(__atomic_fetch_xor(__ldm_bit_word(nr, addr), BIT_MASK(nr), __ATOMIC_SEQ_CST) &
		  BIT_MASK(nr));
}

static inline int test_bit(int nr, const volatile void *addr)
{
	return !!(__atomic_load_n(((const volatile unsigned long *)addr) + BIT_WORD(nr),
				  __ATOMIC_RELAXED) &
		  BIT_MASK(nr));
}

static inline void __set_bit(int nr, volatile void *addr)
{
	*__ldm_bit_word(nr, addr) |= BIT_MASK(nr);
}

static inline void __clear_bit(int nr, volatile void *addr)
{
	*__ldm_bit_word(nr, addr) &= ~BIT_MASK(nr);
}

static inline void __change_bit(int nr, volatile void *addr)
{
	*__ldm_bit_word(nr, addr) ^= BIT_MASK(nr);
}

static inline int __test_and_set_bit(int nr, volatile void *addr)
{
	int old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

static inline int __test_and_clear_bit(int nr, volatile void *addr)
{
	int old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

static inline int __test_and_change_bit(int nr, volatile void *addr)
{
	int old = test_bit(nr, addr);

	__change_bit(nr, addr);
	return old;
}

/* The index of the lowest set bit of @word, which must not be 0. */
static inline unsigned long __ffs(unsigned long word)
{
	return (unsigned long)__builtin_ctzl(word);
}

/* The index of the lowest clear bit of @word, which must not be ~0UL. */
static inline unsigned long ffz(unsigned long word)
{
	return __ffs(~word);
}

/* The 1-based index of the highest set bit of @x, 0 for 0. */
static inline int fls(int x)
{
	return x ? 32 - __builtin_clz((unsigned int)x) : 0;
}

static inline unsigned int hweight8(unsigned int w)
{
	return (unsigned int)__builtin_popcount(w & 0xffu);
}

static inline unsigned int hweight16(unsigned int w)
{
	return (unsigned int)__builtin_popcount(w & 0xffffu);
}

static inline unsigned int hweight32(unsigned int w)
{
	return (unsigned int)__builtin_popcount(w);
}

static inline unsigned long hweight_long(unsigned long w)
{
	return (unsigned long)__builtin_popcountl(w);
}

/* The first bit at or after @offset that is set (@want 1) or clear (0), or @size. */
static inline unsigned long __ldm_find_bit(const unsigned long *addr, unsigned long size,
					   unsigned long offset, int want)
{
	unsigned long i;

	for (i = offset; i < size; i++)
		if (!!(addr[BIT_WORD(i)] & BIT_MASK(i)) == want)
			return i;
	return size;
}

#define find_next_bit(addr, size, offset) \
	__ldm_find_bit((const unsigned long *)(addr), size, offset, 1)
#define find_next_zero_bit(addr, size, offset) \
	__ldm_find_bit((const unsigned long *)(addr), size, offset, 0)
#define find_first_bit(addr, size)	find_next_bit(addr, size, 0)
#define find_first_zero_bit(addr, size) find_next_zero_bit(addr, size, 0)

#endif /* _LDM_BITOPS_H */
