// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * grow.c - room in an array that doubles as it fills (grow.h): one place
 * for the growth policy and its overflow checks.
 */
#include <string.h>
#include <ldm/errno.h>
#include <ldm/slab.h>

#include "grow.h"

/* The room to give: twice @cap (or @first), at least @need, at most @max. */
static size_t next_room(size_t cap, size_t need, size_t first, size_t max)
{
	size_t room = cap ? (cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2) : first;

	if (room < need)
		room = need;
	return room < max ? room : max;
}

/**
 * ldm_grow - make room for @need elements in a growing array
 * @arrayp: the address of the array's pointer (the array kmalloc'd, or NULL)
 * @cap: the array's room, in elements; updated
 * @need: how many elements must fit
 * @size: the bytes of one element
 * @first: the room of a first allocation, in elements
 * @max: the most room the array may have (SIZE_MAX: no bound but memory's)
 *
 * Nothing is done when @need already fits. Else the array is reallocated
 * to twice its room (@first when it has none), or to @need where that is
 * more, and never past @max.
 * Return: 0; -EFBIG if @need is more than @max; -ENOMEM when the
 * allocation fails or the bytes would overflow. On error the array and
 * @cap are as they were.
 */
int ldm_grow(void *arrayp, size_t *cap, size_t need, size_t size, size_t first, size_t max)
{
	void *old, *grown;
	size_t room;

	if (!arrayp || !cap || !size)
		return -EINVAL;
	if (need <= *cap)
		return 0;
	if (need > max)
		return -EFBIG;
	room = next_room(*cap, need, first, max);
	if (room > SIZE_MAX / size)
		return -ENOMEM;
	/* The pointer is read and written as bytes: @arrayp may be any T **. */
	memcpy(&old, arrayp, sizeof(old));
	grown = krealloc(old, room * size, GFP_KERNEL);
	if (!grown)
		return -ENOMEM;
	memcpy(arrayp, &grown, sizeof(grown));
	*cap = room;
	return 0;
}
