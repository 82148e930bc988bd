// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * kref.c - reference counts with a release callback (lib/kref.c of 2.6.9).
 */
#include <ldm/export.h>
#include <ldm/kernel.h>
#include <ldm/kref.h>
#include <ldm/slab.h>

/**
 * kref_init - set the count of a new object to one
 * @kref: the object's count
 */
void kref_init(struct kref *kref)
{
	atomic_set(&kref->refcount, 1);
}
EXPORT_SYMBOL(kref_init);

/**
 * kref_get - take a reference
 * @kref: the object's count; the caller must already hold a reference
 */
void kref_get(struct kref *kref)
{
	WARN_ON(atomic_inc_return(&kref->refcount) < 2);
}
EXPORT_SYMBOL(kref_get);

/**
 * kref_put - drop a reference, and release the object with the last one
 * @kref: the object's count
 * @release: called once, when the count drops to zero; kfree is not
 *           acceptable here (the kref need not start the object)
 *
 * Return: 1 if the object was released, else 0 (as modern Linux; 2.6.9
 * returned nothing, so callers that ignore it are unaffected).
 */
int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	WARN_ON(release == NULL);
	WARN_ON(release == (void (*)(struct kref *))kfree);

	if (atomic_dec_and_test(&kref->refcount)) {
		release(kref);
		return 1;
	}
	return 0;
}
EXPORT_SYMBOL(kref_put);
