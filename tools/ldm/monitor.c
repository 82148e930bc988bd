// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * monitor.c - `ldm monitor`: the hotplug events of a running ldmd as they
 * happen, printed as `udevadm monitor --kernel --property` prints a
 * kernel's, read from ldmd's uevent socket DIR/uevent.
 *
 *   ldm monitor [--root DIR] [--json]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "ldm.h"
#include "tool-util.h"

#define UEVENT_MSG_MAX 8192 /* the kernel's UEVENT_BUFFER_SIZE is 2048 */

static void monitor_help(FILE *out)
{
	fprintf(out, "Usage: ldm monitor [--root DIR] [--json]\n\n"
		     "Print the hotplug events of the runtime of the ldmd serving DIR (default:\n"
		     "$LDM_ROOT, else /run/ldm) as they happen, as 'udevadm monitor --kernel\n"
		     "--property' does: a line KERNEL[uptime] ACTION DEVPATH (SUBSYSTEM), the\n"
		     "event's properties, an empty line. Ends when ldmd stops (status 0), or\n"
		     "at once with status 1 if ldmd refuses the listener (too many). Events\n"
		     "this listener was too slow to take are counted on stderr.\n\n"
		     "  -r, --root DIR   the ldmd to listen to\n"
		     "      --json       one JSON object per event and line: {action, devpath,\n"
		     "                   subsystem, seqnum, properties}\n"
		     "  -h, --help       show this text\n");
}

static int monitor_connect(const char *root)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd, n;

	n = snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/uevent", root);
	if (n < 0 || (size_t)n >= sizeof(addr.sun_path)) {
		fprintf(stderr, "ldm monitor: %s: path too long for a socket\n", root);
		return -1;
	}
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		fprintf(stderr,
			"ldm monitor: no ldmd at %s (%s: %s); start one with 'ldmd --root "
			"%s' or name it with --root or LDM_ROOT\n",
			root, addr.sun_path, strerror(errno), root);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* The value of KEY= among the properties of @buf (@len bytes), or "". */
static const char *property(const char *buf, size_t len, const char *key)
{
	size_t klen = strlen(key), off = strlen(buf) + 1;

	while (off < len) {
		if (!strncmp(buf + off, key, klen) && buf[off + klen] == '=')
			return buf + off + klen + 1;
		off += strlen(buf + off) + 1;
	}
	return "";
}

static void print_text(const char *buf, size_t len)
{
	struct timespec now;
	size_t off;

	clock_gettime(CLOCK_MONOTONIC, &now);
	printf("KERNEL[%lld.%06ld] %-8s %s (%s)\n", (long long)now.tv_sec, now.tv_nsec / 1000,
	       property(buf, len, "ACTION"), property(buf, len, "DEVPATH"),
	       property(buf, len, "SUBSYSTEM"));
	for (off = strlen(buf) + 1; off < len; off += strlen(buf + off) + 1)
		printf("%s\n", buf + off);
	printf("\n");
}

static void print_json(const char *buf, size_t len)
{
	const char *eq;
	bool first = true;
	size_t off;

	printf("{\"action\":");
	tool_json_string(stdout, property(buf, len, "ACTION"));
	printf(",\"devpath\":");
	tool_json_string(stdout, property(buf, len, "DEVPATH"));
	printf(",\"subsystem\":");
	tool_json_string(stdout, property(buf, len, "SUBSYSTEM"));
	printf(",\"seqnum\":%llu,\"properties\":{",
	       strtoull(property(buf, len, "SEQNUM"), NULL, 10));
	for (off = strlen(buf) + 1; off < len; off += strlen(buf + off) + 1) {
		char key[256];

		eq = strchr(buf + off, '=');
		if (!eq || (size_t)(eq - (buf + off)) >= sizeof(key))
			continue;
		snprintf(key, sizeof(key), "%.*s", (int)(eq - (buf + off)), buf + off);
		printf("%s", first ? "" : ",");
		tool_json_string(stdout, key);
		printf(":");
		tool_json_string(stdout, eq + 1);
		first = false;
	}
	printf("}}\n");
}

/* One message from ldmd: an event, or the count of those dropped; false if refused. */
static bool print_msg(char *buf, size_t len, bool json)
{
	buf[len] = '\0'; /* @buf has room for it */
	if (!strcmp(buf, "ldm-refused@")) {
		fprintf(stderr, "ldm monitor: ldmd refused this listener: %s\n",
			property(buf, len, "REASON"));
		return false;
	}
	if (!strcmp(buf, "ldm-dropped@")) {
		const char *n = property(buf, len, "DROPPED");

		fprintf(stderr, "ldm monitor: %s events dropped: this listener was too slow\n", n);
		if (json)
			printf("{\"dropped\":%llu}\n", strtoull(n, NULL, 10));
	} else if (json) {
		print_json(buf, len);
	} else {
		print_text(buf, len);
	}
	fflush(stdout);
	return true;
}

static int monitor_run(int argc, char *argv[])
{
	static char buf[UEVENT_MSG_MAX + 1];
	bool json, refused = false;
	struct tool_opts o;
	ssize_t n;
	int fd;

	fd = tool_parse_options(argc, argv, TOOL_OPT_JSON | TOOL_OPT_PERMUTE, monitor_help, &o);
	if (fd >= 0)
		return fd;
	if (optind < argc) {
		monitor_help(stderr);
		return 2;
	}
	json = o.json;
	fd = monitor_connect(o.root);
	if (fd < 0)
		return 1;
	if (!json)
		printf("monitor will print the received events for:\nKERNEL - the kernel uevent\n\n");
	fflush(stdout);
	for (;;) {
		n = recv(fd, buf, UEVENT_MSG_MAX, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (!print_msg(buf, (size_t)n, json)) {
			refused = true;
			break;
		}
	}
	close(fd);
	if (n < 0) {
		fprintf(stderr, "ldm monitor: %s\n", strerror(errno));
		return 1;
	}
	return refused ? 1 : 0;
}

const struct ldm_verb ldm_verb_monitor = {
	.name = "monitor",
	.run = monitor_run,
	.help = "print the hotplug events of ldmd's runtime as they happen",
};
