// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tool-grow.c - room in an array that doubles as it fills (tool-grow.h), for the
 * tools: the growth policy and its overflow checks in one place.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tool-grow.h"

/**
 * tool_grow - make room for @need elements in a growing array
 * @arrayp: the address of the array's pointer (malloc'd, or NULL)
 * @cap: the array's room, in elements; updated
 * @need: how many elements must fit
 * @size: the bytes of one element
 * @first: the room of a first allocation, in elements
 *
 * Nothing is done when @need already fits; else the room becomes twice
 * what it was (@first at first), or @need where that is more.
 * Return: 0, -EINVAL, or -ENOMEM when realloc() fails or the bytes would
 * overflow; on error the array and @cap are as they were.
 */
int tool_grow(void *arrayp, size_t *cap, size_t need, size_t size, size_t first)
{
	void *old, *grown;
	size_t room;

	if (!arrayp || !cap || !size)
		return -EINVAL;
	if (need <= *cap)
		return 0;
	if (!*cap)
		room = first > need ? first : need;
	else
		room = *cap <= SIZE_MAX / 2 && *cap * 2 > need ? *cap * 2 : need;
	if (room > SIZE_MAX / size)
		return -ENOMEM;
	memcpy(&old, arrayp, sizeof(old)); /* any T **: the pointer is moved as bytes */
	grown = realloc(old, room * size);
	if (!grown)
		return -ENOMEM;
	memcpy(arrayp, &grown, sizeof(grown));
	*cap = room;
	/* The array holds it now, through @arrayp: cppcheck follows no memcpy(). */
	// cppcheck-suppress memleak
	return 0;
}
