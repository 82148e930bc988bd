/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tool-grow.h - room in an array that doubles as it fills: the tools' one way of
 * growing a table (tool-grow.c), as systemd's GREEDY_REALLOC and kmod's array.h
 * are theirs. The runtime has its own, on its allocator (src/include/grow.h).
 */
#ifndef _LDM_TOOL_GROW_H
#define _LDM_TOOL_GROW_H

#include <stddef.h>

int tool_grow(void *arrayp, size_t *cap, size_t need, size_t size, size_t first);

/*
 * TOOL_GROW - room for @need elements in @array (a pointer lvalue, NULL at
 * first) whose room, in elements, is @cap (a size_t lvalue): @first
 * elements at first, then twice the room, or @need where that is more.
 * 0, or -ENOMEM with @array and @cap as they were.
 */
#define TOOL_GROW(array, cap, need, first) \
	tool_grow(&(array), &(cap), (need), sizeof(*(array)), (first))

#endif /* _LDM_TOOL_GROW_H */
