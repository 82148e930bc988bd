// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * control.c - the control socket DIR/control: accepting clients, reading
 * their requests, sending replies (<ldmd/control.h>). What each
 * request does is requests.c's.
 *
 * One thread accepts; each client gets a thread of its own (the socket
 * server of listen.c), so a request that takes long (a module whose init
 * waits for its firmware) holds up only its client. Clients are capped, per user too, with slots kept for
 * root and ldmd's user (control_slots); one that sends nothing for
 * CONTROL_IDLE_SECONDS, or does not read its replies for
 * CONTROL_SEND_SECONDS, is dropped. Who the client is comes from
 * SO_PEERCRED: requests that change the runtime need root or ldmd's own
 * user, and a refusal leaves an audit line in the log.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/queue.h>
#include <unistd.h>

#include <ldmd/control.h>
#include "ldmd.h"

#define CONTROL_IDLE_SECONDS 30
#define CONTROL_SEND_SECONDS 5

/* 32 clients; a user other than root and ldmd's has at most 8, and 8 are kept. */
static const struct ldmd_slots control_slots = {
	.max = 32,
	.kept = 8,
	.per_user = 8,
	.what = "clients of the control socket",
};

struct ldmd_control {
	struct ldmd_server srv;
};

/* A client: a peer of the server (listen.c). */
struct control_client {
	struct ldmd_peer peer;
	bool broken;		   /* a reply could not be sent */
	char buf[CONTROL_MSG_MAX]; /* the request being served */
};

static struct control_client *to_client(struct ldmd_peer *p)
{
	return (struct control_client *)((char *)p - offsetof(struct control_client, peer));
}

/* One message of @kind with @len bytes of @data. */
static int send_msg(struct control_client *cl, char kind, const void *data, size_t len)
{
	struct iovec iov[2] = {
		{ .iov_base = &kind, .iov_len = 1 },
		{ .iov_base = (void *)data, .iov_len = len },
	};
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2 };
	ssize_t n;

	if (cl->broken)
		return -EPIPE;
	do {
		n = sendmsg(cl->peer.fd, &msg, MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	if (n < 0) {
		cl->broken = true;
		return -errno;
	}
	return 0;
}

/**
 * ldmd_reply - send text of one kind, in as many messages as it needs
 * @req: the request answered
 * @kind: CONTROL_REPLY_OUTPUT or CONTROL_REPLY_LOG
 * @text: the text; NULL or "" sends nothing
 *
 * Return: 0, or -errno if the client is gone.
 */
int ldmd_reply(struct ldmd_request *req, char kind, const char *text)
{
	struct control_client *cl = req->client;
	size_t len = text ? strlen(text) : 0, chunk;
	int error = 0;

	while (len && !error) {
		chunk = len < CONTROL_MSG_MAX - 1 ? len : CONTROL_MSG_MAX - 1;
		error = send_msg(cl, kind, text, chunk);
		text += chunk;
		len -= chunk;
	}
	return error;
}

/* The end of a reply: @error (0 or -errno) and why, if more than strerror(). */
static void reply_end(struct control_client *cl, int error, const char *why)
{
	char buf[1024];
	int len;

	if (!why)
		why = ""; /* the client says strerror() */
	len = snprintf(buf, sizeof(buf), "%d%c%s", -error, '\0', why);
	if (len >= (int)sizeof(buf))
		len = sizeof(buf) - 1;
	send_msg(cl, CONTROL_REPLY_END, buf, (size_t)len + 1);
}

/* The passed file descriptor of @msg, or -1; any others are closed. */
static int take_fd(struct msghdr *msg)
{
	struct cmsghdr *c;
	int fd = -1, *fds;
	size_t i, n;

	for (c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		fds = (int *)CMSG_DATA(c);
		n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < n; i++) {
			if (fd < 0)
				fd = fds[i];
			else
				close(fds[i]);
		}
	}
	return fd;
}

/* Split a request into its fields; -EINVAL with @why if it is malformed. */
static int split_fields(char *buf, size_t len, struct ldmd_request *req, const char **why)
{
	size_t i, start = 0;

	if (!len || buf[len - 1] != '\0') {
		*why = "a request is NUL-terminated fields";
		return -EINVAL;
	}
	req->argc = 0;
	for (i = 0; i < len; i++) {
		if (buf[i])
			continue;
		if (req->argc == CONTROL_FIELDS_MAX) {
			*why = "too many fields in the request";
			return -E2BIG;
		}
		req->argv[req->argc++] = buf + start;
		start = i + 1;
	}
	if (!*req->argv[0]) {
		*why = "the request has no name";
		return -EINVAL;
	}
	return 0;
}

/*
 * Whether the peer is gone, after a read of 0 bytes: that is end of file,
 * or an empty message (which gets its EINVAL reply like any malformed one).
 */
static bool peer_hung_up(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLRDHUP };

	return poll(&p, 1, 0) != 0;
}

