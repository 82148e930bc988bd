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
 * O_ASYNC, which FUSE does not pass to a file: the process that sets it
 * on a node sends "ioctl" ID LDMD_IOC_FASYNC ON (1 or 0); ldmd makes that
 * process the file's owner and calls the driver's fasync method, and the
 * driver's kill_fasync() then sends it SIGIO.
 */
#define LDMD_IOC_FASYNC _IO(0xE1, 0x02)

#endif /* _LDMD_CONTROL_H */
