// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vsprintf.c - the number parsers and the printf family of lib/vsprintf.c.
 * The C library's printf and scanf functions are exported as they are (they
 * format a superset of what the kernel's did); simple_strtoul() and its
 * kin, and scnprintf(), are the kernel's own and written here.
 */
#include <ctype.h>
#include <stdio.h>
#include <ldm/export.h>
#include <ldm/kernel.h>

/* The C library's: the export holds its address. */
EXPORT_SYMBOL(sprintf);
EXPORT_SYMBOL(vsprintf);
EXPORT_SYMBOL(snprintf);
EXPORT_SYMBOL(vsnprintf);
EXPORT_SYMBOL(sscanf);
EXPORT_SYMBOL(vsscanf);

/*
 * In C99 and later, <stdio.h> has the compiler call sscanf() and vsscanf()
 * by these names (the exports above hold the same addresses): a module
 * binds to them.
 */
int __isoc99_sscanf(const char *s, const char *fmt, ...);
int __isoc99_vsscanf(const char *s, const char *fmt, va_list args);
EXPORT_SYMBOL(__isoc99_sscanf);
EXPORT_SYMBOL(__isoc99_vsscanf);

/*
 * The base of a number: @base if not 0, else 16 for "0x" followed by a hex
 * digit, 8 for a leading "0", 10 otherwise. Moves *@cp past the prefix ("0x"
 * for base 16, the "0" of base 8 is a digit and stays).
 */
static unsigned int number_base(const char **cp, unsigned int base)
{
	const char *s = *cp;

	if (base == 0) {
		if (s[0] != '0')
			return 10;
		if ((s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2])) {
			*cp = s + 2;
			return 16;
		}
		return 8;
	}
	if (base == 16 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		*cp = s + 2;
	return base;
}

/* The value of digit @c, or 36 if it is none. */
static unsigned int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return (unsigned int)(c - '0');
	if (c >= 'a' && c <= 'z')
		return (unsigned int)(c - 'a' + 10);
	if (c >= 'A' && c <= 'Z')
		return (unsigned int)(c - 'A' + 10);
	return 36;
}

/**
 * simple_strtoull - parse an unsigned number, as the kernel did
 * @cp: the text: digits, with a "0x" prefix for base 16 and a "0" for 8
 * @endp: where to store the address of the first character not parsed,
 *	or NULL
 * @base: 2 to 36, or 0 to take the base from the prefix (16 for "0x", 8 for
 *	"0", else 10)
 *
 * No blanks or sign are skipped, and a value that does not fit wraps
 * around, as in the kernel. Where no digit follows, the value is 0 and
 * *@endp is @cp (or after a "0x" prefix given with base 16).
 * Return: the value.
 */
unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base)
{
	unsigned long long value = 0;
	unsigned int digit;

	base = number_base(&cp, base);
	while ((digit = digit_value(*cp)) < base) {
		value = value * base + digit;
		cp++;
	}
	if (endp)
		*endp = (char *)cp;
	return value;
}
EXPORT_SYMBOL(simple_strtoull);

/**
 * simple_strtoul - simple_strtoull() for an unsigned long
 * @cp: the text
 * @endp: where to store the end of the number, or NULL
 * @base: 2 to 36, or 0 for the prefix's
 *
 * Return: the value.
 */
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return (unsigned long)simple_strtoull(cp, endp, base);
}
EXPORT_SYMBOL(simple_strtoul);

/**
 * simple_strtoll - parse a number with an optional leading '-'
 * @cp: the text
 * @endp: where to store the end of the number, or NULL
 * @base: 2 to 36, or 0 for the prefix's
 *
 * Return: the value.
 */
long long simple_strtoll(const char *cp, char **endp, unsigned int base)
{
	/* Negated as unsigned: wraps around, as a value too large does. */
	if (*cp == '-')
		return (long long)(0ULL - simple_strtoull(cp + 1, endp, base));
	return (long long)simple_strtoull(cp, endp, base);
}
EXPORT_SYMBOL(simple_strtoll);

/**
 * simple_strtol - simple_strtoll() for a long
 * @cp: the text
 * @endp: where to store the end of the number, or NULL
 * @base: 2 to 36, or 0 for the prefix's
 *
 * Return: the value.
 */
long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	return (long)simple_strtoll(cp, endp, base);
}
EXPORT_SYMBOL(simple_strtol);

/**
 * vscnprintf - vsnprintf() that returns what it wrote, not what it wanted to
 * @buf: the buffer
 * @size: its size
 * @fmt: the format
 * @args: its arguments
 *
 * Return: the characters written to @buf, without the NUL: at most
 * @size - 1, and 0 if @size is 0.
 */
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int len;

	if (!size)
		return 0;
	len = vsnprintf(buf, size, fmt, args);
	if (len < 0)
		return 0;
	return (size_t)len < size ? len : (int)(size - 1);
}
EXPORT_SYMBOL(vscnprintf);

/**
 * scnprintf - snprintf() that returns what it wrote, not what it wanted to
 * @buf: the buffer
 * @size: its size
 * @fmt: the format
 *
 * The form for appending to a buffer in a loop: the return never runs past
 * its end.
 * Return: the characters written to @buf, without the NUL.
 */
int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return len;
}
EXPORT_SYMBOL(scnprintf);
