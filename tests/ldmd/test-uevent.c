// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-uevent.c - ldmd's uevent socket: every event to every listener in
 * SEQNUM order, a stalled listener that blocks nobody and is told what it
 * lost, hostile and surplus clients, and `ldm monitor` as udevadm prints.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ldmd-util.h"

#define LDM_PATH  LDM_BUILD_DIR "/tools/ldm/ldm"
#define QUEUE_LEN 1024 /* daemon/uevent.c */

static int uevent_connect(const struct ldmd *d)
{
	return ldmd_socket_connect(d, "uevent");
}

/* Add platform device @name<@id> and remove it again: two events. */
static void add_remove_named(int ctl, const char *name, unsigned int id)
{
	char req[128];
	int len;

	len = snprintf(req, sizeof(req), "device-add%c%s%c%u%c", 0, name, 0, id, 0);
	ASSERT_EQ(ldmd_control_request(ctl, req, (size_t)len, NULL, 0, NULL, 0), 0);
	len = snprintf(req, sizeof(req), "device-remove%c%s%u%c", 0, name, id, 0);
	ASSERT_EQ(ldmd_control_request(ctl, req, (size_t)len, NULL, 0, NULL, 0), 0);
}

/* Add device ev<id> and remove it again. */
static void add_remove(int ctl, unsigned int id)
{
	add_remove_named(ctl, "ev", id);
}

static unsigned long long seqnum_of(const char *buf, size_t len)
{
	size_t off;

	for (off = strlen(buf) + 1; off < len; off += strlen(buf + off) + 1)
		if (!strncmp(buf + off, "SEQNUM=", 7))
			return strtoull(buf + off + 7, NULL, 10);
	FAIL("event without SEQNUM: %s", buf);
}

DEFINE_TEST(
	test_uevent_every_listener_gets_every_event_in_order,
	.description =
		"three listeners of DIR/uevent each receive the same add and remove events, in the netlink form, SEQNUM rising by one",
	.no_runtime = true, .concurrency = true)
{
	char a[4096], b[4096];
	unsigned long long seq, prev = 0;
	int fds[3], ctl, i, j;
	size_t la, lb;
	struct ldmd d;

	need_fuse();
	ldmd_up(&d, NULL);
	for (i = 0; i < 3; i++)
		fds[i] = uevent_connect(&d);
	ctl = ldmd_control_connect(&d);
	ldmd_uevent_settle(ctl, fds, 3, NULL); /* taken before the events come */
	for (i = 0; i < 20; i++)
		add_remove(ctl, (unsigned int)i);
	for (i = 0; i < 40; i++) {
		la = ldmd_next_event(fds[0], a, sizeof(a));
		ASSERT(la > 0);
		snprintf(b, sizeof(b), "%s@/devices/platform/ev%d", i % 2 ? "remove" : "add",
			 i / 2);
		if (strcmp(a, b))
			FAIL("event %d is %s, expected %s", i, a, b);
		ASSERT(memmem(a, la, "\0SUBSYSTEM=platform\0", 20));
		seq = seqnum_of(a, la);
		if (prev)
			ASSERT_EQ(seq, prev + 1);
		prev = seq;
		for (j = 1; j < 3; j++) {
			lb = ldmd_next_event(fds[j], b, sizeof(b));
			ASSERT_EQ(lb, la);
			ASSERT(!memcmp(a, b, la));
		}
	}
	close(ctl);
	for (i = 0; i < 3; i++)
		close(fds[i]);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_uevent_stalled_listener_blocks_nobody_and_learns_its_losses,
	.description =
		"a listener that never reads: ldmd and an active listener go on through 3,000 events; when it reads, it gets the first events, then ldm-dropped@ with DROPPED=N, then the rest, N + received = all, though no event comes after; the log says so",
	.no_runtime = true, .concurrency = true, .timeout = 180)
{
	unsigned int events = 3000, got = 0, i;
	unsigned long dropped = 0;
	int stalled, active, ctl;
	struct ldmd d;
	char buf[4096], *log;
	size_t len, off;

	need_fuse();
	ldmd_up(&d, NULL);
	stalled = uevent_connect(&d);
	active = uevent_connect(&d);
	ctl = ldmd_control_connect(&d);
	ldmd_uevent_settle(ctl, (int[]){ stalled, active }, 2,
			   NULL); /* taken; then stalled reads no more */
	for (i = 0; i < events / 2; i++) {
		add_remove(ctl, i % 8);
		/* The active one keeps up. */
		ASSERT(ldmd_next_event(active, buf, sizeof(buf)) > 0);
		ASSERT(ldmd_next_event(active, buf, sizeof(buf)) > 0);
	}
	/*
	 * Now the stalled one reads all it has: the first events and the
	 * count, until they add up to all (each read waits as long as it
	 * must: no second of silence taken for the end); then nothing more.
	 */
	while (got + dropped < events) {
		len = ldmd_next_event(stalled, buf, sizeof(buf));
		ASSERT(len > 0);
		if (!strcmp(buf, "ldm-dropped@")) {
			off = strlen(buf) + 1;
			ASSERT(!strncmp(buf + off, "DROPPED=", 8));
			dropped += strtoul(buf + off + 8, NULL, 10);
			continue;
		}
		got++;
	}
	ASSERT_EQ(recv(stalled, buf, sizeof(buf), MSG_DONTWAIT), -1);
	/* No event came after the losses: the report came all the same. */
	ldm_test_log("the stalled listener received %u events and lost %lu of %u", got, dropped,
		     events);
	ASSERT(got >= QUEUE_LEN);
	ASSERT(dropped > 0);
	ASSERT_EQ(got + dropped, events);
	log = read_file(d.log);
	if (!strstr(log, "is not reading: dropping its events") ||
	    !strstr(log, "events: it did not read"))
		FAIL("ldmd's log does not report the drops:\n%s", log);
	free(log);
	close(ctl);
	close(stalled);
	close(active);
	ldmd_down(&d);
}

