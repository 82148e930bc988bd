/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/byteorder.h> - byte order as <asm/byteorder.h> and the
 * <linux/byteorder/...> headers of 2.6.9 give it: swab16/32/64, their _p
 * (through a pointer) and s (in place) forms, cpu_to_le16...be64_to_cpu
 * with the same forms. The network order (ntohl...) is the C library's
 * <netinet/in.h>, whose declarations a macro here would break. The host is
 * little-endian, as i386 is; everything is a compiler builtin, so a module
 * binds to nothing for it.
 */
#ifndef _LDM_BYTEORDER_H
#define _LDM_BYTEORDER_H

#include <ldm/types.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "ldm's <asm/byteorder.h> is that of i386: little-endian hosts only"
#endif

#ifndef __LITTLE_ENDIAN
#define __LITTLE_ENDIAN 1234
#endif
#ifndef __LITTLE_ENDIAN_BITFIELD
#define __LITTLE_ENDIAN_BITFIELD
#endif

#define ___swab16(x) ((__u16)__builtin_bswap16((__u16)(x)))
#define ___swab32(x) ((__u32)__builtin_bswap32((__u32)(x)))
#define ___swab64(x) ((__u64)__builtin_bswap64((__u64)(x)))
#define __swab16(x)  ___swab16(x)
#define __swab32(x)  ___swab32(x)
#define __swab64(x)  ___swab64(x)
#define swab16(x)    __swab16(x)
#define swab32(x)    __swab32(x)
#define swab64(x)    __swab64(x)

static inline __u16 __swab16p(const __u16 *p)
{
	return __swab16(*p);
}
static inline __u32 __swab32p(const __u32 *p)
{
	return __swab32(*p);
}
static inline __u64 __swab64p(const __u64 *p)
{
	return __swab64(*p);
}
static inline void __swab16s(__u16 *p)
{
	*p = __swab16(*p);
}
static inline void __swab32s(__u32 *p)
{
	*p = __swab32(*p);
}
static inline void __swab64s(__u64 *p)
{
	*p = __swab64(*p);
}
#define swab16p __swab16p
#define swab32p __swab32p
#define swab64p __swab64p
#define swab16s __swab16s
#define swab32s __swab32s
#define swab64s __swab64s

/* <linux/byteorder/swabb.h>: the halves of a word swapped, and the bytes of each half. */
#define swahw32(x) ((__u32)((((__u32)(x)) << 16) | (((__u32)(x)) >> 16)))
#define swahb32(x) \
	((__u32)(((((__u32)(x)) & 0x00ff00ffU) << 8) | ((((__u32)(x)) & 0xff00ff00U) >> 8)))

/* Little-endian: the le forms are the identity, the be forms swap. */
#define __cpu_to_le16(x)  ((__u16)(x))
#define __le16_to_cpu(x)  ((__u16)(x))
#define __cpu_to_le32(x)  ((__u32)(x))
#define __le32_to_cpu(x)  ((__u32)(x))
#define __cpu_to_le64(x)  ((__u64)(x))
#define __le64_to_cpu(x)  ((__u64)(x))
#define __cpu_to_be16(x)  __swab16(x)
#define __be16_to_cpu(x)  __swab16(x)
#define __cpu_to_be32(x)  __swab32(x)
#define __be32_to_cpu(x)  __swab32(x)
#define __cpu_to_be64(x)  __swab64(x)
#define __be64_to_cpu(x)  __swab64(x)
#define __cpu_to_le16p(p) (*(const __u16 *)(p))
#define __le16_to_cpup(p) (*(const __u16 *)(p))
#define __cpu_to_le32p(p) (*(const __u32 *)(p))
#define __le32_to_cpup(p) (*(const __u32 *)(p))
#define __cpu_to_le64p(p) (*(const __u64 *)(p))
#define __le64_to_cpup(p) (*(const __u64 *)(p))
#define __cpu_to_be16p(p) __swab16p((const __u16 *)(p))
#define __be16_to_cpup(p) __swab16p((const __u16 *)(p))
#define __cpu_to_be32p(p) __swab32p((const __u32 *)(p))
#define __be32_to_cpup(p) __swab32p((const __u32 *)(p))
#define __cpu_to_be64p(p) __swab64p((const __u64 *)(p))
#define __be64_to_cpup(p) __swab64p((const __u64 *)(p))
#define __cpu_to_le16s(p) ((void)(p))
#define __le16_to_cpus(p) ((void)(p))
#define __cpu_to_le32s(p) ((void)(p))
#define __le32_to_cpus(p) ((void)(p))
#define __cpu_to_le64s(p) ((void)(p))
#define __le64_to_cpus(p) ((void)(p))
#define __cpu_to_be16s(p) __swab16s(p)
#define __be16_to_cpus(p) __swab16s(p)
#define __cpu_to_be32s(p) __swab32s(p)
#define __be32_to_cpus(p) __swab32s(p)
#define __cpu_to_be64s(p) __swab64s(p)
#define __be64_to_cpus(p) __swab64s(p)

#define cpu_to_le16  __cpu_to_le16
#define le16_to_cpu  __le16_to_cpu
#define cpu_to_le32  __cpu_to_le32
#define le32_to_cpu  __le32_to_cpu
#define cpu_to_le64  __cpu_to_le64
#define le64_to_cpu  __le64_to_cpu
#define cpu_to_be16  __cpu_to_be16
#define be16_to_cpu  __be16_to_cpu
#define cpu_to_be32  __cpu_to_be32
#define be32_to_cpu  __be32_to_cpu
#define cpu_to_be64  __cpu_to_be64
#define be64_to_cpu  __be64_to_cpu
#define cpu_to_le16p __cpu_to_le16p
#define le16_to_cpup __le16_to_cpup
#define cpu_to_le32p __cpu_to_le32p
#define le32_to_cpup __le32_to_cpup
#define cpu_to_le64p __cpu_to_le64p
#define le64_to_cpup __le64_to_cpup
#define cpu_to_be16p __cpu_to_be16p
#define be16_to_cpup __be16_to_cpup
#define cpu_to_be32p __cpu_to_be32p
#define be32_to_cpup __be32_to_cpup
#define cpu_to_be64p __cpu_to_be64p
#define be64_to_cpup __be64_to_cpup
#define cpu_to_le16s __cpu_to_le16s
#define le16_to_cpus __le16_to_cpus
#define cpu_to_le32s __cpu_to_le32s
#define le32_to_cpus __le32_to_cpus
#define cpu_to_le64s __cpu_to_le64s
#define le64_to_cpus __le64_to_cpus
#define cpu_to_be16s __cpu_to_be16s
#define be16_to_cpus __be16_to_cpus
#define cpu_to_be32s __cpu_to_be32s
#define be32_to_cpus __be32_to_cpus
#define cpu_to_be64s __cpu_to_be64s
#define be64_to_cpus __be64_to_cpus

#endif /* _LDM_BYTEORDER_H */
