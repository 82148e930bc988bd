/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * devtest.h - the ioctls of devtest.ko, shared by the module and the tests
 * of DIR/dev. Encoded as <asm-generic/ioctl.h> encodes them (direction in
 * bits 30-31, size in 16-29, type in 8-15, number in 0-7), spelt out here
 * because a module sees no C library header.
 */
#ifndef _DEVTEST_H
#define _DEVTEST_H

#define DEVTEST_IOC(dir, nr, size) \
	(((unsigned int)(dir) << 30) | ((unsigned int)(size) << 16) | ((unsigned int)'D' << 8) | \
	 (unsigned int)(nr))

/* _IOR('D', 1, int): the bytes waiting to be read */
#define DEVTEST_IOC_LEN	     DEVTEST_IOC(2, 1, 4)
/* _IOWR('D', 2, int): adds 1000 to the int */
#define DEVTEST_IOC_ADD	     DEVTEST_IOC(3, 2, 4)
/* _IO('D', 3): empties the buffer; returns how many bytes it held */
#define DEVTEST_IOC_CLEAR    DEVTEST_IOC(0, 3, 0)
/* _IOR('D', 4, int): the readers asleep in read() */
#define DEVTEST_IOC_SLEEPERS DEVTEST_IOC(2, 4, 4)
/* _IOR('D', 5, int): 1 if someone waits on the read queue (a reader or a poller) */
#define DEVTEST_IOC_WAITED   DEVTEST_IOC(2, 5, 4)

/*
 * _IOW('D', 6, int), but the argument is the value itself, not its address,
 * as uinput's UI_SET_EVBIT takes it: sets bit ARG (0-31) of a mask; returns
 * the mask. FUSE cannot carry it; `ldm exec` forwards it.
 */
#define DEVTEST_IOC_SETBIT DEVTEST_IOC(1, 6, 4)
/*
 * _IOW('D', 7, struct devtest_peek): copies the first len bytes held (at
 * most those) to the address in buf, as i2c-dev's I2C_RDWR fills the
 * buffers its messages point to; returns how many. FUSE cannot carry it.
 */
#define DEVTEST_IOC_PEEK   DEVTEST_IOC(1, 7, 16)

/*
 * _IO('D', 8): sleeps, as a reader does (counted by DEVTEST_IOC_SLEEPERS),
 * until there is something to read, then returns 0 and takes nothing; a
 * value-argument command, so `ldm exec` forwards it.
 */
#define DEVTEST_IOC_WAIT DEVTEST_IOC(0, 8, 0)

/* _IOR('D', 9, int): 1 if the caller has CAP_SYS_ADMIN (capable()), else 0 */
#define DEVTEST_IOC_CAPABLE DEVTEST_IOC(2, 9, 4)

struct devtest_peek {
	unsigned long long buf; /* an address of the caller's */
	unsigned int len;
	unsigned int pad;
};

#endif /* _DEVTEST_H */
