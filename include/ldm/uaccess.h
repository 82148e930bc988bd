/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/uaccess.h> - copying to and from user space, as <asm/uaccess.h>.
 *
 * A "user" buffer here is memory of the same process (the buffer a FUSE
 * read or write hands over), so every copy is a plain copy. The one bad
 * address that can be told is NULL: a copy from or to NULL copies nothing
 * and reports every byte as not copied, so a driver's -EFAULT path runs.
 * The return conventions are the kernel's, and drivers must keep to them:
 * copy_to_user() and friends return the number of bytes NOT copied (0 on
 * success), get_user() and put_user() return 0 or -EFAULT.
 */
#ifndef _LDM_UACCESS_H
#define _LDM_UACCESS_H

#include <ldm/compiler.h>
#include <ldm/errno.h>
#include <ldm/sched.h>

#pragma GCC visibility push(default)

#define VERIFY_READ  0
#define VERIFY_WRITE 1

/*
 * access_ok - whether [@addr, @addr + @size) may be a user buffer: not
 * NULL, unless empty.
 */
#define access_ok(type, addr, size) \
	({ \
		const void __user *__ao_addr = (addr); \
		(void)(type); \
		__ao_addr != NULL || (size) == 0; \
	})

unsigned long __must_check copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long __must_check copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long __must_check clear_user(void __user *to, unsigned long n);
long __must_check strncpy_from_user(char *dst, const char __user *src, long count);
long strnlen_user(const char __user *str, long n);

/* The unchecked forms of the kernel check nothing less here. */
#define __copy_to_user(to, from, n)   copy_to_user(to, from, n)
#define __copy_from_user(to, from, n) copy_from_user(to, from, n)
#define __clear_user(to, n)	      clear_user(to, n)
#define strlen_user(str)	      strnlen_user(str, ~0UL >> 1)

/**
 * get_user - read one value of the type @ptr points to, from user space
 * @x: the variable to read into
 * @ptr: the user address
 *
 * Return: 0, or -EFAULT (and @x set to 0) if @ptr is NULL.
 */
#define get_user(x, ptr) \
	({ \
		const __typeof__(*(ptr)) __user *__gu_ptr = (ptr); \
		int __gu_err = 0; \
		if (__gu_ptr) { \
			(x) = *__gu_ptr; \
		} else { \
			(x) = 0; \
			__gu_err = -EFAULT; \
		} \
		__gu_err; \
	})

/**
 * put_user - write one value of the type @ptr points to, to user space
 * @x: the value
 * @ptr: the user address
 *
 * Return: 0, or -EFAULT if @ptr is NULL.
 */
#define put_user(x, ptr) \
	({ \
		__typeof__(*(ptr)) __user *__pu_ptr = (ptr); \
		__typeof__(*(ptr)) __pu_val = (x); \
		int __pu_err = 0; \
		if (__pu_ptr) \
			*__pu_ptr = __pu_val; \
		else \
			__pu_err = -EFAULT; \
		__pu_err; \
	})

#define __get_user(x, ptr) get_user(x, ptr)
#define __put_user(x, ptr) put_user(x, ptr)

#pragma GCC visibility pop

#endif /* _LDM_UACCESS_H */
