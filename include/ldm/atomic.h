/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/atomic.h> - atomic_t of <asm/atomic.h>, on the compiler's builtins.
 *
 * Every operation is sequentially consistent: the kernel's barrier rules are
 * subtle and nothing here is hot enough to be worth a weaker order.
 */
#ifndef _LDM_ATOMIC_H
#define _LDM_ATOMIC_H

#include <stdbool.h>

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long counter;
} atomic_long_t;

#define ATOMIC_INIT(i) \
	{ \
		(i) \
	}

static inline int atomic_read(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_SEQ_CST);
}

static inline void atomic_set(atomic_t *v, int i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_SEQ_CST);
}

static inline int atomic_add_return(int i, atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_SEQ_CST);
}

static inline int atomic_sub_return(int i, atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __ATOMIC_SEQ_CST);
}

static inline void atomic_add(int i, atomic_t *v)
{
	atomic_add_return(i, v);
}

static inline void atomic_sub(int i, atomic_t *v)
{
	atomic_sub_return(i, v);
}

static inline void atomic_inc(atomic_t *v)
{
	atomic_add_return(1, v);
}

static inline void atomic_dec(atomic_t *v)
{
	atomic_sub_return(1, v);
}

static inline int atomic_inc_return(atomic_t *v)
{
	return atomic_add_return(1, v);
}

static inline int atomic_dec_return(atomic_t *v)
{
	return atomic_sub_return(1, v);
}

static inline bool atomic_dec_and_test(atomic_t *v)
{
	return atomic_sub_return(1, v) == 0;
}

static inline bool atomic_inc_and_test(atomic_t *v)
{
	return atomic_add_return(1, v) == 0;
}

/**
 * atomic_cmpxchg - compare and exchange
 * @v: the atomic variable
 * @old: the value expected
 * @new: the value stored when @v holds @old
 *
 * Return: the value @v held before the call.
 */
static inline int atomic_cmpxchg(atomic_t *v, int old, int new)
{
	__atomic_compare_exchange_n(&v->counter, &old, new, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return old;
}

/**
 * atomic_add_unless - add unless the value is a given one
 * @v: the atomic variable
 * @a: the amount to add
 * @u: the value for which nothing is added
 *
 * Return: true if @a was added.
 */
static inline bool atomic_add_unless(atomic_t *v, int a, int u)
{
	int c = atomic_read(v);

	while (c != u) {
		if (__atomic_compare_exchange_n(&v->counter, &c, c + a, false, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return true;
	}
	return false;
}

#define atomic_inc_not_zero(v) atomic_add_unless((v), 1, 0)

static inline long atomic_long_read(const atomic_long_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_SEQ_CST);
}

static inline void atomic_long_set(atomic_long_t *v, long i)
{
	__atomic_store_n(&v->counter, i, __ATOMIC_SEQ_CST);
}

static inline long atomic_long_add_return(long i, atomic_long_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_SEQ_CST);
}

static inline long atomic_long_inc_return(atomic_long_t *v)
{
	return atomic_long_add_return(1, v);
}

#endif /* _LDM_ATOMIC_H */
