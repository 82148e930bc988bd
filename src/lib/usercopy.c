// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * usercopy.c - copy_to_user() and friends (arch/i386/lib/usercopy.c of
 * 2.6.9, lib/usercopy.c of modern Linux). "User space" is this process
 * (plain copies, NULL the one address known to be bad); or, for a thread
 * a front end gave ldm_thread_set_user(), the memory of another process,
 * reached with process_vm_readv() and process_vm_writev(); or, after
 * ldm_thread_set_user_buffer(), one buffer of this process and nothing
 * else.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <ldm/export.h>
#include <ldm/uaccess.h>
#include <libldm/runtime.h>

/*
 * This thread's user space: another process's memory (@user_pid), a
 * window of this process's (@user_lo, @user_len: the buffer of a FUSE
 * ioctl, outside which an address from the caller means nothing here), or,
 * when neither is set, all of this process's.
 */
static __thread pid_t user_pid;
static __thread const char *user_lo;
static __thread size_t user_len;

/**
 * ldm_thread_set_user - whose memory the calling thread's user copies reach
 * @pid: a process, or 0 for this one
 *
 * Return: 0.
 */
int ldm_thread_set_user(pid_t pid)
{
	user_pid = pid < 0 ? 0 : pid;
	user_lo = NULL;
	user_len = 0;
	return 0;
}

/**
 * ldm_thread_set_user_buffer - make @size bytes at @buf the calling
 * thread's only user space
 * @buf: the bytes, of this process
 * @size: how many (0: no address is good)
 *
 * Return: 0.
 */
int ldm_thread_set_user_buffer(void *buf, size_t size)
{
	user_pid = 0;
	user_lo = buf ? buf : "";
	user_len = buf ? size : 0;
	return 0;
}

/* How a user address is reached. */
enum user_way { USER_HERE, USER_FAR, USER_BAD };

/* How the @n bytes at @p are reached: USER_BAD for NULL, or out of the window. */
static enum user_way user_way(const void __user *p, unsigned long n)
{
	uintptr_t a = (uintptr_t)p, lo = (uintptr_t)user_lo;

	if (!p)
		return USER_BAD;
	if (user_pid)
		return USER_FAR;
	if (user_lo && (a < lo || a - lo > user_len || n > user_len - (a - lo)))
		return USER_BAD;
	return USER_HERE;
}

/* The bytes of this process's user space from @p on, at most @n. */
static size_t user_span(const void __user *p, size_t n)
{
	size_t left;

	if (!user_lo)
		return n;
	left = user_len - (size_t)((uintptr_t)p - (uintptr_t)user_lo);
	return left < n ? left : n;
}

/* Copy @n bytes between here and the user process; the bytes moved. */
static unsigned long remote(void *here, const void __user *there, unsigned long n, bool write)
{
	struct iovec local = { .iov_base = here, .iov_len = n };
	struct iovec far = { .iov_base = (void *)there, .iov_len = n };
	ssize_t done;

	do
		done = write ? process_vm_writev(user_pid, &local, 1, &far, 1, 0) :
			       process_vm_readv(user_pid, &local, 1, &far, 1, 0);
	while (done < 0 && errno == EINTR);
	return done < 0 ? 0 : (unsigned long)done;
}

/**
 * copy_to_user - copy a block of memory to user space
 * @to: the user buffer
 * @from: the source
 * @n: bytes to copy
 *
 * Return: the number of bytes that could not be copied: 0 on success, @n
 * if @to is a bad address.
 */
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (!n)
		return 0;
	switch (user_way(to, n)) {
	case USER_FAR:
		return n - remote((void *)from, to, n, true);
	case USER_HERE:
		memcpy(to, from, n);
		return 0;
	default:
		return n;
	}
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
 * if @from is a bad address.
 */
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long done = 0;

	if (!n)
		return 0;
	switch (user_way(from, n)) {
	case USER_FAR:
		done = remote(to, from, n, false);
		break;
	case USER_HERE:
		memcpy(to, from, n);
		return 0;
	default:
		break;
	}
	memset((char *)to + done, 0, n - done);
	return n - done;
}
EXPORT_SYMBOL(copy_from_user);

/**
 * clear_user - zero a block of user memory
 * @to: the user buffer
 * @n: bytes to zero
 *
 * Return: the number of bytes that could not be zeroed: 0, or @n if @to is
 * a bad address.
 */
unsigned long clear_user(void __user *to, unsigned long n)
{
	static const char zeros[256];
	unsigned long done, step, moved;

	if (!n)
		return 0;
	switch (user_way(to, n)) {
	case USER_FAR:
		for (done = 0; done < n; done += moved) {
			step = n - done < sizeof(zeros) ? n - done : sizeof(zeros);
			moved = remote((void *)zeros, (char __user *)to + done, step, true);
			if (moved < step)
				return n - done - moved;
		}
		return 0;
	case USER_HERE:
		memset(to, 0, n);
		return 0;
	default:
		return n;
	}
}
EXPORT_SYMBOL(clear_user);

/*
 * The length of the string at @str in the user process, looked at to @n
 * bytes; -EFAULT if a byte before its NUL, or the n-th, cannot be read.
 * Read a byte at a time: the string may end just before an unmapped page.
 */
static long remote_strnlen(const char __user *str, long n, char *copy)
{
	long len;
	char c;

	for (len = 0; len < n; len++) {
		if (!remote(&c, str + len, 1, false))
			return -EFAULT;
		if (copy)
			copy[len] = c;
		if (!c)
			return len;
	}
	return n;
}

/*
 * The length of the string at @str here, looked at to @n bytes; -EFAULT if
 * it runs out of the window first.
 */
static long local_strnlen(const char __user *str, long n)
{
	size_t span, len;

	if (user_way(str, 1) == USER_BAD)
		return -EFAULT;
	span = user_span(str, (size_t)n);
	len = strnlen(str, span);
	if (len == span && span < (size_t)n)
		return -EFAULT;
	return (long)len;
}

/**
 * strncpy_from_user - copy a NUL-terminated string from user space
 * @dst: the destination, @count bytes
 * @src: the user string
 * @count: the most bytes to copy, NUL included
 *
 * Return: the length of the string copied (without its NUL), @count if it
 * filled @dst without a NUL, or -EFAULT if @src is a bad address.
 */
long strncpy_from_user(char *dst, const char __user *src, long count)
{
	long len;

	if (!src)
		return -EFAULT;
	if (count <= 0)
		return 0;
	if (user_pid)
		return remote_strnlen(src, count, dst);
	len = local_strnlen(src, count);
	if (len < 0)
		return len;
	memcpy(dst, src, (size_t)len);
	if (len < count)
		dst[len] = '\0';
	return len;
}
EXPORT_SYMBOL(strncpy_from_user);

/**
 * strnlen_user - the size of a user string, NUL included
 * @str: the user string
 * @n: the most bytes to look at
 *
 * Return: the length plus one, a value greater than @n if no NUL came
 * within @n bytes, or 0 if @str is a bad address.
 */
long strnlen_user(const char __user *str, long n)
{
	long len;

	if (!str)
		return 0;
	if (n <= 0)
		return 1;
	len = user_pid ? remote_strnlen(str, n, NULL) : local_strnlen(str, n);
	return len < 0 ? 0 : len + 1;
}
EXPORT_SYMBOL(strnlen_user);
