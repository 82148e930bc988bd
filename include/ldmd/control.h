/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldmd/control.h> - the protocol of ldmd's control socket, DIR/control,
 * for ldmd (the server) and its clients: ldm, or a program of your own.
 * docs/control.md is its description for people.
 *
 * An AF_UNIX SOCK_SEQPACKET socket: every message is whole. A request is
 * one message of NUL-terminated fields, the request's name first, then its
 * arguments; insmod may carry one file descriptor (SCM_RIGHTS). The reply
 * is a run of messages, each starting with its kind:
 *
 *   'o' TEXT     output, for the client's stdout
 *   'l' LINES    kernel log lines the request caused, in the format of
 *                ldm_dmesg() ("LEVEL,SEQ,USEC,-;TEXT\n"), for stderr
 *   'r' ERRNO \0 MESSAGE \0
 *                the end: 0 for success, else a positive errno and a
 *                message naming the cause
 *
 * A connection may carry any number of requests, one at a time.
 */
#ifndef _LDMD_CONTROL_H
#define _LDMD_CONTROL_H

#include <linux/ioctl.h>

#define CONTROL_SOCKET	   "control" /* below ldmd's root */
#define CONTROL_MSG_MAX	   65536     /* a request or a reply message */
#define CONTROL_FIELDS_MAX 64	     /* fields of a request */

#define CONTROL_REPLY_OUTPUT 'o'
#define CONTROL_REPLY_LOG    'l'
#define CONTROL_REPLY_END    'r'

/*
 * Forwarded ioctls (docs/control.md, `ldm exec`). FUSE gives a node of
 * DIR/dev only the ioctls whose argument is a buffer of the size its
 * number says; a command whose argument is a value, or a structure that
 * holds addresses, cannot pass. So a process that opened a node asks for
 * the file's id with the ioctl LDMD_IOC_FILE_ID on it (ldmd answers it,
 * never the driver), then sends the request
 *   "ioctl" ID CMD ARG       (numbers, in C notation)
 * on the control socket; ldmd runs the driver's ioctl with that process's
 * memory as user space and replies its return value as the output
 * ("%ld\n"), or the error. Only the process that asked for the id may use
 * it.
 */
#define LDMD_IOC_FILE_ID _IOR(0xE1, 0x01, unsigned long long)

/*
 * What fcntl(2) and FIOASYNC do to a node that FUSE does not tell the
 * file of, sent as "ioctl" ID CMD ARG too, by the process that did it:
 *   LDMD_IOC_FASYNC  O_ASYNC set or cleared (F_SETFL, FIOASYNC): ARG is
 *                    the descriptor << 1 | 1 for on, 0 for off; the
 *                    driver's fasync method is called with the descriptor
 *   LDMD_IOC_SETOWN  F_SETOWN: ARG is the pid, or minus a process group
 *                    (as an unsigned long); whoever asks is whoever names
 *                    it, and it is held so that nothing is sent once it
 *                    has exited
 *   LDMD_IOC_SETSIG  F_SETSIG: ARG is the signal, 0 for SIGIO
 *   LDMD_IOC_GETFL   F_GETFL: the file's flags as the driver sees them,
 *                    O_ASYNC included (ARG is 0), which the kernel keeps
 *                    for no FUSE file
 * As in 2.6.9 a file has no owner until F_SETOWN names one, and the
 * driver's kill_fasync() signals that owner (the FUSE layer's own
 * numbers, src/fuse/ldm-fuse.h).
 */
#define LDMD_IOC_FASYNC _IO(0xE1, 0x02)
#define LDMD_IOC_SETOWN _IO(0xE1, 0x03)
#define LDMD_IOC_SETSIG _IO(0xE1, 0x04)
#define LDMD_IOC_GETFL	_IO(0xE1, 0x05)

#endif /* _LDMD_CONTROL_H */
