/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/idr.h> - small integer ids mapped to pointers, as <linux/idr.h> of
 * 2.6.9: idr_pre_get() makes room, idr_get_new() gives the lowest free id
 * (and -EAGAIN when the room is used up, so the caller calls idr_pre_get()
 * again, as 2.6.9 callers loop), idr_find(), idr_remove().
 */
#ifndef _LDM_IDR_H
#define _LDM_IDR_H

#include <ldm/spinlock.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

#define MAX_ID_SHIFT (sizeof(int) * 8 - 1)
#define MAX_ID_BIT   (1U << MAX_ID_SHIFT)
#define MAX_ID_MASK  (MAX_ID_BIT - 1)

/**
 * struct idr - a map of ids to pointers; the members are lib/idr.c's
 * @slots: @size pointers, an id's slot (NULL: free, or taken with a NULL
 *	pointer, which @taken tells)
 * @taken: one bit per slot in use
 * @size: the slots allocated
 * @lock: guards the rest
 */
struct idr {
	void **slots;
	unsigned long *taken;
	int size;
	spinlock_t lock;
};

#define IDR_INIT(name) \
	{ \
		.slots = NULL, .taken = NULL, .size = 0, .lock = __SPIN_LOCK_INITIALIZER \
	}
#define DEFINE_IDR(name) struct idr name = IDR_INIT(name)

void idr_init(struct idr *idp);
int idr_pre_get(struct idr *idp, unsigned int gfp_mask);
int idr_get_new(struct idr *idp, void *ptr, int *id);
int idr_get_new_above(struct idr *idp, void *ptr, int starting_id, int *id);
void *idr_find(struct idr *idp, int id);
void *idr_replace(struct idr *idp, void *ptr, int id);
void idr_remove(struct idr *idp, int id);
void idr_destroy(struct idr *idp);

#pragma GCC visibility pop

#endif /* _LDM_IDR_H */
