/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/kref.h> - reference counts with a release callback, as lib/kref.c of
 * Linux 2.6.9.
 */
#ifndef _LDM_KREF_H
#define _LDM_KREF_H

#include <ldm/atomic.h>

#pragma GCC visibility push(default)

struct kref {
	atomic_t refcount;
};

void kref_init(struct kref *kref);
void kref_get(struct kref *kref);
int kref_put(struct kref *kref, void (*release)(struct kref *kref));

/**
 * kref_read - the current count, for diagnostics only
 * @kref: the reference count
 */
static inline unsigned int kref_read(const struct kref *kref)
{
	return (unsigned int)atomic_read(&kref->refcount);
}

#pragma GCC visibility pop

#endif /* _LDM_KREF_H */
