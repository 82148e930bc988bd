// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-userns-caps.c - capabilities held in a user namespace of the
 * requester's own count for nothing with ldmd's drivers, as a kernel's
 * capable() counts only those of the initial namespace: `unshare -Ur`
 * (root of a new namespace, every capability there) gives no
 * CAP_SYS_ADMIN through DIR/sys, DIR/dev or a forwarded ioctl, whether
 * the caller is root outside it or nobody.
 */
#include <sched.h>
#include <sys/wait.h>

#include "ldmd-util.h"

#define K269(name)     LDM_BUILD_DIR "/tests/modules/" name ".ko"
#define AS_NOBODY      "setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- "
#define IN_OWN_USER_NS "unshare -Ur "

/* Skip unless unshare(1) is here and @who (a command prefix) may make a user namespace. */
static void need_unshare(const char *who)
{
	char cmd[512], *out;

	if (!in_path("unshare") || !in_path("setpriv"))
		ldm_test_skip("util-linux's unshare and setpriv are needed");
	snprintf(cmd, sizeof(cmd), "%s" IN_OWN_USER_NS "true 2>&1", who);
	if (ldm_test_run(cmd, &out)) {
		free(out);
		ldm_test_skip("a user namespace cannot be made here");
	}
	free(out);
}

/* What dd reads of the first 4 bytes of the EEPROM (its serial is root's), as od prints them. */
static char *eeprom_as(struct ldmd *d, const char *who)
{
	char cmd[1024], *out;

	snprintf(cmd, sizeof(cmd),
		 "%s dd if=%s bs=256 count=1 status=none | head -c 4 | od -An -c | tr -s ' '", who,
		 SYS(d, "bus/sbus/devices/0-0050/eeprom"));
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	return out;
}

DEFINE_TEST(
	test_userns_root_reads_no_serial_through_sys,
	.description =
		"a reader in a user namespace of its own (unshare -Ur), as nobody or as root outside it, is not capable(CAP_SYS_ADMIN) for a driver's show() through DIR/sys: the EEPROM's serial stays hidden, as from nobody",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	need_fuse();
	need_unshare(AS_NOBODY);
	ldmd_up(&d, (const char *[]){ K269("sbus_core"), K269("sbus_soft"), K269("sbus_eeprom"),
				      NULL });
	out = eeprom_as(&d, "");
	ASSERT_STREQ(out, " S N : 0\n");
	free(out);
	out = eeprom_as(&d, AS_NOBODY IN_OWN_USER_NS);
	ASSERT_STREQ(out, " \\0 \\0 \\0 \\0\n");
	free(out);
	out = eeprom_as(&d, IN_OWN_USER_NS);
	ASSERT_STREQ(out, " \\0 \\0 \\0 \\0\n");
	free(out);
	ldmd_down(&d);
}

/* What exec-threads capable prints of DIR/dev/devtest, run after @who. */
static char *capable_as(struct ldmd *d, const char *who)
{
	char cmd[2048], *out;

	snprintf(cmd, sizeof(cmd),
		 "ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 LD_PRELOAD=%s "
		 "LDM_ROOT=%s %s%s capable %s/devtest 2>&1",
		 LDM_PRELOAD_BUILD, d->root, who, EXEC_THREADS_PATH, d->dev);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	return out;
}

DEFINE_TEST(
	test_userns_root_is_not_capable_through_dev,
	.description =
		"root inside a user namespace of its own (unshare -Ur) opens a node of DIR/dev but its driver's capable(CAP_SYS_ADMIN) is false, for an ioctl through FUSE and a forwarded one; root outside it is capable",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	need_fuse();
	need_unshare("");
	ldmd_up(&d, (const char *[]){ LDMD_DEV_MODULE, NULL });
	out = capable_as(&d, "");
	ASSERT_STREQ(out, "fuse: 1\nforwarded: 1\n");
	free(out);
	out = capable_as(&d, IN_OWN_USER_NS);
	ASSERT_STREQ(out, "fuse: 0\nforwarded: 0\n");
	free(out);
	ldmd_down(&d);
}
