// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * uevent.c - the uevent socket DIR/uevent: every hotplug event of the
 * runtime, one per message, to every connected listener, in the kernel's
 * netlink form ("ACTION@DEVPATH\0ACTION=...\0DEVPATH=...\0...SEQNUM=N\0").
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <sys/queue.h>
#include <unistd.h>
#include <libldm/runtime.h>
#include <libldm/uevent.h>

#include "ldmd.h"

/**
 * DOC: how uevent.c works
 *
 * The runtime calls event_arrived() under its event lock, so that call
 * never blocks: each event is copied once; to a listener whose queue is
 * empty and whose thread is not sending it is sent at once if its socket
 * takes it without waiting (send_now()), and otherwise queued, each queue
 * taking a reference. A listener has a thread that sends its queue in order; a
 * listener that does not read blocks only its own thread, and once its
 * queue is full (UEVENT_QUEUE_LEN) its events are dropped and counted. The
 * count goes to the listener, in place of what it lost, as the message
 * "ldm-dropped@\0DROPPED=N\0", as soon as its queue has room again, and
 * to the log.
 *
 * Listeners are capped, per user too, with slots kept for root and ldmd's
 * user (uevent_slots); one refused gets "ldm-refused@\0REASON=...\0" and
 * is closed. Listeners never write: what one sends is read and thrown away. At stop,
 * each thread sends what is queued (for at most UEVENT_FLUSH_MS), then the
 * connections close, so `ldm monitor` sees the last events and then EOF.
 */

#define UEVENT_SOCKET	 "uevent"
#define UEVENT_QUEUE_LEN 1024
#define UEVENT_FLUSH_MS	 2000
#define UEVENT_POLL_MS	 1000 /* how often an idle sender checks its peer */

/* 64 listeners; a user other than root and ldmd's has at most 16, and 16 are kept. */
static const struct ldmd_slots uevent_slots = {
	.max = 64,
	.kept = 16,
	.per_user = 16,
	.what = "listeners of the uevent socket",
};

struct uevent_msg {
	unsigned int refs; /* atomic */
	size_t len;
	char buf[];
};

/* A listener: a peer of the server (listen.c), with its queue. */
struct uevent_listener {
	struct ldmd_peer peer;
	struct uevent_msg *queue[UEVENT_QUEUE_LEN]; /* under peer.srv->lock */
	unsigned int head, count;
	unsigned long dropped; /* since the last report */
	unsigned long dropped_total;
	pthread_cond_t more;
	bool gone;    /* the peer went away, or ldmd stops */
	bool sending; /* its thread sends a message it took off the queue */
};

struct ldmd_uevent {
	struct ldmd_server srv; /* its lock is the listeners' queues' too */
};

static struct uevent_listener *to_listener(struct ldmd_peer *p)
{
	return (struct uevent_listener *)((char *)p - offsetof(struct uevent_listener, peer));
}

static struct uevent_msg *msg_new(const char *buf, size_t len)
{
	struct uevent_msg *m = malloc(sizeof(*m) + len);

	if (!m)
		return NULL;
	m->refs = 1;
	m->len = len;
	memcpy(m->buf, buf, len);
	return m;
}

static void msg_put(struct uevent_msg *m)
{
	if (m && __atomic_sub_fetch(&m->refs, 1, __ATOMIC_ACQ_REL) == 0)
		free(m);
}

/* Append @m to @l's queue. Caller has the lock and room is there. */
static void queue_push(struct uevent_listener *l, struct uevent_msg *m)
{
	__atomic_add_fetch(&m->refs, 1, __ATOMIC_RELAXED);
	l->queue[(l->head + l->count) % UEVENT_QUEUE_LEN] = m;
	l->count++;
}

/* The report of what @l lost, queued where the events would have been. */
static void queue_drop_report(struct uevent_listener *l)
{
	char buf[64];
	struct uevent_msg *m;
	int len;

	len = snprintf(buf, sizeof(buf), "ldm-dropped@%cDROPPED=%lu", '\0', l->dropped);
	m = msg_new(buf, (size_t)len + 1);
	if (!m)
		return; /* reported with the next one */
	queue_push(l, m);
	msg_put(m);
	ldm_kmsg(4, "ldmd: uevent listener pid %d lost %lu events: it did not read\n",
		 (int)l->peer.cred.pid, l->dropped);
	l->dropped = 0;
}

