/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/io.h> for an unchanged 2.6.9 driver: <ldm/io.h>, port and
 * memory-mapped I/O that reaches device models, never the host's hardware.
 */
#ifndef _LDM_COMPAT_ASM_IO_H
#define _LDM_COMPAT_ASM_IO_H

#include <ldm/io.h>

#endif /* _LDM_COMPAT_ASM_IO_H */
