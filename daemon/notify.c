// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * notify.c - telling the service manager how ldmd is, by systemd's
 * sd_notify protocol, written out (no libsystemd): a datagram of
 * "KEY=VALUE" lines to the AF_UNIX socket $NOTIFY_SOCKET names, a path or,
 * with a leading '@', an abstract address. ldmd.service is Type=notify:
 * READY=1 once the mounts serve, STOPPING=1 when it starts to stop.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "ldmd.h"

/* Where to tell; taken from the environment once, so no child inherits it. */
static struct sockaddr_un notify_addr;
static socklen_t notify_len;

/**
 * ldmd_notify_init - take $NOTIFY_SOCKET out of the environment
 *
 * Return: 0, or -EINVAL for an address that is not a path or '@' name (said
 * on stderr; ldmd then tells nobody).
 */
int ldmd_notify_init(void)
{
	const char *env = getenv("NOTIFY_SOCKET");
	size_t len;

	if (!env || !*env)
		return 0;
	len = strlen(env);
	if ((env[0] != '/' && env[0] != '@') || len >= sizeof(notify_addr.sun_path)) {
		fprintf(stderr, "ldmd: NOTIFY_SOCKET=%s: not a socket address\n", env);
		unsetenv("NOTIFY_SOCKET");
		return -EINVAL;
	}
	notify_addr.sun_family = AF_UNIX;
	memcpy(notify_addr.sun_path, env, len);
	if (env[0] == '@')
		notify_addr.sun_path[0] = '\0'; /* abstract: the length says where it ends */
	else
		len++; /* a path: with its NUL */
	notify_len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
	unsetenv("NOTIFY_SOCKET");
	return 0;
}

/**
 * ldmd_notify - send "@state" and MAINPID to the service manager, if any
 * @state: e.g. "READY=1\nSTATUS=serving /run/ldm"
 */
void ldmd_notify(const char *state)
{
	char msg[1024];
	int fd, len;

	if (!notify_len)
		return;
	len = snprintf(msg, sizeof(msg), "%s\nMAINPID=%d", state, (int)getpid());
	if (len < 0 || (size_t)len >= sizeof(msg))
		return;
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return;
	if (sendto(fd, msg, (size_t)len, MSG_NOSIGNAL, (struct sockaddr *)&notify_addr,
		   notify_len) < 0)
		fprintf(stderr, "ldmd: telling the service manager: %s\n", strerror(errno));
	close(fd);
}
