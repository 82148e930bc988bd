// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * udev-forward.c - what `ldm exec` runs beside the program: ldmd's events,
 * read from DIR/uevent, sent again as udevd sends them to libudev (the udev
 * netlink group, libudev's message format), and the device nodes of the
 * namespace's /dev kept as ldmd's DIR/dev has them.
 */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/netlink.h>

#include "exec.h"

/**
 * DOC: how udev-forward.c works
 *
 * udevd takes each kernel event, runs its rules, and multicasts the result
 * on group 2 of NETLINK_KOBJECT_UEVENT, where libudev's monitors listen
 * (udevadm monitor --udev, pyudev's Monitor): a 40-byte header ("libudev",
 * a magic number, where the properties are, and hashes of the subsystem
 * and device type that monitors filter on in the kernel with BPF), then
 * the properties as KEY=VALUE strings. A monitor takes a message only from
 * uid 0, and only if /run/udev/control exists (or /dev is devtmpfs); the
 * kernel group (1) takes messages from the kernel alone (sender port 0).
 * So the forwarder, root in the network namespace of `ldm exec`, sends on
 * group 2 what ldmd sent, as a udevd without rules would, unless a real
 * udevd runs in the namespace (its control socket is there): then udevd
 * sends group 2 itself, after its rules. For group 1 it hands each event
 * to the kernel's uevent socket of the namespace, which multicasts it as a
 * kernel event in that namespace alone (the uevent injection of Linux
 * 4.16, for containers; it takes CAP_SYS_ADMIN over the namespace, which
 * ldm exec has). The namespace is owned by a user namespace other than the
 * machine's (sandbox.c), so the machine's own events never reach it.
 *
 * Before an event goes out, the symbolic links /dev/NAME -> DIR/dev/NAME
 * are made to match the top of DIR/dev (its nodes and its directories,
 * input), so that a program told of a new node finds it.
 */

#define UDEV_GROUP 2
#define UDEV_MAGIC 0xfeedcafe
#define MSG_MAX	   8192

struct udev_header {
	char prefix[8];
	uint32_t magic; /* network order */
	uint32_t header_size;
	uint32_t properties_off;
	uint32_t properties_len;
	uint32_t subsystem_hash; /* network order */
	uint32_t devtype_hash;	 /* network order */
	uint32_t tag_bloom_hi, tag_bloom_lo;
};

/* MurmurHash2 (seed 0) of @s: the hash libudev's socket filters compare. */
static uint32_t murmur2(const char *s)
{
	const uint32_t m = 0x5bd1e995;
	size_t len = strlen(s);
	uint32_t h = (uint32_t)len, k;
	const unsigned char *p = (const unsigned char *)s;

	for (; len >= 4; p += 4, len -= 4) {
		memcpy(&k, p, 4);
		k *= m;
		k ^= k >> 24;
		k *= m;
		h = h * m ^ k;
	}
	switch (len) {
	case 3:
		h ^= (uint32_t)p[2] << 16;
		/* fall through */
	case 2:
		h ^= (uint32_t)p[1] << 8;
		/* fall through */
	case 1:
		h ^= p[0];
		h *= m;
	}
	h ^= h >> 13;
	h *= m;
	return h ^ (h >> 15);
}

/* The value of KEY= among the properties of the kernel-form event @buf. */
static const char *event_property(const char *buf, size_t len, const char *key)
{
	size_t klen = strlen(key), off = strlen(buf) + 1;

	for (; off < len; off += strlen(buf + off) + 1)
		if (!strncmp(buf + off, key, klen) && buf[off + klen] == '=')
			return buf + off + klen + 1;
	return NULL;
}

/* Send the kernel-form event @buf (@len bytes, NUL-terminated) on the udev group. */
static int send_udev(int nl, const char *buf, size_t len)
{
	struct sockaddr_nl to = { .nl_family = AF_NETLINK, .nl_groups = UDEV_GROUP };
	const char *props = buf + strlen(buf) + 1, *subsystem, *devtype;
	struct udev_header h = { .prefix = "libudev" };
	struct iovec iov[2];
	struct msghdr msg = { .msg_name = &to, .msg_namelen = sizeof(to), .msg_iov = iov };

	if (props >= buf + len)
		return 0;
	subsystem = event_property(buf, len, "SUBSYSTEM");
	devtype = event_property(buf, len, "DEVTYPE");
	h.magic = htonl(UDEV_MAGIC);
	h.header_size = sizeof(h);
	h.properties_off = sizeof(h);
	h.properties_len = (uint32_t)(buf + len - props);
	h.subsystem_hash = subsystem ? htonl(murmur2(subsystem)) : 0;
	h.devtype_hash = devtype ? htonl(murmur2(devtype)) : 0;
	iov[0] = (struct iovec){ .iov_base = &h, .iov_len = sizeof(h) };
	iov[1] = (struct iovec){ .iov_base = (void *)props, .iov_len = h.properties_len };
	msg.msg_iovlen = 2;
	/* No monitor listening is ECONNREFUSED, as udevd meets it. */
	if (sendmsg(nl, &msg, 0) < 0 && errno != ECONNREFUSED)
		return -errno;
	return 0;
}

/*
 * Send the kernel-form event @buf to the kernel's uevent socket of this
 * network namespace, which multicasts it on the kernel group as its own
 * (sender port 0, its SEQNUM appended): ldmd's SEQNUM is left out, as the
 * kernel numbers what it sends. The kernel's answer is read back.
 */
static int send_kernel(int nl, const char *buf, size_t len)
{
	struct sockaddr_nl to = { .nl_family = AF_NETLINK };
	struct {
		struct nlmsghdr h;
		char data[MSG_MAX];
	} msg = { 0 };
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
		char more[256];
	} ack;
	size_t off, n = 0, l;
	ssize_t got;

	for (off = 0; off < len; off += l + 1) {
		l = strlen(buf + off);
		if (off && !strncmp(buf + off, "SEQNUM=", 7))
			continue;
		memcpy(msg.data + n, buf + off, l + 1);
		n += l + 1;
	}
	msg.h.nlmsg_len = NLMSG_LENGTH(n);
	msg.h.nlmsg_type = NLMSG_MIN_TYPE;
	msg.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	if (sendto(nl, &msg, msg.h.nlmsg_len, 0, (struct sockaddr *)&to, sizeof(to)) < 0)
		return -errno;
	do
		got = recv(nl, &ack, sizeof(ack), 0);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		return -errno;
	if ((size_t)got >= sizeof(ack.h) + sizeof(ack.e) && ack.h.nlmsg_type == NLMSG_ERROR)
		return ack.e.error;
	return 0;
}

