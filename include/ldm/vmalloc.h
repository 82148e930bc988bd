/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/vmalloc.h> - vmalloc and its kin, as <linux/vmalloc.h> of 2.6.9:
 * large buffers that need only be contiguous to the caller. Here every
 * allocation is virtually contiguous already, so they come from the same
 * heap as kmalloc's (and fail as it does under fault injection).
 */
#ifndef _LDM_VMALLOC_H
#define _LDM_VMALLOC_H

#include <stddef.h>
#include <ldm/compiler.h>

#pragma GCC visibility push(default)

void *vmalloc(unsigned long size) __attribute__((__malloc__));
void *vmalloc_32(unsigned long size) __attribute__((__malloc__));
void *__vmalloc(unsigned long size, unsigned int gfp_mask, unsigned long prot)
	__attribute__((__malloc__));
void vfree(void *addr);

#pragma GCC visibility pop

#endif /* _LDM_VMALLOC_H */
