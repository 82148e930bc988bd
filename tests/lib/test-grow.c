// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-grow.c - the growing arrays: the runtime's (src/include/grow.h)
 * and the tools' (tools/lib/tool-grow.h), which keep one contract: the
 * room they give, their overflow checks, each failure leaving the array as
 * it was; and the runtime's bound and its failed allocation.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <ldm/slab.h>

#include "grow.h"
#include "harness.h"
#include "tool-grow.h"
#ifdef LDM_FAULT_INJECTION
#include "fault.h"
#endif

typedef int (*grow_fn)(void *arrayp, size_t *cap, size_t need, size_t size, size_t first);

static int runtime_grow(void *arrayp, size_t *cap, size_t need, size_t size, size_t first)
{
	return ldm_grow(arrayp, cap, need, size, first, SIZE_MAX);
}

/* The first room, twice the room, what is needed, nothing when it fits. */
static void check_doubling(grow_fn grow)
{
	int *v = NULL, *before;
	size_t cap = 0, i;

	ASSERT_OK(grow(&v, &cap, 1, sizeof(*v), 8));
	ASSERT_EQ(cap, 8);
	for (i = 0; i < 8; i++)
		v[i] = (int)i;
	before = v;
	ASSERT_OK(grow(&v, &cap, 8, sizeof(*v), 8));
	ASSERT(v == before); /* it fits: nothing is done */
	ASSERT_EQ(cap, 8);
	ASSERT_OK(grow(&v, &cap, 9, sizeof(*v), 8));
	ASSERT_EQ(cap, 16);
	ASSERT_OK(grow(&v, &cap, 100, sizeof(*v), 8));
	ASSERT_EQ(cap, 100); /* more than twice: what is needed */
	for (i = 0; i < 8; i++)
		ASSERT_EQ(v[i], (int)i);
	free(v); /* krealloc()'s memory is free()'s too */
}

/* Rooms whose bytes overflow: refused before anything is allocated. */
static void check_overflow(grow_fn grow)
{
	int dummy, *v = &dummy;
	size_t cap = SIZE_MAX / 4 + 1;

	/* Twice the room, times four bytes, wraps around. */
	ASSERT_EQ(grow(&v, &cap, cap + 1, 4, 8), -ENOMEM);
	ASSERT(v == &dummy);
	ASSERT_EQ(cap, SIZE_MAX / 4 + 1);
	/* Twice the room itself would wrap: it is SIZE_MAX, which overflows two bytes. */
	cap = SIZE_MAX / 2 + 1;
	ASSERT_EQ(grow(&v, &cap, cap + 1, 2, 8), -ENOMEM);
	ASSERT(v == &dummy);
	/* A first room of elements too large for memory. */
	v = NULL;
	cap = 0;
	ASSERT_EQ(grow(&v, &cap, 1, SIZE_MAX / 2, 4), -ENOMEM);
	ASSERT(v == NULL);
	ASSERT_EQ(cap, 0);
	ASSERT_EQ(grow(&v, &cap, 1, 0, 4), -EINVAL);
}

DEFINE_TEST(test_grow_doubles_from_its_first_room_and_keeps_the_elements,
	    .description = "LDM_GROW gives the first room, then twice the room, or what is "
			   "needed where that is more; nothing when it fits; the elements stay")
{
	long *v = NULL;
	size_t cap = 0;

	check_doubling(runtime_grow);
	ASSERT_OK(LDM_GROW(v, cap, 3, 4)); /* the macro: sizeof(*v) */
	ASSERT_EQ(cap, 4);
	kfree(v);
}

DEFINE_TEST(test_grow_stops_at_its_bound,
	    .description = "ldm_grow never gives more room than its bound, and refuses a need "
			   "past it with -EFBIG, the buffer as it was")
{
	char *buf = NULL, *before;
	size_t cap = 0;

	ASSERT_OK(ldm_grow(&buf, &cap, 1, 1, 64, 100));
	ASSERT_EQ(cap, 64);
	ASSERT_OK(ldm_grow(&buf, &cap, 65, 1, 64, 100));
	ASSERT_EQ(cap, 100); /* twice would be 128 */
	before = buf;
	ASSERT_EQ(ldm_grow(&buf, &cap, 101, 1, 64, 100), -EFBIG);
	ASSERT(buf == before);
	ASSERT_EQ(cap, 100);
	kfree(buf);
}

DEFINE_TEST(test_grow_refuses_sizes_that_overflow,
	    .description = "a room whose bytes overflow a size_t, by doubling or by the element "
			   "size, is -ENOMEM before anything is allocated; the array is untouched")
{
	check_overflow(runtime_grow);
}

DEFINE_TEST(test_grow_failed_allocation_leaves_the_array,
	    .description = "an allocation that fails (fault injection) gives -ENOMEM and leaves "
			   "the array and its room as they were")
{
#ifdef LDM_FAULT_INJECTION
	long *v = NULL;
	size_t cap = 0;

	ASSERT_OK(LDM_GROW(v, cap, 4, 4));
	v[3] = 42;
	ldm_fail_nth(1);
	ASSERT_EQ(LDM_GROW(v, cap, 5, 4), -ENOMEM);
	ASSERT(ldm_fail_nth_fired());
	ASSERT_EQ(cap, 4);
	ASSERT_EQ(v[3], 42);
	ASSERT_OK(LDM_GROW(v, cap, 5, 4));
	ASSERT_EQ(cap, 8);
	kfree(v);
#else
	ldm_test_skip("built without -Dfault_injection=true");
#endif
}

DEFINE_TEST(test_tool_grow_keeps_the_same_contract,
	    .description = "the tools' TOOL_GROW doubles as LDM_GROW does and refuses the same "
			   "overflows, the array untouched",
	    .no_runtime = true)
{
	char **v = NULL;
	size_t cap = 0;

	check_doubling(tool_grow);
	check_overflow(tool_grow);
	ASSERT_OK(TOOL_GROW(v, cap, 3, 16)); /* the macro: sizeof(*v) */
	ASSERT_EQ(cap, 16);
	free(v);
}
