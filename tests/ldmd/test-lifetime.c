// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-lifetime.c - what is left when ldmd ends otherwise than by a
 * signal it takes: killed with SIGKILL, its guardian takes all three
 * mounts away, though no ldmd starts again; a mount taken away under it
 * stops it cleanly (docs/ldmd.md, "From start to stop").
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "ldmd-util.h"

DEFINE_TEST(
	test_ldmd_killed_leaves_nothing_mounted,
	.description =
		"ldmd killed with SIGKILL: its guardian unmounts DIR/sys, DIR/dev and DIR/proc, and exits; mountinfo then has none of them, with no ldmd started again",
	.no_runtime = true)
{
	struct pollfd p = { .events = POLLIN };
	struct ldmd d;
	pid_t guardian;
	int status;
	char *log;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, NULL });
	/* Looked at first: the kernel's cache then answers for the mount. */
	ASSERT(listed(d.sys, "module", NULL));
	ASSERT(listed(d.proc, "modules", NULL));
	guardian = ldmd_guardian_pid(&d);
	ASSERT(guardian > 0);
	p.fd = (int)syscall(SYS_pidfd_open, guardian, 0);
	ASSERT(p.fd >= 0);

	status = ldmd_signal(&d, SIGKILL);
	ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	/* The guardian ends once it has unmounted: wait for that, not for a while. */
	while (poll(&p, 1, -1) < 0)
		ASSERT_EQ(errno, EINTR);
	close(p.fd);
	ASSERT_EQ(mounts_at(d.sys), 0);
	ASSERT_EQ(mounts_at(d.dev), 0);
	ASSERT_EQ(mounts_at(d.proc), 0);
	/* fusermount3's watchers may take some first: what the guardian did, for the record. */
	log = read_file(d.log);
	ldm_test_log("ldmd's log:\n%s", log);
	free(log);
	/* Its sockets' files stay, as a killed server's do; the next ldmd replaces them. */
	unlink(strcat(strcpy((char[300]){ 0 }, d.root), "/control"));
	unlink(strcat(strcpy((char[300]){ 0 }, d.root), "/uevent"));
	remove_root(&d);
}

DEFINE_TEST(
	test_ldmd_stops_when_its_mount_is_taken_away,
	.description =
		"DIR/sys unmounted under ldmd: ldmd says so, stops cleanly (exit 0), and takes DIR/dev and DIR/proc away",
	.no_runtime = true)
{
	struct ldmd d;
	int status;
	char *log;

	need_fuse();
	ldmd_up(&d, (const char *[]){ HELLO_KO, NULL });
	ASSERT(listed(d.sys, "module", NULL));
	ASSERT_OK(umount2(d.sys, MNT_DETACH));
	/* The harness's alarm bounds the wait. */
	while (waitpid(d.pid, &status, 0) < 0)
		ASSERT_EQ(errno, EINTR);
	d.pid = -1;
	close(d.out);
	log = read_file(d.log);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("ldmd ended with wait status %#x; its log:\n%s", status, log);
	if (!strstr(log, "/sys: the mount went away"))
		FAIL("ldmd did not say why it stopped; its log:\n%s", log);
	free(log);
	ASSERT_EQ(mounts_at(d.dev), 0);
	ASSERT_EQ(mounts_at(d.proc), 0);
	remove_root(&d);
}
