// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz-control.c - a libFuzzer target for ldmd's control protocol (`make
 * fuzz`).
 *
 * Each input is one request: its first byte says who sends it (low bit
 * set: a user who is not root, when the fuzzer runs as root; else root),
 * the rest is sent as one message to ldmd's own control server
 * (daemon/control.c, requests.c) over its socket, and the reply is read to
 * its end: a reply ('r') must come within FUZZ_REPLY_SECONDS, whatever the
 * bytes, with no crash and no leak. The runtime boots once and the server
 * listens in a temporary root; what a request changed is undone after it
 * (a device added is removed, suspended devices resumed), so that inputs
 * do not pile up. SIGTERM, which "shutdown" sends, is blocked.
 *
 * Seeds: one request of each kind, good and bad (fuzz/control-seeds).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <libldm/libldm.h>

#include "ldmd.h"

#define FUZZ_REPLY_SECONDS 30
#define FUZZ_NOBODY	   65534

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[] = "/tmp/ldm-fuzz-control-XXXXXX";
static struct ldmd_control *ctl;
static int conns[2] = { -1, -1 }; /* root's, nobody's: kept from input to input */
static char reply[CONTROL_MSG_MAX + 1];

/* A connection to the server as @uid. */
static int connect_as(uid_t uid)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/" CONTROL_SOCKET, root);
	if (fd < 0 || (uid && seteuid(uid)))
		abort();
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		perror("fuzz-control: connect");
		abort();
	}
	if (uid && seteuid(0))
		abort();
	return fd;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sigset_t term;

	(void)argc;
	(void)argv;
	/* Before any thread: "shutdown" sends SIGTERM to the process. */
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &term, NULL);
	signal(SIGPIPE, SIG_IGN);
	setenv("LDM_LOGLEVEL", "0", 1); /* refusals are the common case: quiet */
	if (!mkdtemp(root) || chmod(root, 0755) || ldm_init() || ldmd_control_start(root, &ctl))
		abort();
	return 0;
}

/* Read the reply to its end: its error, or -1 if the connection broke. */
static int read_reply(int fd, char **bus_id)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	for (;;) {
		n = poll(&p, 1, FUZZ_REPLY_SECONDS * 1000);
		if (n < 0 && errno == EINTR)
			continue; /* libFuzzer's -timeout alarm */
		if (n != 1) {
			fprintf(stderr, "fuzz-control: no reply within %d s\n", FUZZ_REPLY_SECONDS);
			abort(); /* ldmd did not answer: a hang */
		}
		n = recv(fd, reply, CONTROL_MSG_MAX, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		reply[n] = '\0';
		if (reply[0] == CONTROL_REPLY_END)
			return atoi(reply + 1);
		if (reply[0] == CONTROL_REPLY_OUTPUT && !*bus_id)
			*bus_id = strndup(reply + 1, strcspn(reply + 1, "\n"));
		else if (reply[0] != CONTROL_REPLY_OUTPUT && reply[0] != CONTROL_REPLY_LOG) {
			fprintf(stderr, "fuzz-control: a reply of kind %#x, %zd bytes\n",
				(unsigned char)reply[0], n);
			abort(); /* not the protocol */
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int who, *fd, error;
	char *out = NULL;

	if (!size)
		return 0;
	who = (data[0] & 1) && geteuid() == 0;
	fd = &conns[who];
	if (*fd < 0)
		*fd = connect_as(who ? FUZZ_NOBODY : 0);
	while (send(*fd, data + 1, size - 1, MSG_NOSIGNAL) < 0) {
		if (errno == EINTR)
			continue;
		close(*fd);
		*fd = -1;
		return 0;
	}
	error = read_reply(*fd, &out);
	if (error < 0) {
		close(*fd);
		*fd = -1;
	}
	/* Undo what the request did, so that the next input starts afresh. */
	if (!error && size > 11 && !memcmp(data + 1, "device-add", 11) && out)
		ldm_platform_device_remove(out);
	ldm_pm_resume();
	free(out);
	return 0;
}
