/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <asm/poll.h> for an unchanged 2.6.9 driver: <ldm/poll.h>.
 */
#ifndef _LDM_COMPAT_ASM_POLL_H
#define _LDM_COMPAT_ASM_POLL_H

#include <ldm/poll.h>

#endif /* _LDM_COMPAT_ASM_POLL_H */
