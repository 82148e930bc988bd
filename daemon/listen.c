// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listen.c - what ldmd's two sockets (DIR/control, DIR/uevent) share:
 * listening at a path, the policy of who may connect (slots), and the
 * server: a thread that accepts, a thread per peer, and the stop that
 * drains them.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "ldmd.h"

struct bind_job {
	int fd;
	const struct sockaddr_un *addr;
	int error;
};

/*
 * bind() with the umask that makes the socket file 0666 at once: a chmod()
 * by path afterwards would follow whatever a user who can write to the
 * root put there meanwhile (a symlink to a file of root's). The umask is a
 * process's: this thread gets a file-system context of its own first, so
 * that no other thread creates a file with this umask.
 */
static void *bind_0666(void *arg)
{
	struct bind_job *job = arg;

	if (unshare(CLONE_FS)) {
		job->error = -errno;
		return NULL;
	}
	umask(0111);
	if (bind(job->fd, (const struct sockaddr *)job->addr, sizeof(*job->addr)))
		job->error = -errno;
	return NULL;
}

/**
 * ldmd_listen - an AF_UNIX SOCK_SEQPACKET socket listening at @path
 * @path: where; a socket file a dead ldmd left there is replaced (the live
 *	mount was checked first: no other ldmd serves this root)
 *
 * The socket file is made with mode 0666 (who may do what is checked per
 * request), never changed by path.
 * Return: the socket, or -errno.
 */
int ldmd_listen(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct bind_job job = { .addr = &addr };
	pthread_t thread;
	struct stat st;
	int fd, error;

	if (strlen(path) >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	strcpy(addr.sun_path, path);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (!lstat(path, &st) && S_ISSOCK(st.st_mode))
		unlink(path);
	job.fd = fd;
	error = -pthread_create(&thread, NULL, bind_0666, &job);
	if (!error) {
		pthread_join(thread, NULL);
		error = job.error;
	}
	if (error)
		goto err_close;
	if (listen(fd, LDMD_LISTEN_BACKLOG)) {
		error = -errno;
		unlink(path);
		goto err_close;
	}
	return fd;

err_close:
	close(fd);
	return error;
}

/**
 * ldmd_privileged - whether a peer may change the runtime, and use the
 * slots kept: root, or the user ldmd runs as
 * @uid: the peer's (SO_PEERCRED)
 */
bool ldmd_privileged(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

/**
 * ldmd_slot_check - whether a new peer may take a slot of a socket
 * @slots: the socket's limits
 * @uid: the new peer's user
 * @taken: the slots taken
 * @taken_by_uid: of those, the ones of @uid
 * @why: gets the reason of a refusal, for the peer
 * @size: room in @why
 *
 * So that no user who is not root can lock root out by holding
 * connections, each such user has at most @slots->per_user of them, and
 * the last @slots->kept go only to root and ldmd's user.
 * Return: 0, or -EAGAIN with @why.
 */
int ldmd_slot_check(const struct ldmd_slots *slots, uid_t uid, unsigned int taken,
		    unsigned int taken_by_uid, char *why, size_t size)
{
	if (taken >= slots->max) {
		snprintf(why, size, "too many %s (%u); try again", slots->what, slots->max);
		return -EAGAIN;
	}
	if (ldmd_privileged(uid))
		return 0;
	if (taken_by_uid >= slots->per_user) {
		snprintf(why, size, "too many %s of uid %u (at most %u a user); try again",
			 slots->what, (unsigned int)uid, slots->per_user);
		return -EAGAIN;
	}
	if (taken >= slots->max - slots->kept) {
		snprintf(why, size, "too many %s (the last %u are kept for root); try again",
			 slots->what, slots->kept);
		return -EAGAIN;
	}
	return 0;
}

/**
 * DOC: the socket server
 *
 * Both sockets serve each peer in a thread of its own (detached), so that
 * a slow one holds up only itself. struct ldmd_server is the machinery;
 * struct ldmd_server_ops what differs: the struct that embeds each peer
 * (alloc, release), what its thread does (serve), and how a refused peer
 * is told why (refuse). A new peer is refused, through refuse(), when the
 * slots are taken (ldmd_slot_check()), when the server stops, or when no
 * thread can be made for it; else it goes on the list and its thread
 * starts. When serve() returns, the peer leaves the list and is released.
 * To stop: ldmd_server_stop_accepting() (no new peer; the acceptor ends),
 * then whatever makes the peers' serve() return (each socket its own
 * way), ldmd_server_wait() until they have, and ldmd_server_close().
 */

/* The peers of @uid. Caller has the lock. */
static unsigned int peers_of(struct ldmd_server *srv, uid_t uid)
{
	struct ldmd_peer *p;
	unsigned int n = 0;

	TAILQ_FOREACH(p, &srv->peers, node)
		n += p->cred.uid == uid;
	return n;
}

static void *peer_thread(void *arg)
{
	struct ldmd_peer *p = arg;
	struct ldmd_server *srv = p->srv;
	const struct ldmd_server_ops *ops = srv->ops;

	ops->serve(p);
	pthread_mutex_lock(&srv->lock);
	TAILQ_REMOVE(&srv->peers, p, node);
	srv->npeers--;
	pthread_cond_broadcast(&srv->ended);
	pthread_mutex_unlock(&srv->lock);
	/* @srv may be gone now: once no peer is left, the server's stop goes on. */
	ops->release(p);
	return NULL;
}

/* On the list and in a thread of its own, or -errno with @why. Caller has the lock. */
static int take_peer(struct ldmd_server *srv, struct ldmd_peer *p, char *why, size_t size)
{
	pthread_attr_t attr;
	pthread_t thread;
	int error;

	error = ldmd_slot_check(srv->ops->slots, p->cred.uid, srv->npeers,
				peers_of(srv, p->cred.uid), why, size);
	if (error)
		return error;
	if (srv->stopping) {
		snprintf(why, size, "ldmd is stopping");
		return -ESHUTDOWN;
	}
	TAILQ_INSERT_TAIL(&srv->peers, p, node);
	srv->npeers++;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	error = -pthread_create(&thread, &attr, peer_thread, p);
	pthread_attr_destroy(&attr);
	if (error) {
		TAILQ_REMOVE(&srv->peers, p, node);
		srv->npeers--;
		snprintf(why, size, "ldmd cannot take a %s now; try again", srv->ops->noun);
		return -ENOMEM; /* not the slots' EAGAIN: nothing to audit */
	}
	return 0;
}

/* A new connection: its credentials, its struct, a slot, a thread; or refused. */
static void add_peer(struct ldmd_server *srv, int fd)
{
	socklen_t len = sizeof(struct ucred);
	struct ldmd_peer *p;
	struct ucred cred;
	char why[128];
	int error;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len)) {
		close(fd);
		return;
	}
	p = srv->ops->alloc(srv, fd);
	if (!p) {
		close(fd);
		return;
	}
	p->srv = srv;
	p->fd = fd;
	p->cred = cred;
	pthread_mutex_lock(&srv->lock);
	error = take_peer(srv, p, why, sizeof(why));
	pthread_mutex_unlock(&srv->lock);
	if (error) {
		srv->ops->refuse(p, error, why);
		srv->ops->release(p);
	}
}