/*
 * What a listener has read: the last SEQNUM, the drops told since, and
 * those told beyond what the last read_in_order() asked for.
 */
struct in_order {
	unsigned long long prev, gap, owed;
};

/*
 * Read @n events from @fd (a drop report counts for the events it names):
 * SEQNUM rises by one from the last, or by one more than the drops told.
 */
static void read_in_order(int fd, unsigned int n, struct in_order *r)
{
	unsigned long long seq, gap;
	char buf[4096];
	ssize_t len;

	gap = r->owed < n ? r->owed : n;
	r->owed -= gap;
	n -= (unsigned int)gap;
	while (n) {
		len = ldmd_next_event(fd, buf, sizeof(buf));
		ASSERT(len > 0);
		if (!strcmp(buf, "ldm-dropped@")) {
			gap = strtoull(buf + strlen(buf) + 1 + 8, NULL, 10);
			ASSERT(gap > 0);
			r->gap += gap;
			if (gap > n)
				r->owed = gap - n;
			n -= (unsigned int)(gap > n ? n : gap);
			continue;
		}
		seq = seqnum_of(buf, (size_t)len);
		if (r->prev && seq != r->prev + 1 + r->gap)
			FAIL("SEQNUM %llu after %llu, %llu dropped between", seq, r->prev, r->gap);
		r->prev = seq;
		r->gap = 0;
		n--;
	}
}

