// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ldmd-client.c - the client side of ldmd's control protocol
 * (<ldmd/control.h>), quiet: connect, send a request, gather the reply.
 * The ldm command and the preload library of `ldm exec` share it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <ldmd/control.h>

#include "ldmd-client.h"

/**
 * ctl_open - connect to a socket of the ldmd serving @root
 * @root: ldmd's root
 * @name: the socket below it: CONTROL_SOCKET, "uevent"
 *
 * Return: the socket, or a negative errno.
 */
int ctl_open(const char *root, const char *name)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd, n, error;

	n = snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/%s", root, name);
	if (n < 0 || (size_t)n >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		error = -errno;
		close(fd);
		return error;
	}
	return fd;
}

/* Send @fields as one request, with @pass_fd if it is not -1. */
static int send_request(int fd, const char *const fields[], int nfields, int pass_fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} control;
	char buf[CONTROL_MSG_MAX];
	struct iovec iov = { .iov_base = buf };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	size_t len = 0, flen;
	int i;

	for (i = 0; i < nfields; i++) {
		flen = strlen(fields[i]) + 1;
		if (len + flen > sizeof(buf))
			return -EMSGSIZE;
		memcpy(buf + len, fields[i], flen);
		len += flen;
	}
	iov.iov_len = len;
	if (pass_fd >= 0) {
		msg.msg_control = control.buf;
		msg.msg_controllen = sizeof(control.buf);
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &pass_fd, sizeof(int));
	}
	while (sendmsg(fd, &msg, MSG_NOSIGNAL) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

/* Append @len bytes to the string *@s. */
static int append(char **s, size_t *slen, const char *data, size_t len)
{
	char *grown = realloc(*s, *slen + len + 1);

	if (!grown)
		return -ENOMEM;
	memcpy(grown + *slen, data, len);
	*slen += len;
	grown[*slen] = '\0';
	*s = grown;
	return 0;
}

/**
 * ctl_call - send a request and gather its reply
 * @fd: from ctl_open()
 * @fields: the request's name, then its arguments
 * @nfields: how many
 * @pass_fd: a descriptor to pass along (insmod's module), or -1
 * @res: the reply: its output, its log lines, the error and why
 *
 * Return: 0 if the reply came whole (@res->error then says how the request
 * went), or -errno if the conversation failed (ldmd went away).
 */
int ctl_call(int fd, const char *const fields[], int nfields, int pass_fd, struct ctl_result *res)
{
	size_t out_len = 0, log_len = 0;
	char *buf = malloc(CONTROL_MSG_MAX + 1);
	bool reset_seen = false;
	const char *why;
	int error, sent;
	ssize_t n;

	memset(res, 0, sizeof(*res));
	if (!buf)
		return -ENOMEM;
	/*
	 * ldmd may have answered before the request went, and closed: a
	 * client it refuses (too many) gets its reason so. Then the send
	 * fails, or the first read says ECONNRESET, and the reply is still
	 * there to read.
	 */
	sent = send_request(fd, fields, nfields, pass_fd);
	for (;;) {
		n = recv(fd, buf, CONTROL_MSG_MAX, sent ? MSG_DONTWAIT : 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == ECONNRESET && !reset_seen) {
			reset_seen = true;
			continue;
		}
		if (n <= 0) {
			error = sent ? sent : n < 0 ? -errno : -ECONNRESET;
			break;
		}
		buf[n] = '\0';
		switch (buf[0]) {
		case CONTROL_REPLY_OUTPUT:
			error = append(&res->out, &out_len, buf + 1, (size_t)n - 1);
			break;
		case CONTROL_REPLY_LOG:
			error = append(&res->log, &log_len, buf + 1, (size_t)n - 1);
			break;
		case CONTROL_REPLY_END:
			res->error = atoi(buf + 1);
			why = memchr(buf + 1, '\0', (size_t)n - 1);
			snprintf(res->why, sizeof(res->why), "%s", why ? why + 1 : "");
			error = 0;
			goto out;
		default:
			error = -EPROTO;
		}
		if (error)
			break;
	}
out:
	free(buf);
	return error;
}

/**
 * ctl_result_free - free what ctl_call() gathered
 * @res: the reply
 */
void ctl_result_free(struct ctl_result *res)
{
	free(res->out);
	free(res->log);
	res->out = res->log = NULL;
}
