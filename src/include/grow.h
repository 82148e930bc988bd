/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * grow.h - room in an array that doubles as it fills, the runtime's one way
 * of growing a buffer or a table (src/lib/grow.c), as systemd's
 * GREEDY_REALLOC and kmod's array.h are theirs. The memory is krealloc()'s,
 * so allocation-failure injection reaches it, and free() or kfree() frees it.
 */
#ifndef _LDM_GROW_H
#define _LDM_GROW_H

#include <stddef.h>
#include <stdint.h>

int ldm_grow(void *arrayp, size_t *cap, size_t need, size_t size, size_t first, size_t max);

/*
 * LDM_GROW - room for @need elements in @array (a pointer lvalue, NULL at
 * first) whose room, in elements, is @cap (a size_t lvalue): a first
 * allocation of @first elements, then twice the room each time, or @need
 * where that is more. 0, or -ENOMEM with @array and @cap as they were.
 */
#define LDM_GROW(array, cap, need, first) \
	ldm_grow(&(array), &(cap), (need), sizeof(*(array)), (first), SIZE_MAX)

#endif /* _LDM_GROW_H */
