// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-cli.c - what ldm exec says when it cannot give a program what
 * it promises: no ldmd at the root named; ldmd refusing the listener of its
 * events (all slots taken), which fails unless --no-events is given.
 */
#include <poll.h>
#include <sys/socket.h>

#include "ldmd-util.h"

#define LDM	     LDM_BUILD_DIR "/tools/ldm/ldm"
#define UEVENT_SLOTS 64 /* daemon/uevent.c's uevent_slots.max */

DEFINE_TEST(
	test_exec_without_ldmd_says_how_to_start_one,
	.description =
		"ldm exec with a --root where no ldmd serves (a directory that is not there) says 'no ldmd at DIR' and how to start one, as the other verbs do, and exits 1",
	.no_runtime = true)
{
	char *out;
	int status;

	status = ldm_test_run(LDM " --root /nonexistent/ldm exec -- true 2>&1", &out);
	ASSERT_EQ(status, 1);
	if (!strstr(out, "ldm exec: no ldmd at /nonexistent/ldm (") ||
	    !strstr(out, "start one with 'ldmd --root /nonexistent/ldm'"))
		FAIL("unexpected message: %s", out);
	free(out);
}

/*
 * Take every slot of DIR/uevent: UEVENT_SLOTS listeners, then one more,
 * which is refused; ldmd answers connections in order, so by then the
 * others are all accepted (none has anything to read).
 */
static void fill_slots(const struct ldmd *d, int *fds)
{
	char buf[512];
	int extra, i;

	for (i = 0; i < UEVENT_SLOTS; i++)
		fds[i] = ldmd_socket_connect(d, "uevent");
	extra = ldmd_socket_connect(d, "uevent");
	ASSERT_EQ(poll(&(struct pollfd){ .fd = extra, .events = POLLIN }, 1, WAIT_SECONDS * 1000),
		  1);
	ASSERT(ldmd_socket_refusal(extra, buf, sizeof(buf)));
	close(extra);
	for (i = 0; i < UEVENT_SLOTS; i++)
		ASSERT_EQ(poll(&(struct pollfd){ .fd = fds[i], .events = POLLIN }, 1, 0), 0);
}

DEFINE_TEST(
	test_exec_refused_listener_fails_unless_no_events,
	.description =
		"when ldmd refuses ldm exec's listener of events (all slots taken) ldm exec says so with ldmd's reason and fails with 1, the program not run (or stopped); with --no-events it says so and runs the program",
	.no_runtime = true)
{
	int fds[UEVENT_SLOTS], status, i;
	char *out, cmd[1024];
	struct ldmd d;

	need_fuse();
	need_namespaces();
	ldmd_up(&d, (const char *[]){ NULL });
	fill_slots(&d, fds);

	/*
	 * A program that would run long: refused before it starts, or (on a
	 * loaded machine, ldmd's answer coming late) stopped when it comes.
	 */
	status = ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, "sleep 120", &out);
	ASSERT_EQ(status, 1);
	if (!strstr(out, "ldm exec: ldmd refused the listener of its events: too many listeners") ||
	    !strstr(out, "--no-events runs it so"))
		FAIL("unexpected output: %s", out);
	free(out);

	status = ldm_test_run(LDM_BUILD_DIR "/tools/ldm/ldm exec --help", &out);
	ASSERT_EQ(status, 0);
	ASSERT(strstr(out, "--no-events"));
	free(out);

	snprintf(
		cmd, sizeof(cmd),
		"ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 LDM_PRELOAD=%s %s --root %s "
		"exec --no-events -- echo ran 2>&1",
		LDM_PRELOAD_BUILD, LDM, d.root);
	status = ldm_test_run(cmd, &out);
	ASSERT_EQ(status, 0);
	if (!strstr(out, "ldm exec: ldmd refused the listener of its events: too many listeners") ||
	    !strstr(out, "going on without them (--no-events)") || !strstr(out, "ran\n"))
		FAIL("unexpected output: %s", out);
	free(out);

	for (i = 0; i < UEVENT_SLOTS; i++)
		close(fds[i]);
	ldmd_down(&d);
}
