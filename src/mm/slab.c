// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * slab.c - kmalloc and friends (mm/slab.c of the kernel), on the C library's
 * allocator. Every allocation of the runtime comes here, which is what makes
 * allocation-failure injection cover all of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ldm/atomic.h>
#include <ldm/export.h>
#include <ldm/slab.h>

#include "fault.h"

#ifdef LDM_FAULT_INJECTION
static atomic_long_t fail_countdown;
static atomic_t fail_fired;

void ldm_fail_nth(unsigned long nth)
{
	/* Disarming keeps the answer: a test disarms, then asks whether it fired. */
	if (nth)
		atomic_set(&fail_fired, 0);
	atomic_long_set(&fail_countdown, (long)nth);
}

int ldm_fail_nth_fired(void)
{
	return atomic_read(&fail_fired);
}

/* Whether this allocation is the one armed to fail. */
static bool should_fail(void)
{
	long left = atomic_long_read(&fail_countdown);

	while (left > 0) {
		if (__atomic_compare_exchange_n(&fail_countdown.counter, &left, left - 1, false,
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
			if (left == 1) {
				atomic_set(&fail_fired, 1);
				return true;
			}
			return false;
		}
	}
	return false;
}
#else
static inline bool should_fail(void)
{
	return false;
}
#endif

/**
 * kmalloc - allocate memory
 * @size: bytes wanted
 * @flags: allocation context (GFP_KERNEL, GFP_ATOMIC); advisory here
 *
 * Return: the memory, or NULL. kmalloc(0) returns a valid, unique pointer.
 */
void *kmalloc(size_t size, gfp_t flags)
{
	if (should_fail())
		return NULL;
	if (flags & __GFP_ZERO)
		return calloc(1, size ? size : 1);
	return malloc(size ? size : 1);
}
EXPORT_SYMBOL(kmalloc);

/**
 * kzalloc - allocate zeroed memory
 * @size: bytes wanted
 * @flags: allocation context
 */
void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}
EXPORT_SYMBOL(kzalloc);

/**
 * kcalloc - allocate a zeroed array
 * @n: number of elements
 * @size: size of one element
 * @flags: allocation context
 *
 * Return: the memory, or NULL, also when @n * @size overflows.
 */
void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kzalloc(bytes, flags);
}
EXPORT_SYMBOL(kcalloc);

/**
 * krealloc - resize an allocation
 * @ptr: memory from kmalloc(), or NULL
 * @size: the new size
 * @flags: allocation context
 *
 * Return: the resized memory, or NULL with @ptr untouched.
 */
void *krealloc(void *ptr, size_t size, gfp_t flags)
{
	(void)flags;
	if (should_fail())
		return NULL;
	return realloc(ptr, size ? size : 1);
}
EXPORT_SYMBOL(krealloc);

/**
 * kfree - free memory from kmalloc() and friends
 * @ptr: the memory, or NULL
 */
void kfree(const void *ptr)
{
	free((void *)ptr);
}
EXPORT_SYMBOL(kfree);

/**
 * kstrdup - duplicate a string
 * @s: the string, or NULL
 * @flags: allocation context
 */
char *kstrdup(const char *s, gfp_t flags)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strlen(s) + 1;
	p = kmalloc(len, flags);
	if (p)
		memcpy(p, s, len);
	return p;
}
EXPORT_SYMBOL(kstrdup);

/**
 * kvasprintf - format into newly allocated memory
 * @flags: allocation context
 * @fmt: printf format
 * @args: its arguments
 */
char *kvasprintf(gfp_t flags, const char *fmt, va_list args)
{
	va_list again;
	int len;
	char *p;

	va_copy(again, args);
	len = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (len < 0)
		return NULL;
	p = kmalloc((size_t)len + 1, flags);
	if (p)
		vsnprintf(p, (size_t)len + 1, fmt, args);
	return p;
}
EXPORT_SYMBOL(kvasprintf);

/**
 * kasprintf - format into newly allocated memory
 * @flags: allocation context
 * @fmt: printf format
 */
char *kasprintf(gfp_t flags, const char *fmt, ...)
{
	va_list args;
	char *p;

	va_start(args, fmt);
	p = kvasprintf(flags, fmt, args);
	va_end(args);
	return p;
}
EXPORT_SYMBOL(kasprintf);