/*
 * Send @m now if nothing is ahead of it (an empty queue, the thread not
 * sending) and the socket takes it without waiting: a listener that keeps
 * up then costs no wake-up of its thread. Caller has the lock; the send
 * never blocks, so the runtime's event lock is not held up.
 */
static bool send_now(struct uevent_listener *l, struct uevent_msg *m)
{
	ssize_t n;

	if (l->count || l->sending)
		return false;
	do {
		n = send(l->peer.fd, m->buf, m->len, MSG_DONTWAIT | MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	return n >= 0; /* else the thread sends it, and sees any error */
}

/* One event to one listener. Caller has the lock. */
static void offer(struct uevent_listener *l, struct uevent_msg *m)
{
	unsigned int need = l->dropped ? 2 : 1;

	if (l->gone)
		return;
	if (l->count + need > UEVENT_QUEUE_LEN) {
		if (!l->dropped++)
			ldm_kmsg(4,
				 "ldmd: uevent listener pid %d is not reading: "
				 "dropping its events\n",
				 (int)l->peer.cred.pid);
		l->dropped_total++;
		return;
	}
	if (l->dropped)
		queue_drop_report(l);
	if (send_now(l, m))
		return;
	queue_push(l, m);
	pthread_cond_signal(&l->more);
}

/* The runtime's listener: under its event lock, so only queue. */
static void event_arrived(const struct ldm_uevent *event, void *data)
{
	struct ldmd_server *srv = &((struct ldmd_uevent *)data)->srv;
	struct uevent_msg *m = msg_new(event->buf, event->len);
	struct uevent_listener *l;
	struct ldmd_peer *p;

	pthread_mutex_lock(&srv->lock);
	TAILQ_FOREACH(p, &srv->peers, node) {
		l = to_listener(p);
		if (m) {
			offer(l, m);
		} else if (!l->gone) {
			l->dropped++; /* out of memory: this event is lost to all */
			l->dropped_total++;
		}
	}
	pthread_mutex_unlock(&srv->lock);
	msg_put(m);
}

/* Whether the peer hung up; what it wrote is thrown away. */
static bool peer_gone(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN | POLLRDHUP };
	char junk[256];

	while (poll(&p, 1, 0) > 0) {
		if (p.revents & (POLLRDHUP | POLLHUP | POLLERR))
			return true;
		if (recv(fd, junk, sizeof(junk), MSG_DONTWAIT) <= 0)
			return true;
	}
	return false;
}

static void deadline_after(struct timespec *ts, long ms)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (ms % 1000) * 1000000;
	if (ts->tv_nsec >= 1000000000) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000;
	}
}

/* Wait for the next message to send, or NULL when done. Caller has the lock. */
static struct uevent_msg *next_msg(struct uevent_listener *l)
{
	struct ldmd_server *srv = l->peer.srv;
	struct uevent_msg *m;
	struct timespec ts;

	while (!l->count && !l->gone && !srv->stopping) {
		deadline_after(&ts, UEVENT_POLL_MS);
		if (pthread_cond_timedwait(&l->more, &srv->lock, &ts) == ETIMEDOUT &&
		    peer_gone(l->peer.fd))
			l->gone = true;
	}
	if (l->gone || !l->count)
		return NULL;
	m = l->queue[l->head];
	l->head = (l->head + 1) % UEVENT_QUEUE_LEN;
	l->count--;
	/*
	 * Room again: what was lost is told now, after the events queued
	 * before the loss, not with the next event, which may never come.
	 */
	if (l->dropped)
		queue_drop_report(l);
	return m;
}

/* The listener is off the list and its thread ended, or it was refused. */
static void release_listener(struct ldmd_peer *p)
{
	struct uevent_listener *l = to_listener(p);

	while (l->count) {
		msg_put(l->queue[l->head]);
		l->head = (l->head + 1) % UEVENT_QUEUE_LEN;
		l->count--;
	}
	pthread_cond_destroy(&l->more);
	close(p->fd);
	free(l);
}

