/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/types.h> - the fixed-width names of <linux/types.h> and
 * <asm/types.h>: u8 to s64, __u8 to __s64, umode_t, BITS_PER_LONG.
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

/*
 * The names of <asm/types.h>, spelled as the C library's <linux/types.h>
 * spells them (the same types, so the two may meet in one file).
 */
typedef unsigned char __u8;
typedef signed char __s8;
typedef unsigned short __u16;
typedef signed short __s16;
typedef unsigned int __u32;
typedef signed int __s32;
__extension__ typedef unsigned long long __u64;
__extension__ typedef signed long long __s64;
typedef __u16 __le16;
typedef __u16 __be16;
typedef __u32 __le32;
typedef __u32 __be32;
typedef __u64 __le64;
typedef __u64 __be64;

typedef unsigned short umode_t;
typedef unsigned long sector_t;

#ifndef BITS_PER_LONG
#define BITS_PER_LONG 64
#endif

#endif /* _LDM_TYPES_H */
