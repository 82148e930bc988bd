// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * panic.c - taint flags (kernel/panic.c): what the runtime has loaded that
 * makes its warnings less trustworthy, shown in /kernel/tainted, in every
 * warning, and per module.
 */
#include <stdio.h>
#include <string.h>
#include <ldm/atomic.h>

#include "taint.h"

/* The letters of the flags ldm sets, by bit. */
static const char taint_letters[] = { 'P', 'F' };

static atomic_long_t tainted;

/**
 * add_taint - set a taint flag of the runtime
 * @flag: TAINT_PROPRIETARY_MODULE or TAINT_FORCED_MODULE
 */
void add_taint(unsigned int flag)
{
	__atomic_fetch_or(&tainted.counter, 1L << flag, __ATOMIC_SEQ_CST);
}

/* The taint mask, as /kernel/tainted shows it. */
unsigned long ldm_tainted(void)
{
	return (unsigned long)atomic_long_read(&tainted);
}

/**
 * module_taint_string - the letters of a taint mask, e.g. "P"
 * @taints: the mask
 * @buf: where to write them
 * @size: room in @buf
 */
void module_taint_string(unsigned long taints, char *buf, size_t size)
{
	size_t i, n = 0;

	for (i = 0; i < sizeof(taint_letters) && n + 1 < size; i++)
		if (taints & (1UL << i))
			buf[n++] = taint_letters[i];
	buf[n] = '\0';
}

/**
 * print_tainted - "Tainted: P" or "Not tainted", for warnings
 * @buf: where to write it
 * @size: room in @buf
 */
const char *print_tainted(char *buf, size_t size)
{
	char flags[16];
	unsigned long t = ldm_tainted();

	if (!t) {
		snprintf(buf, size, "Not tainted");
	} else {
		module_taint_string(t, flags, sizeof(flags));
		snprintf(buf, size, "Tainted: %s", flags);
	}
	return buf;
}

/* ldm_exit: a new runtime starts untainted. */
void taint_reset(void)
{
	atomic_long_set(&tainted, 0);
}
