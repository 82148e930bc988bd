// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-tool-grow.c - the tools' growing array (tools/lib/tool-grow.h): the
 * room it gives and its overflow checks, each failure leaving the array
 * as it was.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "harness.h"
#include "tool-grow.h"

DEFINE_TEST(test_tool_grow_doubles_and_refuses_overflow,
	    .description = "TOOL_GROW gives the first room, twice the room, or what is needed; "
			   "a room whose bytes overflow is -ENOMEM with the array untouched",
	    .no_runtime = true)
{
	int dummy, *v = NULL, *before;
	size_t cap = 0, i;

	ASSERT_OK(TOOL_GROW(v, cap, 1, 16));
	ASSERT_EQ(cap, 16);
	for (i = 0; i < 16; i++)
		v[i] = (int)i;
	before = v;
	ASSERT_OK(TOOL_GROW(v, cap, 16, 16));
	ASSERT(v == before);
	ASSERT_OK(TOOL_GROW(v, cap, 17, 16));
	ASSERT_EQ(cap, 32);
	ASSERT_OK(TOOL_GROW(v, cap, 1000, 16));
	ASSERT_EQ(cap, 1000);
	for (i = 0; i < 16; i++)
		ASSERT_EQ(v[i], (int)i);
	free(v);

	v = &dummy;
	cap = SIZE_MAX / 4 + 1;
	ASSERT_EQ(tool_grow(&v, &cap, cap + 1, 4, 16), -ENOMEM);
	ASSERT(v == &dummy);
	ASSERT_EQ(cap, SIZE_MAX / 4 + 1);
	cap = SIZE_MAX / 2 + 1;
	ASSERT_EQ(tool_grow(&v, &cap, cap + 1, 2, 16), -ENOMEM);
	ASSERT(v == &dummy);
	v = NULL;
	cap = 0;
	ASSERT_EQ(tool_grow(&v, &cap, 1, SIZE_MAX / 2, 4), -ENOMEM);
	ASSERT(v == NULL && cap == 0);
	ASSERT_EQ(tool_grow(&v, &cap, 1, 0, 4), -EINVAL);
}
