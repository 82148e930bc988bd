/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/kmod.h> - loading a module on demand, as <linux/kmod.h> of 2.6.9
 * without CONFIG_KMOD: there is no modprobe to run, so request_module()
 * gives -ENOSYS and the driver goes on without.
 */
#ifndef _LDM_KMOD_H
#define _LDM_KMOD_H

#include <ldm/compiler.h>
#include <ldm/errno.h>

static inline __printf(1, 2) int request_module(const char *name, ...)
{
	(void)name;
	return -ENOSYS;
}

#define try_then_request_module(x, mod...) ((x) ?: (request_module(mod), (x)))

#endif /* _LDM_KMOD_H */
