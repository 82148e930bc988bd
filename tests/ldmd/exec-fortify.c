// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec-fortify.c - a program built as Debian builds programs
 * (-D_FORTIFY_SOURCE=2 -O2), for test-exec-threads.c: with flags the
 * compiler cannot see, glibc's open() and openat() call __open_2 and
 * __openat_2 (__open64_2 and __openat64_2 with 64-bit offsets), which
 * the preload library must wrap as it wraps open. It prints
 * /proc/modules, read through each, one after the other.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static volatile int flags = O_RDONLY; /* not a constant: the fortified path */

static int dump(const char *how, int fd)
{
	char buf[4096];
	ssize_t n;

	if (fd < 0) {
		printf("%s: ", how);
		fflush(stdout);
		perror("/proc/modules");
		return 1;
	}
	printf("%s:\n", how);
	fflush(stdout);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		if (write(STDOUT_FILENO, buf, (size_t)n) != n)
			return 1;
	close(fd);
	return n < 0;
}

int main(void)
{
	int ret = dump("open", open("/proc/modules", flags));

	return ret | dump("openat", openat(AT_FDCWD, "/proc/modules", flags));
}
