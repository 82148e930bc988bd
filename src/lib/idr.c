// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * idr.c - small integer ids mapped to pointers (lib/idr.c of 2.6.9), as
 * a growing array with a bitmap of the ids in use rather than 2.6.9's
 * radix tree: ids stay small and dense in what drivers use them for
 * (adapter and device numbers).
 */
#include <ldm/bitops.h>
#include <ldm/errno.h>
#include <ldm/export.h>
#include <ldm/idr.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>
#include <ldm/string.h>

/* Slots are added this many at a time. */
#define IDR_CHUNK 64

/**
 * idr_init - make an idr empty
 * @idp: the idr
 */
void idr_init(struct idr *idp)
{
	memset(idp, 0, sizeof(*idp));
	spin_lock_init(&idp->lock);
}
EXPORT_SYMBOL(idr_init);

static void idr_free_locked(struct idr *idp)
{
	kfree(idp->slots);
	kfree(idp->taken);
	idp->slots = NULL;
	idp->taken = NULL;
	idp->size = 0;
}

/* Grow @idp to hold id @id; under the lock. */
static int idr_grow_locked(struct idr *idp, int id)
{
	int size = (id / IDR_CHUNK + 1) * IDR_CHUNK;
	unsigned long *taken;
	void **slots;

	if (size <= idp->size)
		return 0;
	slots = krealloc(idp->slots, (size_t)size * sizeof(*slots), GFP_ATOMIC);
	if (!slots)
		return -ENOMEM;
	idp->slots = slots;
	taken = krealloc(idp->taken, BITS_TO_LONGS(size) * sizeof(*taken), GFP_ATOMIC);
	if (!taken)
		return -ENOMEM;
	idp->taken = taken;
	memset(slots + idp->size, 0, (size_t)(size - idp->size) * sizeof(*slots));
	memset(taken + BITS_TO_LONGS(idp->size), 0,
	       (BITS_TO_LONGS(size) - BITS_TO_LONGS(idp->size)) * sizeof(*taken));
	idp->size = size;
	return 0;
}

/**
 * idr_pre_get - make room for one more id
 * @idp: the idr
 * @gfp_mask: how to allocate
 *
 * 2.6.9's callers call it before idr_get_new(), and again whenever that
 * gives -EAGAIN. Here idr_get_new() allocates what it needs itself (the
 * host's allocator may be called under the idr's lock), and gives -EAGAIN
 * only when that fails: there is nothing to set aside beforehand.
 * Return: 1.
 */
int idr_pre_get(struct idr *idp, unsigned int gfp_mask)
{
	(void)idp;
	(void)gfp_mask;
	return 1;
}
EXPORT_SYMBOL(idr_pre_get);

/**
 * idr_get_new_above - the lowest free id at or above a start, for a pointer
 * @idp: the idr
 * @ptr: what the id stands for (may be NULL)
 * @starting_id: the lowest id wanted
 * @id: where the id goes
 *
 * Return: 0; -EAGAIN if there was no room (call idr_pre_get() and try
 * again); -ENOSPC past MAX_ID_MASK.
 */
int idr_get_new_above(struct idr *idp, void *ptr, int starting_id, int *id)
{
	unsigned long n;

	if (starting_id < 0)
		starting_id = 0;
	spin_lock(&idp->lock);
	n = idp->size ? find_next_zero_bit(idp->taken, (unsigned long)idp->size,
					   (unsigned long)starting_id) :
			0;
	if (n < (unsigned long)starting_id)
		n = (unsigned long)starting_id;
	if (n > MAX_ID_MASK) {
		spin_unlock(&idp->lock);
		return -ENOSPC;
	}
	if (n >= (unsigned long)idp->size && idr_grow_locked(idp, (int)n)) {
		spin_unlock(&idp->lock);
		return -EAGAIN;
	}
	__set_bit((int)n, idp->taken);
	idp->slots[n] = ptr;
	spin_unlock(&idp->lock);
	*id = (int)n;
	return 0;
}
EXPORT_SYMBOL(idr_get_new_above);

/**
 * idr_get_new - the lowest free id, for a pointer
 * @idp: the idr
 * @ptr: what the id stands for (may be NULL)
 * @id: where the id goes
 *
 * Return: as idr_get_new_above().
 */
int idr_get_new(struct idr *idp, void *ptr, int *id)
{
	return idr_get_new_above(idp, ptr, 0, id);
}
EXPORT_SYMBOL(idr_get_new);

static bool idr_taken_locked(struct idr *idp, int id)
{
	return id >= 0 && id < idp->size && test_bit(id, idp->taken);
}

/**
 * idr_find - what an id stands for
 * @idp: the idr
 * @id: the id
 *
 * Return: its pointer, or NULL if @id is not in use.
 */
void *idr_find(struct idr *idp, int id)
{
	void *ptr = NULL;

	spin_lock(&idp->lock);
	if (idr_taken_locked(idp, id))
		ptr = idp->slots[id];
	spin_unlock(&idp->lock);
	return ptr;
}
EXPORT_SYMBOL(idr_find);

/**
 * idr_replace - change what an id stands for
 * @idp: the idr
 * @ptr: the new pointer
 * @id: the id
 *
 * Return: the old pointer, or ERR_PTR(-ENOENT) if @id is not in use.
 */
void *idr_replace(struct idr *idp, void *ptr, int id)
{
	void *old = ERR_PTR(-ENOENT);

	spin_lock(&idp->lock);
	if (idr_taken_locked(idp, id)) {
		old = idp->slots[id];
		idp->slots[id] = ptr;
	}
	spin_unlock(&idp->lock);
	return old;
}
EXPORT_SYMBOL(idr_replace);

/**
 * idr_remove - free an id
 * @idp: the idr
 * @id: the id; one not in use is reported, as 2.6.9 does
 */
void idr_remove(struct idr *idp, int id)
{
	bool taken;

	spin_lock(&idp->lock);
	taken = idr_taken_locked(idp, id);
	if (taken) {
		__clear_bit(id, idp->taken);
		idp->slots[id] = NULL;
		/* Empty: free the arrays, as 2.6.9 frees its layers (a static idr is never destroyed). */
		if (find_first_bit(idp->taken, (unsigned long)idp->size) ==
		    (unsigned long)idp->size)
			idr_free_locked(idp);
	}
	spin_unlock(&idp->lock);
	if (!taken)
		printk(KERN_WARNING "idr_remove called for id=%d which is not allocated.\n", id);
}
EXPORT_SYMBOL(idr_remove);

/**
 * idr_destroy - free what an idr holds (not the pointers it maps)
 * @idp: the idr, empty afterwards
 */
void idr_destroy(struct idr *idp)
{
	spin_lock(&idp->lock);
	idr_free_locked(idp);
	spin_unlock(&idp->lock);
}
EXPORT_SYMBOL(idr_destroy);
