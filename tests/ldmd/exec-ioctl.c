// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec-ioctl.c - an unmodified program, as `ldm exec` runs one: it opens
 * /dev/devtest (devtest.ko's node, through the sandbox's /dev) and calls
 * the ioctls FUSE cannot carry by itself, printing one line each, so that
 * test-exec.c compares what a driver did with what a kernel would have.
 * It knows nothing of ldm: the preload library does the forwarding.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "devtest/devtest.h"

/* One line: the name, then what ioctl returned, or its errno by name. */
static void show(const char *name, int ret)
{
	if (ret < 0)
		printf("%s: %s\n", name, strerrorname_np(errno));
	else
		printf("%s: %d\n", name, ret);
}

int main(void)
{
	struct devtest_peek peek;
	char buf[16] = "";
	int fd, p[2], v = 7;

	fd = open("/dev/devtest", O_RDWR);
	if (fd < 0) {
		perror("/dev/devtest");
		return 1;
	}
	if (write(fd, "hello", 5) != 5) {
		perror("write /dev/devtest");
		return 1;
	}
	/* A value as the argument, as UI_SET_EVBIT has. */
	show("setbit 3", ioctl(fd, DEVTEST_IOC_SETBIT, 3));
	show("setbit 5", ioctl(fd, DEVTEST_IOC_SETBIT, 5));
	show("setbit 40", ioctl(fd, DEVTEST_IOC_SETBIT, 40));
	/* A structure that points at more memory, as I2C_RDWR has. */
	peek = (struct devtest_peek){ .buf = (unsigned long)buf, .len = 3 };
	show("peek 3", ioctl(fd, DEVTEST_IOC_PEEK, &peek));
	printf("peeked: %s\n", buf);
	peek = (struct devtest_peek){ .buf = 16, .len = 3 }; /* no memory there */
	show("peek at 16", ioctl(fd, DEVTEST_IOC_PEEK, &peek));
	show("peek from 16", ioctl(fd, DEVTEST_IOC_PEEK, (void *)16));
	/* The kinds FUSE carries by itself still work. */
	show("add", ioctl(fd, DEVTEST_IOC_ADD, &v));
	printf("added: %d\n", v);
	show("len", ioctl(fd, DEVTEST_IOC_LEN, &v));
	printf("held: %d\n", v);
	show("clear", ioctl(fd, DEVTEST_IOC_CLEAR));
	show("unknown", ioctl(fd, _IO('D', 99)));
	/* A descriptor that is not ldmd's goes to the C library, untouched. */
	if (pipe(p) || write(p[1], "hi", 2) != 2) {
		perror("pipe");
		return 1;
	}
	show("pipe FIONREAD", ioctl(p[0], FIONREAD, &v));
	printf("pipe holds: %d\n", v);
	close(fd);
	return 0;
}