/* The listener's thread: send its queue, in order, until it or ldmd is done. */
static void serve_listener(struct ldmd_peer *p)
{
	struct uevent_listener *l = to_listener(p);
	struct ldmd_server *srv = p->srv;
	struct uevent_msg *m;
	ssize_t n;

	pthread_mutex_lock(&srv->lock);
	while ((m = next_msg(l))) {
		l->sending = true;
		pthread_mutex_unlock(&srv->lock);
		do {
			n = send(p->fd, m->buf, m->len, MSG_NOSIGNAL);
		} while (n < 0 && errno == EINTR);
		msg_put(m);
		pthread_mutex_lock(&srv->lock);
		l->sending = false;
		if (n < 0)
			l->gone = true;
	}
	pthread_mutex_unlock(&srv->lock);
}

/* Tell a refused listener why ("ldm-refused@\0REASON=...\0"); it is closed next. */
static void refuse_listener(struct ldmd_peer *p, int error, const char *why)
{
	char buf[256];
	int len;

	(void)error; /* every refusal is audited */
	ldmd_audit("ldmd: audit: refused a listener of the uevent socket to uid %u (pid %d): "
		   "%s\n",
		   (unsigned int)p->cred.uid, (int)p->cred.pid, why);
	len = snprintf(buf, sizeof(buf), "ldm-refused@%cREASON=%s", '\0', why);
	if (len >= (int)sizeof(buf))
		len = sizeof(buf) - 1;
	send(p->fd, buf, (size_t)len + 1, MSG_DONTWAIT | MSG_NOSIGNAL);
}

static struct ldmd_peer *alloc_listener(struct ldmd_server *srv, int fd)
{
	struct uevent_listener *l = calloc(1, sizeof(*l));

	(void)srv;
	(void)fd;
	if (!l)
		return NULL;
	pthread_cond_init(&l->more, NULL);
	return &l->peer;
}

static const struct ldmd_server_ops uevent_ops = {
	.slots = &uevent_slots,
	.noun = "listener",
	.alloc = alloc_listener,
	.serve = serve_listener,
	.refuse = refuse_listener,
	.release = release_listener,
};

/**
 * ldmd_uevent_start - serve the uevent socket ROOT/uevent
 * @root: ldmd's root
 * @ret: the server, for ldmd_uevent_stop()
 *
 * Return: 0, or -errno (the reason is on stderr).
 */
int ldmd_uevent_start(const char *root, struct ldmd_uevent **ret)
{
	struct ldmd_uevent *srv = calloc(1, sizeof(*srv));
	char path[PATH_MAX];
	int error = -ENOMEM;

	if (!srv)
		goto err;
	snprintf(path, sizeof(path), "%s/" UEVENT_SOCKET, root);
	error = ldmd_server_start(&srv->srv, path,
				  &uevent_ops); /* anyone may listen, as to netlink */
	if (error)
		goto err_free;
	error = ldm_uevent_listen(event_arrived, srv);
	if (error)
		goto err_stop;
	*ret = srv;
	return 0;

err_stop:
	ldmd_server_stop_accepting(&srv->srv);
	ldmd_server_close(&srv->srv);
err_free:
	free(srv);
err:
	fprintf(stderr, "ldmd: cannot serve %s/" UEVENT_SOCKET ": %s\n", root, strerror(-error));
	return error;
}

/**
 * ldmd_uevent_stop - stop serving the uevent socket
 * @srv: the server
 *
 * Called after the runtime has stopped (ldm_exit), so that listeners get
 * the events of the shutdown. Queued events are sent for at most
 * UEVENT_FLUSH_MS; then every connection closes and the socket file goes.
 */
void ldmd_uevent_stop(struct ldmd_uevent *srv)
{
	struct ldmd_server *server = &srv->srv;
	struct timespec deadline;
	struct ldmd_peer *p;

	ldm_uevent_unlisten(event_arrived, srv); /* -ENOENT after ldm_exit */
	ldmd_server_stop_accepting(server);
	pthread_mutex_lock(&server->lock);
	TAILQ_FOREACH(p, &server->peers, node)
		pthread_cond_signal(&to_listener(p)->more);
	deadline_after(&deadline, UEVENT_FLUSH_MS);
	if (!ldmd_server_wait(server, &deadline)) {
		/* Those still sending are stalled: cut them off. */
		TAILQ_FOREACH(p, &server->peers, node) {
			to_listener(p)->gone = true;
			shutdown(p->fd, SHUT_RDWR);
			pthread_cond_signal(&to_listener(p)->more);
		}
		ldmd_server_wait(server, NULL);
	}
	pthread_mutex_unlock(&server->lock);
	ldmd_server_close(server);
	free(srv);
}