/* Whether a udevd runs in the namespace: its control socket replaced the file. */
static bool udevd_runs(void)
{
	struct stat st;

	return !stat("/run/udev/control", &st) && S_ISSOCK(st.st_mode);
}

/* Whether @path is a link into @nodes (the namespace's view of DIR/dev). */
static bool is_our_link(const char *nodes, const char *path)
{
	char target[PATH_MAX];
	ssize_t n;

	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return false;
	target[n] = '\0';
	return !strncmp(target, nodes, strlen(nodes)) && target[strlen(nodes)] == '/';
}

/*
 * Take out of /dev the links to entries of @nodes that are gone, and the
 * copies of its links (below) that are gone from it and lead nowhere now.
 */
static void prune_links(const char *nodes)
{
	char path[PATH_MAX + 8], target[2 * PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;

	d = opendir("/dev");
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.' || de->d_type != DT_LNK)
			continue; /* ., .., /dev/.ldm; the machine's nodes; udevd's directories */
		snprintf(path, sizeof(path), "/dev/%s", de->d_name);
		snprintf(target, sizeof(target), "%s/%s", nodes, de->d_name);
		if (!lstat(target, &st))
			continue;
		if (is_our_link(nodes, path) || stat(path, &st))
			unlink(path);
	}
	if (d)
		closedir(d);
}

/*
 * Make /dev hold each entry at the top of @nodes: a link to a node or a
 * directory, and a copy of a link (its target, which resolves alike in
 * /dev), so that udevd reading its link back finds what it wrote.
 */
static void add_links(const char *nodes)
{
	char path[PATH_MAX + 8], target[2 * PATH_MAX], copy[PATH_MAX];
	struct dirent *de;
	ssize_t n;
	DIR *d;

	d = opendir(nodes);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/dev/%s", de->d_name);
		snprintf(target, sizeof(target), "%s/%s", nodes, de->d_name);
		n = de->d_type == DT_LNK ? readlink(target, copy, sizeof(copy) - 1) : -1;
		if (n >= 0)
			copy[n] = '\0';
		if (symlink(n >= 0 ? copy : target, path) && errno != EEXIST)
			fprintf(stderr, "ldm exec: %s: %s\n", path, strerror(errno));
	}
	if (d)
		closedir(d);
}

/**
 * exec_sync_nodes - make /dev hold a link to each entry at the top of
 * @nodes, at the same name (/dev/input -> @nodes/input, so that
 * /dev/input/event0 is ldmd's node and what udevd makes in /dev/input is
 * made in DIR/dev), and no link to an entry that is gone
 * @nodes: the directory of ldmd's device nodes, as the namespace sees it
 */
void exec_sync_nodes(const char *nodes)
{
	prune_links(nodes);
	add_links(nodes);
}

/**
 * exec_forward_events - send ldmd's events on the kernel and the udev
 * netlink groups until ldmd goes or @stop_fd becomes readable
 * @uevent: a connection to ldmd's DIR/uevent
 * @stop_fd: a descriptor that turns readable when the program has ended
 * @nodes: the directory of ldmd's device nodes, as the namespace sees it
 * @why: gets ldmd's reason if it refused the listener
 * @size: the size of @why
 *
 * Return: 0, -ECONNREFUSED if ldmd refused the listener (its reason in
 * @why), or a negative errno when the netlink socket cannot be made.
 */
int exec_forward_events(int uevent, int stop_fd, const char *nodes, char *why, size_t size)
{
	struct sockaddr_nl self = { .nl_family = AF_NETLINK };
	struct pollfd p[2] = { { .fd = uevent, .events = POLLIN },
			       { .fd = stop_fd, .events = POLLIN } };
	static char buf[MSG_MAX + 1];
	const char *reason;
	bool said = false;
	int nl, error;
	ssize_t n;

	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	if (nl < 0 || bind(nl, (struct sockaddr *)&self, sizeof(self)))
		return -errno;
	for (;;) {
		if (poll(p, 2, -1) < 0 && errno != EINTR)
			break;
		if (p[1].revents)
			break;
		if (!p[0].revents)
			continue;
		n = recv(uevent, buf, MSG_MAX, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		buf[n] = '\0';
		if (!strcmp(buf, "ldm-dropped@"))
			continue; /* libudev has no word for it */
		if (!strcmp(buf, "ldm-refused@")) {
			reason = event_property(buf, (size_t)n, "REASON");
			snprintf(why, size, "%s", reason ? reason : "no reason");
			close(nl);
			return -ECONNREFUSED;
		}
		exec_sync_nodes(nodes);
		error = send_kernel(nl, buf, (size_t)n);
		if (error && !said) {
			fprintf(stderr, "ldm exec: no kernel-group events: %s\n", strerror(-error));
			said = true;
		}
		if (!udevd_runs())
			send_udev(nl, buf, (size_t)n);
	}
	close(nl);
	return 0;
}
