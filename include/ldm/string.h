/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/string.h> - the string and memory functions of <linux/string.h>.
 *
 * Most are the C library's, declared by its <string.h> and exported to
 * modules as they are (memcpy, memset, memmove and memcmp among them, which
 * the compiler emits calls to on its own). The kernel's own are here:
 * strlcpy() and strlcat() (glibc 2.36 has neither), strnicmp(), strnchr()
 * and memscan(). strnlen() and strsep() are declared again, since
 * <string.h> hides them in a strict ISO mode.
 */
#ifndef _LDM_STRING_H
#define _LDM_STRING_H

#include <stddef.h>
#include <string.h>
#include <strings.h>

#pragma GCC visibility push(default)

/* Parenthesized: a C library that defines one as a macro keeps its macro. */
size_t(strlcpy)(char *dest, const char *src, size_t size);
size_t(strlcat)(char *dest, const char *src, size_t size);
size_t(strnlen)(const char *s, size_t maxlen);
char *(strsep)(char **stringp, const char *delim);

int strnicmp(const char *s1, const char *s2, size_t len);
char *strnchr(const char *s, size_t count, int c);
void *memscan(void *addr, int c, size_t size);

#pragma GCC visibility pop

#endif /* _LDM_STRING_H */
