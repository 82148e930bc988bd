/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/prelude.h> - read first in every module module.mk builds (-include):
 * the C library's headers the kernel API is built on, with the names
 * libc declares that 2.6.9 drivers give things of their own moved aside.
 * i2c-elektor.c has a "static int clock" (libc's clock()), other drivers
 * an "index" (libc's index()); the kernel had neither function, so its
 * drivers were free to use the names.
 */
#ifndef _LDM_PRELUDE_H
#define _LDM_PRELUDE_H

#define clock  __ldm_libc_clock
#define index  __ldm_libc_index
#define rindex __ldm_libc_rindex

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#undef clock
#undef index
#undef rindex

#endif /* _LDM_PRELUDE_H */
