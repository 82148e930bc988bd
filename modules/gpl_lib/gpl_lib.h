/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gpl_lib.h - what gpl_lib exports (EXPORT_SYMBOL_GPL) to its users.
 */
#ifndef _GPL_LIB_H
#define _GPL_LIB_H

#include <ldm/types.h>

u32 gpl_lib_hash(const char *s);

#endif /* _GPL_LIB_H */
