/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/uaccess.h> - copying to and from user space, as <asm/uaccess.h>.
 *
 * A "user" buffer is memory of the same process (the buffer a FUSE read or
 * write hands over), copied plainly; or, in a thread a front end gave
 * ldm_thread_set_user() (an ioctl run for another process), that process's
 * memory, reached through process_vm_readv/writev, where an unmapped
 * address is -EFAULT as in a kernel; or, for an ioctl FUSE carried, only
 * the copy of its argument (ldm_thread_set_user_buffer()), where every
 * other address is -EFAULT. NULL is always bad: a copy from or to
 * NULL copies nothing and reports every byte as not copied, so a driver's
 * -EFAULT path runs.
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

/*
 * verify_area - 2.6.9's older access_ok, with an errno: 0 for a buffer
 * that may be a user's, -EFAULT for one that may not.
 */
static inline int verify_area(int type, const void __user *addr, unsigned long size)
{
	return access_ok(type, addr, size) ? 0 : -EFAULT;
}

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
 * get_user - read a scalar of user space
 * @x: where to put it
 * @ptr: its user address; *@ptr is at most 8 bytes
 *
 * Return: 0, or -EFAULT (and @x zeroed) if it could not be read.
 */
#define get_user(x, ptr) \
	({ \
		unsigned long long __gu_val = 0; \
		int __gu_err; \
		(void)sizeof(char[1 - 2 * (sizeof(*(ptr)) > sizeof(__gu_val))]); \
		__gu_err = copy_from_user(&__gu_val, (ptr), sizeof(*(ptr))) ? -EFAULT : 0; \
		(x) = (__typeof__(*(ptr)))__gu_val; \
		__gu_err; \
	})

/**
 * put_user - write a scalar to user space
 * @x: the value
 * @ptr: its user address
 *
 * Return: 0, or -EFAULT if it could not be written.
 */
#define put_user(x, ptr) \
	({ \
		__typeof__(*(ptr)) __pu_val = (x); \
		copy_to_user((ptr), &__pu_val, sizeof(__pu_val)) ? -EFAULT : 0; \
	})

#define __get_user(x, ptr) get_user(x, ptr)
#define __put_user(x, ptr) put_user(x, ptr)

#pragma GCC visibility pop

#endif /* _LDM_UACCESS_H */