/* Read one request and answer it; false when the client is done. */
static bool serve_one(struct control_client *cl)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * 4)];
		struct cmsghdr align;
	} control;
	struct iovec iov = { .iov_base = cl->buf, .iov_len = sizeof(cl->buf) };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = control.buf,
		.msg_controllen = sizeof(control.buf),
	};
	struct ldmd_request req = { .client = cl, .fd = -1 };
	const char *why = NULL;
	ssize_t n;
	int error;

	do {
		n = recvmsg(cl->peer.fd, &msg, MSG_CMSG_CLOEXEC);
	} while (n < 0 && errno == EINTR);
	if (n < 0 || (!n && peer_hung_up(cl->peer.fd)))
		return false; /* gone, idle too long, or shut down */
	req.fd = take_fd(&msg);
	req.uid = cl->peer.cred.uid;
	req.pid = cl->peer.cred.pid;
	req.privileged = ldmd_privileged(cl->peer.cred.uid);
	if (msg.msg_flags & MSG_TRUNC) {
		error = -EMSGSIZE;
		why = "the request is larger than 64 KiB";
	} else if (msg.msg_flags & MSG_CTRUNC) {
		error = -EINVAL;
		why = "more file descriptors than a request may carry";
	} else {
		error = split_fields(cl->buf, (size_t)n, &req, &why);
	}
	if (!error)
		error = ldmd_request_run(&req, req.why, sizeof(req.why));
	reply_end(cl, error, why ? why : req.why);
	if (req.fd >= 0)
		close(req.fd);
	return !cl->broken;
}

/* The client's thread: its requests, one after the other, until it is done. */
static void serve_client(struct ldmd_peer *p)
{
	while (serve_one(to_client(p)))
		;
}

/*
 * Refuse a client, with a reply that says why (EAGAIN), and an audit line
 * if the slots are taken. What it sent is read first: a socket closed with
 * unread data makes the client's next read fail with ECONNRESET before it
 * could read the reply.
 */
static void refuse_client(struct ldmd_peer *p, int error, const char *why)
{
	char junk[64];
	int i;

	if (error == -EAGAIN)
		ldmd_audit("ldmd: audit: refused a client of the control socket to uid %u "
			   "(pid %d): %s\n",
			   (unsigned int)p->cred.uid, (int)p->cred.pid, why);
	reply_end(to_client(p), -EAGAIN, why);
	/* A few messages at most: a client that keeps sending holds up no one. */
	for (i = 0; i < 4 && recv(p->fd, junk, sizeof(junk), MSG_DONTWAIT) > 0; i++)
		;
}

static struct ldmd_peer *alloc_client(struct ldmd_server *srv, int fd)
{
	struct timeval idle = { .tv_sec = CONTROL_IDLE_SECONDS };
	struct timeval send = { .tv_sec = CONTROL_SEND_SECONDS };
	struct control_client *cl = calloc(1, sizeof(*cl));

	(void)srv;
	if (!cl)
		return NULL;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &idle, sizeof(idle));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &send, sizeof(send));
	return &cl->peer;
}

static void release_client(struct ldmd_peer *p)
{
	close(p->fd);
	free(to_client(p));
}

static const struct ldmd_server_ops control_ops = {
	.slots = &control_slots,
	.noun = "client",
	.alloc = alloc_client,
	.serve = serve_client,
	.refuse = refuse_client,
	.release = release_client,
};

/**
 * ldmd_control_start - serve the control socket ROOT/control
 * @root: ldmd's root directory
 * @ret: the server, for ldmd_control_stop()
 *
 * Return: 0, or -errno (the reason is on stderr).
 */
int ldmd_control_start(const char *root, struct ldmd_control **ret)
{
	struct ldmd_control *ctl = calloc(1, sizeof(*ctl));
	char path[PATH_MAX];
	int error = -ENOMEM;

	if (!ctl)
		goto err;
	snprintf(path, sizeof(path), "%s/" CONTROL_SOCKET, root);
	error = ldmd_server_start(&ctl->srv, path, &control_ops);
	if (error)
		goto err_free;
	*ret = ctl;
	return 0;

err_free:
	free(ctl);
err:
	fprintf(stderr, "ldmd: cannot serve %s/" CONTROL_SOCKET ": %s\n", root, strerror(-error));
	return error;
}

/**
 * ldmd_control_stop - stop serving the control socket
 * @ctl: the server
 *
 * No new client is taken; each client's thread ends once its request in
 * progress, if any, has been answered. The socket file goes.
 */
void ldmd_control_stop(struct ldmd_control *ctl)
{
	struct ldmd_peer *p;

	ldmd_server_stop_accepting(&ctl->srv);
	pthread_mutex_lock(&ctl->srv.lock);
	TAILQ_FOREACH(p, &ctl->srv.peers, node)
		shutdown(p->fd, SHUT_RD);
	ldmd_server_wait(&ctl->srv, NULL);
	pthread_mutex_unlock(&ctl->srv.lock);
	ldmd_server_close(&ctl->srv);
	free(ctl);
}