/* Take connections until the socket is shut down; a lack of descriptors or memory pauses a little. */
static void *accept_thread(void *arg)
{
	struct ldmd_server *srv = arg;
	int conn;

	for (;;) {
		conn = accept4(srv->fd, NULL, NULL, SOCK_CLOEXEC);
		if (conn >= 0) {
			add_peer(srv, conn);
			continue;
		}
		if (errno == EINTR || errno == ECONNABORTED)
			continue;
		if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
			usleep(100 * 1000);
			continue;
		}
		return NULL;
	}
}

/**
 * ldmd_server_start - listen at @path and take peers in threads of their own
 * @srv: the server, embedded in the socket's own struct
 * @path: the socket's path (ldmd_listen())
 * @ops: what the socket does with its peers
 *
 * Return: 0, or -errno (nothing is left: no file, no thread).
 */
int ldmd_server_start(struct ldmd_server *srv, const char *path, const struct ldmd_server_ops *ops)
{
	int error;

	srv->ops = ops;
	TAILQ_INIT(&srv->peers);
	srv->npeers = 0;
	srv->stopping = false;
	snprintf(srv->path, sizeof(srv->path), "%s", path);
	srv->fd = ldmd_listen(srv->path);
	if (srv->fd < 0)
		return srv->fd;
	pthread_mutex_init(&srv->lock, NULL);
	pthread_cond_init(&srv->ended, NULL);
	error = -pthread_create(&srv->acceptor, NULL, accept_thread, srv);
	if (error) {
		pthread_cond_destroy(&srv->ended);
		pthread_mutex_destroy(&srv->lock);
		unlink(srv->path);
		close(srv->fd);
	}
	return error;
}

/**
 * ldmd_server_stop_accepting - take no new peer: one that comes is refused
 * ("ldmd is stopping"), and the accepting thread ends
 * @srv: the server
 */
void ldmd_server_stop_accepting(struct ldmd_server *srv)
{
	pthread_mutex_lock(&srv->lock);
	srv->stopping = true;
	pthread_mutex_unlock(&srv->lock);
	shutdown(srv->fd, SHUT_RDWR);
	pthread_join(srv->acceptor, NULL);
}

/**
 * ldmd_server_wait - wait until every peer's thread has ended, or @deadline
 * @srv: the server; the caller has its lock
 * @deadline: CLOCK_REALTIME, or NULL for no bound
 *
 * Return: whether every peer's thread has ended.
 */
bool ldmd_server_wait(struct ldmd_server *srv, const struct timespec *deadline)
{
	while (srv->npeers) {
		if (!deadline)
			pthread_cond_wait(&srv->ended, &srv->lock);
		else if (pthread_cond_timedwait(&srv->ended, &srv->lock, deadline) == ETIMEDOUT)
			break;
	}
	return !srv->npeers;
}

/**
 * ldmd_server_close - close the socket and take its file away, once no peer
 * is left (ldmd_server_wait())
 * @srv: the server
 */
void ldmd_server_close(struct ldmd_server *srv)
{
	close(srv->fd);
	unlink(srv->path);
	pthread_cond_destroy(&srv->ended);
	pthread_mutex_destroy(&srv->lock);
}
