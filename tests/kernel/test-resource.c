// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-resource.c - allocate_resource(): a range of a size placed in the
 * first free gap of a window that fits its bounds and alignment, as
 * drivers with memory of their own to carve (iforce's effect memory) use
 * it.
 */
#include <ldm/ldm.h>

#include "harness.h"

/* A bus's rule: a start must end in 8 (after the alignment's rounding). */
static void start_at_8(void *data, struct resource *res, unsigned long size, unsigned long align)
{
	(void)size;
	(void)align;
	(*(int *)data)++;
	res->start += 8;
}

DEFINE_TEST(test_allocate_resource_takes_the_first_gap_that_fits,
	    .description = "allocate_resource() places a range in the first gap of its window "
			   "within min and max at the alignment, after the claimed children, "
			   "lets alignf move it, and gives -EBUSY when nothing fits and "
			   "-EINVAL for a size of 0",
	    .no_runtime = true)
{
	struct resource root = { .name = "window", .start = 0x100, .end = 0x1ff };
	struct resource taken = { .name = "taken", .start = 0x110, .end = 0x11f };
	struct resource a = { .name = "a" }, b = { .name = "b" }, c = { .name = "c" },
			d = { .name = "d" }, e = { .name = "e" };
	int calls = 0;

	ASSERT_OK(request_resource(&root, &taken));
	ASSERT_OK(allocate_resource(&root, &a, 0x10, 0, ~0UL, 0x10, NULL, NULL));
	ASSERT_EQ(a.start, 0x100UL);
	ASSERT_EQ(a.end, 0x10fUL);
	ASSERT_EQ(a.parent, &root);
	/* The next gap is after "taken". */
	ASSERT_OK(allocate_resource(&root, &b, 0x10, 0, ~0UL, 0x10, NULL, NULL));
	ASSERT_EQ(b.start, 0x120UL);
	/* Bounded below, and aligned. */
	ASSERT_OK(allocate_resource(&root, &c, 0x20, 0x150, 0x1ff, 0x40, NULL, NULL));
	ASSERT_EQ(c.start, 0x180UL);
	ASSERT_EQ(c.end, 0x19fUL);
	ASSERT_OK(allocate_resource(&root, &d, 0x8, 0x130, 0x1ff, 0x10, start_at_8, &calls));
	ASSERT_EQ(d.start, 0x138UL);
	ASSERT_EQ(d.end, 0x13fUL);
	ASSERT(calls >= 1);
	/* Left: 0x8 at 0x130, 0x40 at 0x140, 0x60 at 0x1a0; no 0x70, nothing below max. */
	ASSERT_EQ(allocate_resource(&root, &e, 0x70, 0, ~0UL, 1, NULL, NULL), -EBUSY);
	ASSERT_EQ(allocate_resource(&root, &e, 0x10, 0, 0x12f, 1, NULL, NULL), -EBUSY);
	ASSERT_EQ(allocate_resource(&root, &e, 0, 0, ~0UL, 1, NULL, NULL), -EINVAL);
	ASSERT_OK(allocate_resource(&root, &e, 0x40, 0, ~0UL, 1, NULL, NULL));
	ASSERT_EQ(e.start, 0x140UL);
	ASSERT_EQ(e.end, 0x17fUL);
	ASSERT_OK(release_resource(&e));
	ASSERT_OK(release_resource(&d));
	ASSERT_OK(release_resource(&c));
	ASSERT_OK(release_resource(&b));
	ASSERT_OK(release_resource(&a));
	ASSERT_OK(release_resource(&taken));
	ASSERT_EQ(root.child, NULL);
}
