// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-events.c - the events a program under ldm exec hears: ldmd's,
 * on the kernel group and on the udev group of NETLINK_KOBJECT_UEVENT, and
 * never the machine's, while the machine makes one on purpose.
 */
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <linux/netlink.h>

#include "ldmd-util.h"

#define LDM	     LDM_BUILD_DIR "/tools/ldm/ldm"
#define PROP_MISC_KO LDM_BUILD_DIR "/modules/prop_misc.ko"
/* A device every Linux machine has, whose change event does nothing. */
#define HOST_UEVENT  "/sys/devices/virtual/mem/null/uevent"

/* A socket on the machine's kernel group: the witness that the machine's event was made. */
static int host_listener(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);

	ASSERT(fd >= 0);
	ASSERT_OK(bind(fd, (struct sockaddr *)&sa, sizeof(sa)));
	return fd;
}

/* Whether the machine's kernel sent "change@...mem/null" to @fd (already queued). */
static bool host_heard_null(int fd)
{
	char buf[8192];
	ssize_t n;

	while ((n = recv(fd, buf, sizeof(buf) - 1, MSG_DONTWAIT)) > 0) {
		buf[n] = '\0';
		if (!strcmp(buf, "change@/devices/virtual/mem/null"))
			return true;
	}
	return false;
}

/*
 * Under ldm exec: start udevadm monitor on both groups, wait (bounded) until
 * it listens on both, make the machine's event through descriptor 3 (opened
 * outside, on the machine's /sys), then ldmd's through the namespace's /sys;
 * wait for ldmd's on both groups: the machine's, sent before, would be ahead
 * of it in the monitor's sockets. Then print what the monitor printed.
 */
static const char script[] =
	"sh -c 'out=$(mktemp); udevadm monitor --kernel --udev --property >$out 2>&1 & m=$!; "
	"wait_for() { i=0; until grep -q \"$1\" $out; do sleep 0.05; i=$((i+1)); "
	"[ $i -lt 600 ] || { echo \"no $1 in:\"; cat $out; kill $m; exit 9; }; done; }; "
	"wait_for \"^KERNEL - the kernel\"; echo change >&3; "
	"echo change >/sys/class/misc/prop_misc/uevent; "
	"wait_for \"^KERNEL.*change *.class.misc.prop_misc\"; "
	"wait_for \"^UDEV .*change *.class.misc.prop_misc\"; "
	"kill $m; wait $m; cat $out; rm $out' 3>" HOST_UEVENT;

DEFINE_TEST(
	test_exec_hears_ldmd_events_only,
	.description =
		"udevadm monitor --kernel --udev under ldm exec hears ldmd's event on both groups, and not the machine's change event made at the same time",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;
	int host;

	need_fuse();
	need_namespaces();
	if (!in_path("udevadm"))
		ldm_test_skip("udevadm is not installed (Debian's package udev)");
	if (access(HOST_UEVENT, W_OK))
		ldm_test_skip(HOST_UEVENT " is not writable here: no event of the machine to make");
	ldmd_up(&d, (const char *[]){ PROP_MISC_KO, NULL });
	host = host_listener();
	exec_ok(&d, script, &out);
	ASSERT(host_heard_null(host)); /* the machine did send its event */
	close(host);
	ASSERT(strstr(out, "KERNEL["));
	ASSERT(strstr(out, "] change   /class/misc/prop_misc (misc)\n"
			   "ACTION=change\n"
			   "DEVPATH=/class/misc/prop_misc\n"
			   "SUBSYSTEM=misc\n"));
	ASSERT(strstr(out, "UDEV  ["));
	if (strstr(out, "mem/null"))
		FAIL("the machine's event reached the program under ldm exec:\n%s", out);
	free(out);
	ldmd_down(&d);
}
