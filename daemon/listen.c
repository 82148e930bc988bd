// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listen.c - what ldmd's two sockets (DIR/control, DIR/uevent) share:
 * listening at a path, and a thread's loop that accepts connections until
 * the socket is shut down.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
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
 * ldmd_accept_loop - take connections until @fd is shut down
 * @fd: from ldmd_listen()
 * @take: called with each new connection (close-on-exec), which it owns
 * @data: passed to @take
 *
 * Running out of descriptors or memory pauses the loop a little, so that
 * clients can end; shutdown(@fd) ends it.
 */
void ldmd_accept_loop(int fd, void (*take)(void *data, int conn), void *data)
{
	int conn;

	for (;;) {
		conn = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
		if (conn >= 0) {
			take(data, conn);
			continue;
		}
		if (errno == EINTR || errno == ECONNABORTED)
			continue;
		if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
			usleep(100 * 1000);
			continue;
		}
		return;
	}
}
