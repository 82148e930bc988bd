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

#define CONTROL_SOCKET	   "control" /* below ldmd's root */
#define CONTROL_MSG_MAX	   65536     /* a request or a reply message */
#define CONTROL_FIELDS_MAX 64	     /* fields of a request */

#define CONTROL_REPLY_OUTPUT 'o'
#define CONTROL_REPLY_LOG    'l'
#define CONTROL_REPLY_END    'r'

#endif /* _LDMD_CONTROL_H */
