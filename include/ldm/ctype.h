/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/ctype.h> - character classes of <linux/ctype.h>, for ASCII, as the
 * kernel's (the C library's own need its locale tables, which a module
 * cannot reach). Do not include the C library's <ctype.h> beside it.
 */
#ifndef _LDM_CTYPE_H
#define _LDM_CTYPE_H

static inline int __ldm_isdigit(int c)
{
	return c >= '0' && c <= '9';
}
static inline int __ldm_isupper(int c)
{
	return c >= 'A' && c <= 'Z';
}
static inline int __ldm_islower(int c)
{
	return c >= 'a' && c <= 'z';
}
static inline int __ldm_isalpha(int c)
{
	return __ldm_isupper(c) || __ldm_islower(c);
}
static inline int __ldm_isxdigit(int c)
{
	return __ldm_isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static inline int __ldm_isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}
static inline int __ldm_iscntrl(int c)
{
	return (c >= 0 && c < 32) || c == 127;
}
static inline int __ldm_isprint(int c)
{
	return c >= 32 && c < 127;
}

#define isdigit(c)  __ldm_isdigit(c)
#define isupper(c)  __ldm_isupper(c)
#define islower(c)  __ldm_islower(c)
#define isalpha(c)  __ldm_isalpha(c)
#define isalnum(c)  (__ldm_isalpha(c) || __ldm_isdigit(c))
#define isxdigit(c) __ldm_isxdigit(c)
#define isspace(c)  __ldm_isspace(c)
#define iscntrl(c)  __ldm_iscntrl(c)
#define isprint(c)  __ldm_isprint(c)
#define isgraph(c)  (__ldm_isprint(c) && (c) != ' ')
#define ispunct(c)  (isgraph(c) && !isalnum(c))
#define isascii(c)  (((unsigned char)(c)) <= 0x7f)
#define toascii(c)  (((unsigned char)(c)) & 0x7f)
#define tolower(c)  (__ldm_isupper(c) ? (c) - 'A' + 'a' : (c))
#define toupper(c)  (__ldm_islower(c) ? (c) - 'a' + 'A' : (c))

#endif /* _LDM_CTYPE_H */
