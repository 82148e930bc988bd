// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * string.c - the string and memory functions of lib/string.c. Those the C
 * library has are its own, exported here so that modules can bind to them;
 * the kernel's own that it lacks are written here.
 */
#include <ldm/export.h>
#include <ldm/string.h>

/* The C library's: the export holds its address. */
EXPORT_SYMBOL(memcpy);
EXPORT_SYMBOL(memset);
EXPORT_SYMBOL(memmove);
EXPORT_SYMBOL(memcmp);
EXPORT_SYMBOL(bcmp); /* clang -O2 emits it for memcmp() == 0 */
EXPORT_SYMBOL(memchr);
EXPORT_SYMBOL(strlen);
EXPORT_SYMBOL(strnlen);
EXPORT_SYMBOL(strcmp);
EXPORT_SYMBOL(strncmp);
EXPORT_SYMBOL(strcasecmp);
EXPORT_SYMBOL(strncasecmp);
EXPORT_SYMBOL(strcpy);
EXPORT_SYMBOL(strncpy);
EXPORT_SYMBOL(strcat);
EXPORT_SYMBOL(strncat);
EXPORT_SYMBOL(strchr);
EXPORT_SYMBOL(strrchr);
EXPORT_SYMBOL(strstr);
EXPORT_SYMBOL(strpbrk);
EXPORT_SYMBOL(strspn);
EXPORT_SYMBOL(strcspn);
EXPORT_SYMBOL(strsep);

/**
 * strlcpy - copy a string into a buffer of @size bytes, always terminated
 * @dest: the buffer
 * @src: the string
 * @size: the size of @dest; 0 copies nothing
 *
 * Copies at most @size - 1 bytes and a NUL.
 * Return: strlen(@src): a value >= @size means the copy was truncated.
 */
size_t(strlcpy)(char *dest, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size ? len : size - 1;

		memcpy(dest, src, n);
		dest[n] = '\0';
	}
	return len;
}
EXPORT_SYMBOL(strlcpy);

/**
 * strlcat - append a string to the one in a buffer of @size bytes, always
 * terminated
 * @dest: the buffer, holding a NUL-terminated string
 * @src: the string to append
 * @size: the size of @dest
 *
 * Return: the length of the string it tried to make, strlen(@dest) +
 * strlen(@src): a value >= @size means it was truncated. If @dest holds no
 * NUL within @size bytes, nothing is appended.
 */
size_t(strlcat)(char *dest, const char *src, size_t size)
{
	size_t dlen = strnlen(dest, size);

	if (dlen == size)
		return size + strlen(src);
	return dlen + (strlcpy)(dest + dlen, src, size - dlen);
}
EXPORT_SYMBOL(strlcat);

/**
 * strnicmp - compare at most @len bytes of two strings, ignoring case
 * @s1: one string
 * @s2: another
 * @len: the most bytes to compare
 *
 * Return: <0, 0 or >0 as @s1 sorts before, with or after @s2.
 */
int strnicmp(const char *s1, const char *s2, size_t len)
{
	return strncasecmp(s1, s2, len);
}
EXPORT_SYMBOL(strnicmp);

/**
 * strnchr - find a character in the first @count bytes of a string
 * @s: the string
 * @count: the most bytes to search
 * @c: the character
 *
 * Return: its first place, or NULL if it is not there before the NUL or
 * @count bytes.
 */
char *strnchr(const char *s, size_t count, int c)
{
	for (; count && *s; count--, s++)
		if (*s == (char)c)
			return (char *)s;
	return NULL;
}
EXPORT_SYMBOL(strnchr);

/**
 * memscan - find a byte in a block of memory
 * @addr: the block
 * @c: the byte
 * @size: the size of the block
 *
 * Return: the first place of @c, or @addr + @size if it is not there (not
 * NULL: that is what sets it apart from memchr()).
 */
void *memscan(void *addr, int c, size_t size)
{
	void *found = memchr(addr, c, size);

	return found ? found : (char *)addr + size;
}
EXPORT_SYMBOL(memscan);
