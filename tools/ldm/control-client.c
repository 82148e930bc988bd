// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * control-client.c - the client side of ldmd's control socket
 * (<ldmd/control.h>): connect, send a request, gather the reply; and the
 * request as most verbs make it.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <ldmd/control.h>

#include "control-client.h"
#include "tool-util.h"

/**
 * ctl_connect - connect to the ldmd serving @root
 * @verb: the verb, for the error message
 * @root: ldmd's root (tool_root())
 *
 * Return: the socket, or -1 after saying on stderr that no ldmd serves there.
 */
int ctl_connect(const char *verb, const char *root)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd, n;

	n = snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/" CONTROL_SOCKET, root);
	if (n < 0 || (size_t)n >= sizeof(addr.sun_path)) {
		fprintf(stderr, "ldm %s: %s: path too long for a socket\n", verb, root);
		return -1;
	}
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		fprintf(stderr, "ldm %s: socket: %s\n", verb, strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		fprintf(stderr,
			"ldm %s: no ldmd at %s (%s: %s); start one with 'ldmd --root %s' "
			"or name it with --root or LDM_ROOT\n",
			verb, root, addr.sun_path, strerror(errno), root);
		close(fd);
		return -1;
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
 * @fd: from ctl_connect()
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
	static char buf[CONTROL_MSG_MAX + 1];
	size_t out_len = 0, log_len = 0;
	bool reset_seen = false;
	const char *why;
	int error, sent;
	ssize_t n;

	memset(res, 0, sizeof(*res));
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
		if (n <= 0)
			return sent ? sent : n < 0 ? -errno : -ECONNRESET;
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
			return 0;
		default:
			return -EPROTO;
		}
		if (error)
			return error;
	}
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

/**
 * ctl_request - connect, send one request, report a failure
 * @verb: the verb, for messages ("insmod")
 * @root: ldmd's root
 * @fields: the request
 * @nfields: how many fields
 * @pass_fd: a descriptor to pass, or -1
 * @res: the reply, on success of the conversation
 *
 * Return: 0 if a reply came (look at @res->error), or -1 after an error
 * message on stderr.
 */
int ctl_request(const char *verb, const char *root, const char *const fields[], int nfields,
		int pass_fd, struct ctl_result *res)
{
	int fd = ctl_connect(verb, root), error;

	if (fd < 0)
		return -1;
	error = ctl_call(fd, fields, nfields, pass_fd, res);
	close(fd);
	if (error) {
		fprintf(stderr, "ldm %s: ldmd at %s did not answer: %s\n", verb, root,
			strerror(-error));
		ctl_result_free(res);
		return -1;
	}
	return 0;
}

/**
 * ctl_simple_request - one request, reported as most verbs report it
 * @verb: the verb, for messages
 * @root: ldmd's root (tool_root())
 * @fields: the request
 * @nfields: how many
 * @out: gets the output on success (free() it), or NULL
 *
 * The kernel's warnings go to stderr, a failure with its cause.
 * Return: the exit status.
 */
int ctl_simple_request(const char *verb, const char *root, const char *const fields[], int nfields,
		       char **out)
{
	struct ctl_result res;
	int status;

	if (ctl_request(verb, root, fields, nfields, -1, &res))
		return 1;
	tool_print_log(stderr, res.log, TOOL_LOG_QUIET_BELOW);
	if (res.error)
		fprintf(stderr, "ldm %s: %s\n", verb, *res.why ? res.why : strerror(res.error));
	status = res.error ? 1 : 0;
	if (out && !status) {
		*out = res.out;
		res.out = NULL;
	}
	ctl_result_free(&res);
	return status;
}

/**
 * ctl_bare_request_verb - a verb that is one request of its name, with no
 * argument but --root
 * @argc: the verb's arguments
 * @argv: the verb's arguments
 * @request: the request
 * @help: prints the verb's help
 *
 * Return: the exit status.
 */
int ctl_bare_request_verb(int argc, char *argv[], const char *request, void (*help)(FILE *))
{
	const char *fields[] = { request };
	struct tool_opts o;
	int status = tool_parse_options(argc, argv, 0, help, &o);

	if (status >= 0)
		return status;
	if (optind < argc) {
		help(stderr);
		return 2;
	}
	return ctl_simple_request(request, o.root, fields, 1, NULL);
}
