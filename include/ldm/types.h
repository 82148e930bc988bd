/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/types.h> - the fixed-width names of <linux/types.h>.
 *
 * Types the C library already has (size_t, ssize_t, dev_t, mode_t, off_t,
 * loff_t, pid_t) are the C library's own, so a public header can share a
 * translation unit with <stdio.h> or <sys/types.h>.
 */
#ifndef _LDM_TYPES_H
#define _LDM_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * glibc declares loff_t only for _DEFAULT_SOURCE; repeating a typedef of the
 * same type is valid C11, so this is harmless where glibc did declare it.
 */
typedef __loff_t loff_t;

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

typedef unsigned int gfp_t;

#endif /* _LDM_TYPES_H */
