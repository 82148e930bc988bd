// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listen.c - what ldmd's two sockets (DIR/control, DIR/uevent) share:
 * listening at a path, and a thread's loop that accepts connections until
 * the socket is shut down.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "ldmd.h"

/**
 * ldmd_listen - an AF_UNIX SOCK_SEQPACKET socket listening at @path
 * @path: where; a socket file a dead ldmd left there is replaced (the live
 *	mount was checked first: no other ldmd serves this root)
 *
 * The socket file has mode 0666: who may do what is checked per request.
 * Return: the socket, or -errno.
 */
int ldmd_listen(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
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
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		error = -errno;
		goto err_close;
	}
	if (chmod(path, 0666) || listen(fd, 16)) {
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
