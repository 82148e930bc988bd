// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * usercopy.c - copy_to_user() and friends (arch/i386/lib/usercopy.c of
 * 2.6.9, lib/usercopy.c of modern Linux) for a "user space" that is this
 * process: plain copies, with NULL as the one address known to be bad.
 */
#include <string.h>
#include <ldm/export.h>
#include <ldm/uaccess.h>

/**
 * copy_to_user - copy a block of memory to user space
 * @to: the user buffer
 * @from: the source
 * @n: bytes to copy
 *
 * Return: the number of bytes that could not be copied: 0 on success, @n
 * if @to is NULL.
 */
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (!n)
		return 0;
	if (!to)
		return n;
	memcpy(to, from, n);
	return 0;
}
EXPORT_SYMBOL(copy_to_user);

/**
 * copy_from_user - copy a block of memory from user space
 * @to: the destination
 * @from: the user buffer
 * @n: bytes to copy
 *
 * As in the kernel, what could not be copied is zeroed in @to.
 * Return: the number of bytes that could not be copied: 0 on success, @n
 * if @from is NULL.
 */
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	if (!n)
		return 0;
	if (!from) {
		memset(to, 0, n);
		return n;
	}
	memcpy(to, from, n);
	return 0;
}
EXPORT_SYMBOL(copy_from_user);

/**
 * clear_user - zero a block of user memory
 * @to: the user buffer
 * @n: bytes to zero
 *
 * Return: the number of bytes that could not be zeroed: 0, or @n if @to is
 * NULL.
 */
unsigned long clear_user(void __user *to, unsigned long n)
{
	if (!n)
		return 0;
	if (!to)
		return n;
	memset(to, 0, n);
	return 0;
}
EXPORT_SYMBOL(clear_user);

/**
 * strncpy_from_user - copy a NUL-terminated string from user space
 * @dst: the destination, @count bytes
 * @src: the user string
 * @count: the most bytes to copy, NUL included
 *
 * Return: the length of the string copied (without its NUL), @count if it
 * filled @dst without a NUL, or -EFAULT if @src is NULL.
 */
long strncpy_from_user(char *dst, const char __user *src, long count)
{
	size_t len;

	if (!src)
		return -EFAULT;
	if (count <= 0)
		return 0;
	len = strnlen(src, (size_t)count);
	memcpy(dst, src, len);
	if (len < (size_t)count)
		dst[len] = '\0';
	return (long)len;
}
EXPORT_SYMBOL(strncpy_from_user);

/**
 * strnlen_user - the size of a user string, NUL included
 * @str: the user string
 * @n: the most bytes to look at
 *
 * Return: the length plus one, a value greater than @n if no NUL came
 * within @n bytes, or 0 if @str is NULL.
 */
long strnlen_user(const char __user *str, long n)
{
	if (!str)
		return 0;
	if (n <= 0)
		return 1;
	return (long)strnlen(str, (size_t)n) + 1;
}
EXPORT_SYMBOL(strnlen_user);
