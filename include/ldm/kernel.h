/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/kernel.h> - printk, its levels and the small helpers of
 * <linux/kernel.h>; as there, it brings the types, the bit operations and
 * the limits (INT_MAX, UINT_MAX, ...).
 */
#ifndef _LDM_KERNEL_H
#define _LDM_KERNEL_H

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <ldm/bitops.h>
#include <ldm/compiler.h>
#include <ldm/err.h>
#include <ldm/types.h>

#pragma GCC visibility push(default)

#define KERN_EMERG   "<0>" /* system is unusable */
#define KERN_ALERT   "<1>" /* action must be taken immediately */
#define KERN_CRIT    "<2>" /* critical conditions */
#define KERN_ERR     "<3>" /* error conditions */
#define KERN_WARNING "<4>" /* warning conditions */
#define KERN_NOTICE  "<5>" /* normal but significant condition */
#define KERN_INFO    "<6>" /* informational */
#define KERN_DEBUG   "<7>" /* debug-level messages */

/* The level of a message that names none, as 2.6.9's DEFAULT_MESSAGE_LOGLEVEL. */
#define LDM_DEFAULT_MESSAGE_LOGLEVEL 4

int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list args) __printf(1, 0);

#ifdef DEBUG
#define pr_debug(fmt, ...) printk(KERN_DEBUG fmt, ##__VA_ARGS__)
#else
#define pr_debug(fmt, ...) \
	({ \
		if (0) \
			printk(KERN_DEBUG fmt, ##__VA_ARGS__); \
		0; \
	})
#endif
#define pr_info(fmt, ...)   printk(KERN_INFO fmt, ##__VA_ARGS__)
#define pr_notice(fmt, ...) printk(KERN_NOTICE fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)   printk(KERN_WARNING fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...)    printk(KERN_ERR fmt, ##__VA_ARGS__)

/*
 * lib/vsprintf.c: sprintf, snprintf, vsnprintf, vsprintf, sscanf and vsscanf
 * are the C library's, declared by its <stdio.h> and exported to modules;
 * these are the kernel's own.
 */
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args) __printf(3, 0);
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base);
long simple_strtol(const char *cp, char **endp, unsigned int base);
unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base);
long long simple_strtoll(const char *cp, char **endp, unsigned int base);

void __ldm_warn(const char *file, int line, const char *cond);
void __ldm_bug(const char *file, int line, const char *cond) __noreturn;
void dump_stack(void);

/*
 * panic - the machine stops: the message, the panic notifiers
 * (panic_notifier_list, a chain of <ldm/notifier.h>) in turn, then the
 * process aborts, as BUG() does.
 */
struct notifier_block;
extern struct notifier_block *panic_notifier_list;
void panic(const char *fmt, ...) __noreturn __attribute__((__format__(__printf__, 1, 2)));

/**
 * WARN_ON - report a condition that must not happen, and carry on
 * @cond: the condition
 *
 * Return: whether @cond held, so that it can guard the recovery.
 */
#define WARN_ON(cond) \
	({ \
		int __ret_warn_on = !!(cond); \
		if (unlikely(__ret_warn_on)) \
			__ldm_warn(__FILE__, __LINE__, #cond); \
		unlikely(__ret_warn_on); \
	})

#define BUG() __ldm_bug(__FILE__, __LINE__, "BUG()")
#define BUG_ON(cond) \
	do { \
		if (unlikely(cond)) \
			__ldm_bug(__FILE__, __LINE__, #cond); \
	} while (0)

#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))

#define min(x, y) \
	({ \
		__typeof__(x) _min1 = (x); \
		__typeof__(y) _min2 = (y); \
		(void)(&_min1 == &_min2); \
		_min1 < _min2 ? _min1 : _min2; \
	})
#define max(x, y) \
	({ \
		__typeof__(x) _max1 = (x); \
		__typeof__(y) _max2 = (y); \
		(void)(&_max1 == &_max2); \
		_max1 > _max2 ? _max1 : _max2; \
	})
#define min_t(type, x, y) \
	({ \
		type __x = (x); \
		type __y = (y); \
		__x < __y ? __x : __y; \
	})
#define max_t(type, x, y) \
	({ \
		type __x = (x); \
		type __y = (y); \
		__x > __y ? __x : __y; \
	})

/*
 * The size of the buffer a show() method fills. Spelled exactly as glibc's
 * <sys/user.h> spells it, so that both headers may be included in any order.
 */
#ifndef PAGE_SIZE
#define PAGE_SHIFT 12
#define PAGE_SIZE  (1UL << PAGE_SHIFT)
#define PAGE_MASK  (~(PAGE_SIZE - 1))
#endif

#pragma GCC visibility pop

#endif /* _LDM_KERNEL_H */