DEFINE_TEST(
	test_uevent_listener_that_lags_then_keeps_up_gets_events_in_order,
	.description =
		"a listener that reads each event as it comes, then reads nothing through 2,000 events (its socket and then its queue fill), then reads its backlog while more come, then keeps up again: every event it gets comes in SEQNUM order, none sent at once before those queued",
	.no_runtime = true, .concurrency = true, .timeout = 180)
{
	struct in_order r = { 0, 0, 0 };
	unsigned int i;
	int fd, ctl;
	struct ldmd d;

	need_fuse();
	ldmd_up(&d, NULL);
	fd = uevent_connect(&d);
	ctl = ldmd_control_connect(&d);
	ldmd_uevent_settle(ctl, &fd, 1, NULL);
	for (i = 0; i < 50; i++) {
		add_remove(ctl, i % 8);
		read_in_order(fd, 2, &r);
	}
	for (i = 0; i < 1000; i++)
		add_remove(ctl, i % 8);
	/* Events come while it reads its backlog: none may pass it. */
	for (i = 0; i < 100; i++) {
		read_in_order(fd, 10, &r);
		add_remove(ctl, i % 8);
	}
	read_in_order(fd, 1200, &r);
	ASSERT_EQ(r.owed, 0);
	for (i = 0; i < 50; i++) {
		add_remove(ctl, i % 8);
		read_in_order(fd, 2, &r);
	}
	ASSERT_EQ(recv(fd, (char[16]){ 0 }, 16, MSG_DONTWAIT), -1);
	close(ctl);
	close(fd);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_uevent_hostile_and_surplus_clients,
	.description =
		"a client that writes garbage and hangs up, and clients over the cap of 64 (told why, ldm-refused@, and closed at once), disturb neither ldmd nor a listener",
	.no_runtime = true)
{
	static const char garbage[] = "add@/devices/evil\0ACTION=add\0";
	int fds[71], hostile, ctl, refused = 0, i;
	char buf[4096], why[71][256];
	struct ldmd d;

	need_fuse();
	ldmd_up(&d, NULL);
	fds[70] = uevent_connect(&d); /* the good one */
	hostile = uevent_connect(&d);
	for (i = 0; i < 100; i++)
		if (send(hostile, garbage, sizeof(garbage), MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
			break;
	close(hostile);
	for (i = 0; i < 70; i++)
		fds[i] = uevent_connect(&d);
	ctl = ldmd_control_connect(&d);
	ldmd_uevent_settle(ctl, fds, 71, why);
	ASSERT_STREQ(why[70], ""); /* the good one was first */
	for (i = 0; i < 70; i++) {
		if (!why[i][0])
			continue;
		/* Told why, then closed. */
		ASSERT(strstr(why[i], "too many listeners of the uevent socket"));
		ASSERT_EQ(recv(fds[i], buf, sizeof(buf), 0), 0);
		refused++;
	}
	/* 64 slots: the good one, maybe the hostile one not yet noticed, 62 or 63 of these. */
	ASSERT(refused >= 6 && refused <= 8);
	add_remove(ctl, 1);
	ASSERT(ldmd_next_event(fds[70], buf, sizeof(buf)) > 0);
	ASSERT_STREQ(buf, "add@/devices/platform/ev1");
	close(ctl);
	for (i = 0; i < 71; i++)
		close(fds[i]);
	ldmd_down(&d);
}

/*
 * A program's listener (ldm monitor) cannot be settled as a raw one: a
 * thread adds and removes sync devices, again and again, until the test
 * has read a line about one from each program, which ldmd has then taken.
 */
struct pulser {
	int ctl;
	bool stop;
	pthread_t thread;
};

static void *pulse(void *arg)
{
	struct pulser *p = arg;
	unsigned int k = 0;

	while (!__atomic_load_n(&p->stop, __ATOMIC_ACQUIRE)) {
		add_remove_named(p->ctl, "sync", k++);
		usleep(10 * 1000); /* a pace, not a wait for anything */
	}
	return NULL;
}

static void pulse_start(struct pulser *p, const struct ldmd *d)
{
	p->ctl = ldmd_control_connect(d);
	p->stop = false;
	ASSERT_OK(pthread_create(&p->thread, NULL, pulse, p));
}

static void pulse_stop(struct pulser *p)
{
	__atomic_store_n(&p->stop, true, __ATOMIC_RELEASE);
	ASSERT_OK(pthread_join(p->thread, NULL));
	close(p->ctl);
}

/* Read @f's lines until one is about a sync device (the harness's alarm bounds it). */
static void await_sync_line(FILE *f)
{
	char line[4096];

	while (fgets(line, sizeof(line), f))
		if (strstr(line, "/devices/platform/sync"))
			return;
	FAIL("the monitor ended before it heard a sync event");
}

DEFINE_TEST(
	test_ldm_monitor_prints_as_udevadm,
	.description =
		"ldm monitor prints KERNEL[uptime] ACTION DEVPATH (SUBSYSTEM) and the properties, --json a valid object per line, and exits 0 when ldmd stops; with no ldmd it exits 1 saying so",
	.no_runtime = true)
{
	char cmd[1024], *out, line[4096];
	struct pulser pulser;
	FILE *text, *json;
	struct ldmd d;
	int ctl;
	size_t n;

	need_fuse();
	ldmd_up(&d, NULL);
	snprintf(cmd, sizeof(cmd), "%s --root %s monitor", LDM_PATH, d.root);
	text = popen(cmd, "r");
	ASSERT(text);
	snprintf(cmd, sizeof(cmd), "%s monitor --root %s --json", LDM_PATH, d.root);
	json = popen(cmd, "r");
	ASSERT(json);
	/* Both taken by ldmd once each has printed a sync event. */
	pulse_start(&pulser, &d);
	await_sync_line(text);
	await_sync_line(json);
	pulse_stop(&pulser);
	ctl = ldmd_control_connect(&d);
	add_remove(ctl, 7);
	close(ctl);
	ldmd_stop(&d, SIGTERM);
	out = calloc(1, 1 << 16);
	ASSERT(out);
	n = fread(out, 1, (1 << 16) - 1, text);
	out[n] = '\0';
	ASSERT_EQ(pclose(text), 0);
	if (!strstr(out, "] add      /devices/platform/ev7 (platform)\nACTION=add\n"
			 "DEVPATH=/devices/platform/ev7\nSUBSYSTEM=platform\n"
			 "MODALIAS=platform:ev\nSEQNUM=") ||
	    !strstr(out, "] remove   /devices/platform/ev7 (platform)\n") ||
	    !strstr(out, "\nKERNEL["))
		FAIL("ldm monitor printed:\n%s", out);
	n = 0;
	while (fgets(line, sizeof(line), json)) {
		if (!ldm_test_json_valid(line))
			FAIL("ldm monitor --json printed a line that is not JSON: %s", line);
		n++;
	}
	ASSERT_EQ(pclose(json), 0);
	ASSERT(n >= 2);
	free(out);
	remove_root(&d);

	snprintf(cmd, sizeof(cmd), "%s monitor --root /nonexistent/ldm 2>&1", LDM_PATH);
	text = popen(cmd, "r");
	ASSERT(text);
	n = fread(line, 1, sizeof(line) - 1, text);
	line[n] = '\0';
	ASSERT_EQ(WEXITSTATUS(pclose(text)), 1);
	ASSERT(strstr(line, "ldm monitor: no ldmd at /nonexistent/ldm"));
}

/* Run `ldm monitor` as @uid: it must exit 1 at once, saying ldmd refused it. */
static void refused_monitor(const struct ldmd *d, uid_t uid)
{
	char cmd[1024], out[4096];
	pid_t pid = fork();
	int status;
	FILE *p;
	size_t n;

	ASSERT(pid >= 0);
	if (pid == 0) {
		ASSERT_OK(setgroups(0, NULL));
		ASSERT_OK(setgid(uid));
		ASSERT_OK(setuid(uid));
		snprintf(cmd, sizeof(cmd), "%s monitor --root %s 2>&1", LDM_PATH, d->root);
		p = popen(cmd, "r");
		ASSERT(p);
		n = fread(out, 1, sizeof(out) - 1, p);
		out[n] = '\0';
		status = pclose(p);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 1 ||
		    !strstr(out, "ldm monitor: ldmd refused this listener: too many listeners"))
			FAIL("ldm monitor as uid %u: status %#x, output:\n%s", (unsigned int)uid,
			     status, out);
		_exit(0);
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the check as uid %u failed (status %#x)", (unsigned int)uid, status);
}

/* Connect @n listeners as @uid into @fds; how many ldmd refused with @needle. */
static int listen_as(const struct ldmd *d, uid_t uid, int *fds, int n, const char *needle)
{
	char(*why)[256] = calloc((size_t)n, sizeof(*why));
	int refused = 0, ctl, i;

	ASSERT(why);
	for (i = 0; i < n; i++)
		fds[i] = ldmd_socket_connect_as(d, "uevent", uid);
	ctl = ldmd_control_connect(d);
	ldmd_uevent_settle(ctl, fds, n, why);
	close(ctl);
	for (i = 0; i < n; i++) {
		if (!why[i][0])
			continue;
		if (!strstr(why[i], needle))
			FAIL("uid %u's listener %d was refused with '%s', expected '%s'",
			     (unsigned int)uid, i, why[i], needle);
		refused++;
	}
	free(why);
	return refused;
}

DEFINE_TEST(
	test_uevent_other_users_cannot_lock_root_out,
	.description =
		"users who are not root hold idle listeners of DIR/uevent: each gets at most 16 (ldm monitor of one more exits 1 saying ldmd refused it), the last 16 of 64 are kept for root, whose ldm monitor still hears the events",
	.no_runtime = true, .concurrency = true)
{
	int fds[4][20], ctl, i, j;
	char cmd[1024], line[4096];
	struct pulser pulser;
	struct ldmd d;
	FILE *mon;

	need_fuse();
	ldmd_up(&d, NULL);
	ASSERT_EQ(listen_as(&d, NOBODY, fds[0], 20, "of uid 65534 (at most 16 a user)"), 4);
	refused_monitor(&d, NOBODY);
	ASSERT_EQ(listen_as(&d, NOBODY - 1, fds[1], 16, "-"), 0);
	ASSERT_EQ(listen_as(&d, NOBODY - 2, fds[2], 16, "-"), 0);
	ASSERT_EQ(listen_as(&d, NOBODY - 3, fds[3], 1, "kept for root"), 1);
	refused_monitor(&d, NOBODY - 3);

	snprintf(cmd, sizeof(cmd), "%s --root %s monitor", LDM_PATH, d.root);
	mon = popen(cmd, "r");
	ASSERT(mon);
	pulse_start(&pulser, &d);
	await_sync_line(mon); /* taken by ldmd */
	pulse_stop(&pulser);
	ctl = ldmd_control_connect(&d);
	add_remove(ctl, 5);
	close(ctl);
	while (fgets(line, sizeof(line), mon))
		if (strstr(line, "] add      /devices/platform/ev5 (platform)"))
			break;
	if (feof(mon))
		FAIL("root's ldm monitor did not hear the event");
	ldmd_stop(&d, SIGTERM);
	ASSERT_EQ(pclose(mon), 0);
	for (i = 0; i < 4; i++)
		for (j = 0; j < (i == 0 ? 20 : i == 3 ? 1 : 16); j++)
			close(fds[i][j]);
	remove_root(&d);
}
