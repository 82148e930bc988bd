/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/kmod.h> - a driver asking for a module, as <linux/kmod.h> of 2.6.9:
 * request_module("platform:%s", name) loads the module of that name or
 * alias, and its dependencies first, through the host (ldmd --modules
 * resolves it as modprobe does; docs/modules.md).
 */
#ifndef _LDM_KMOD_H
#define _LDM_KMOD_H

#include <ldm/compiler.h>

#pragma GCC visibility push(default)

int request_module(const char *name, ...) __printf(1, 2);

#pragma GCC visibility pop

/* 2.6.9's: evaluate @x, load the module if it gave nothing, try again. */
#define try_then_request_module(x, mod...) ((x) ?: (request_module(mod), (x)))

#endif /* _LDM_KMOD_H */
