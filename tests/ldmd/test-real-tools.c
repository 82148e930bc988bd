// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-real-tools.c - the modern tree through ldmd's mount as programs read
 * /sys (docs/sysfs.md): uevent files read with cat and written as udevadm
 * trigger writes them, subsystem and driver links read with readlink and
 * followed, /dev/char; kmod's own lsmod in a mount namespace whose /sys is
 * ldmd's mount and whose /proc holds ldmd's listing as modules, against
 * ldm lsmod; and the 2.6.9 tree, which has none of the additions.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ldmd-util.h"

#define LDM  LDM_BUILD_DIR "/tools/ldm/ldm"
#define MODS LDM_BUILD_DIR "/modules/"

static const char *const demo_args[] = {
	"--board",
	LDM_SOURCE_DIR "/boards/demo.dts",
	MODS "demo_sensor.ko",
	MODS "gpl_lib.ko",
	MODS "gpl_user.ko",
	MODS "prop_misc.ko",
	NULL,
};

static void demo_up(struct ldmd *d)
{
	need_fuse();
	if (!in_path("dtc"))
		ldm_test_skip("dtc is not installed (Debian package device-tree-compiler)");
	ldmd_up(d, demo_args);
}

static const char *link_of(const struct ldmd *d, const char *rel)
{
	static char buf[512];
	ssize_t n = readlink(SYS(d, rel), buf, sizeof(buf) - 1);

	if (n < 0)
		snprintf(buf, sizeof(buf), "(%s)", strerror(errno));
	else
		buf[n] = '\0';
	return buf;
}

/* realpath of @rel below DIR/sys, relative to DIR/sys again. */
static const char *resolved(const struct ldmd *d, const char *rel)
{
	static char buf[PATH_MAX];
	char *abs = realpath(SYS(d, rel), NULL);

	if (!abs)
		return "(unresolved)";
	snprintf(buf, sizeof(buf), "%s", abs + strlen(d->sys));
	free(abs);
	return buf;
}

DEFINE_TEST(
	test_ldmd_tree_reads_as_libudev_reads_sys,
	.description =
		"through ldmd's mount the demo sensor has a uevent file (0644) cat reads with DRIVER, OF_* and MODALIAS, subsystem and driver links readlink gives and realpath follows, a modalias; /bus/platform/devices and /dev/char lead to devices; a write of change to uevent reaches listeners",
	.no_runtime = true)
{
	static const char sensor[] = "/devices/platform/soc/10001000.sensor";
	char path[512], buf[4096];
	const char *text;
	struct stat st;
	struct ldmd d;
	int fd, ctl, minor;
	ssize_t n;

	demo_up(&d);
	snprintf(path, sizeof(path), "%s/uevent", sensor);
	ASSERT_OK(stat(SYS(&d, path), &st));
	ASSERT_EQ(st.st_mode & 07777, 0644);
	text = cat(SYS(&d, path));
	ASSERT_STREQ(text, "DRIVER=demo_sensor\nOF_NAME=sensor\nOF_FULLNAME=/soc/sensor@10001000\n"
			   "OF_COMPATIBLE_0=ldm,demo-sensor\nOF_COMPATIBLE_N=1\n"
			   "MODALIAS=of:NsensorT(null)Cldm,demo-sensor\n");
	snprintf(path, sizeof(path), "%s/subsystem", sensor);
	ASSERT_STREQ(link_of(&d, path), "../../../../bus/platform");
	ASSERT_STREQ(resolved(&d, path), "/bus/platform");
	snprintf(path, sizeof(path), "%s/driver", sensor);
	ASSERT_STREQ(resolved(&d, path), "/bus/platform/drivers/demo_sensor");
	snprintf(path, sizeof(path), "%s/modalias", sensor);
	ASSERT_STREQ(cat(SYS(&d, path)), "of:NsensorT(null)Cldm,demo-sensor\n");
	ASSERT_STREQ(resolved(&d, "/bus/platform/devices/10001000.sensor"), sensor);
	ASSERT_STREQ(resolved(&d, "/module/demo_sensor/drivers/platform:demo_sensor"),
		     "/bus/platform/drivers/demo_sensor");

	/* The misc node: /dev/char/10:<minor> leads to its class device. */
	ASSERT_EQ(sscanf(cat(SYS(&d, "/class/misc/prop_misc/dev")), "10:%d", &minor), 1);
	snprintf(path, sizeof(path), "/dev/char/10:%d", minor);
	ASSERT_STREQ(resolved(&d, path), "/class/misc/prop_misc");
	ASSERT_STREQ(resolved(&d, "/class/misc/prop_misc/subsystem"), "/class/misc");
	snprintf(buf, sizeof(buf), "MAJOR=10\nMINOR=%d\nDEVNAME=prop_misc\n", minor);
	ASSERT_STREQ(cat(SYS(&d, "/class/misc/prop_misc/uevent")), buf);

	/* What udevadm trigger writes reaches the uevent socket. */
	fd = ldmd_socket_connect(&d, "uevent");
	ctl = ldmd_control_connect(&d);
	ldmd_uevent_settle(ctl, &fd, 1, NULL); /* taken before the write */
	close(ctl);
	snprintf(path, sizeof(path), "%s/uevent", sensor);
	ASSERT_EQ(echo(SYS(&d, path), "change\n", 7), 7);
	ASSERT_EQ(poll(&(struct pollfd){ .fd = fd, .events = POLLIN }, 1, WAIT_SECONDS * 1000), 1);
	n = recv(fd, buf, sizeof(buf) - 1, 0);
	ASSERT(n > 0);
	buf[n] = '\0';
	ASSERT_STREQ(buf, "change@/devices/platform/soc/10001000.sensor");
	ASSERT(memmem(buf, (size_t)n, "\0SYNTH_UUID=0\0DRIVER=demo_sensor\0",
		      sizeof("\0SYNTH_UUID=0\0DRIVER=demo_sensor\0") - 1));
	ASSERT_EQ(echo(SYS(&d, path), "explode\n", 8), -EINVAL);
	close(fd);
	ldmd_down(&d);
}

/* ldmd's /proc/modules listing (the lsmod request's output). */
static char *proc_modules(const struct ldmd *d)
{
	int fd = ldmd_control_connect(d);
	char *buf = malloc(70000), *text = calloc(1, 70000);
	size_t len = 0;
	ssize_t n;

	ASSERT(buf && text && fd >= 0);
	ASSERT_EQ(send(fd, "lsmod", 6, MSG_NOSIGNAL), 6);
	for (;;) {
		n = recv(fd, buf, 70000 - 1, 0);
		ASSERT(n > 0);
		if (buf[0] == 'r')
			break;
		ASSERT(buf[0] == 'o' && len + (size_t)n < 70000);
		memcpy(text + len, buf + 1, (size_t)n - 1);
		len += (size_t)n - 1;
	}
	ASSERT_EQ(atoi(buf + 1), 0);
	free(buf);
	close(fd);
	return text;
}

DEFINE_TEST(
	test_kmod_lsmod_reads_what_ldm_lsmod_prints,
	.description =
		"kmod's own lsmod, run where /sys is ldmd's mount and /proc/modules ldmd's listing, prints byte for byte what ldm lsmod prints with gpl_user holding gpl_lib: it reads refcnt, coresize and holders/ of /sys/module",
	.no_runtime = true)
{
	static const char *const args[] = { MODS "gpl_lib.ko", MODS "gpl_user.ko", NULL };
	char file[400], cmd[2048], *kmod, *ours, *listing;
	struct ldmd d;
	FILE *f;

	need_fuse();
	if (!in_path("lsmod") || !in_path("unshare"))
		ldm_test_skip("kmod's lsmod or util-linux's unshare is not installed");
	ldmd_up(&d, args);
	snprintf(file, sizeof(file), "%s/proc-modules", d.root);
	f = fopen(file, "w");
	ASSERT(f);
	listing = proc_modules(&d);
	fputs(listing, f);
	free(listing);
	ASSERT_EQ(fclose(f), 0);
	/* A kernel without modules has no /proc/modules to bind over: a /proc of its own. */
	snprintf(cmd, sizeof(cmd),
		 "unshare -m sh -c 'mount --make-rprivate / && mount --bind %s /sys && "
		 "mount -t tmpfs ldm-proc /proc && cp %s /proc/modules && lsmod' 2>&1",
		 d.sys, file);
	if (ldm_test_run(cmd, &kmod))
		FAIL("lsmod in a mount namespace failed:\n%s", kmod);
	snprintf(cmd, sizeof(cmd), "%s --root %s lsmod 2>&1", LDM, d.root);
	ASSERT_EQ(ldm_test_run(cmd, &ours), 0);
	ASSERT_STREQ(ours, "Module                  Size  Used by\n"
			   "gpl_lib                12288  1 gpl_user\n"
			   "gpl_user               12288  0\n");
	ASSERT_STREQ(kmod, ours);
	free(kmod);
	free(ours);
	unlink(file);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_ldmd_269_tree_has_no_modern_additions,
	.description =
		"ldmd --sysfs=2.6.9: the demo sensor has no uevent, subsystem, driver or modalias, there is no sys/dev, and /kernel/ldm_sysfs says 2.6.9",
	.no_runtime = true)
{
	static const char *const args[] = {
		"--sysfs=2.6.9",       "--board", LDM_SOURCE_DIR "/boards/demo.dts",
		MODS "demo_sensor.ko", NULL,
	};
	struct ldmd d;

	need_fuse();
	if (!in_path("dtc"))
		ldm_test_skip("dtc is not installed (Debian package device-tree-compiler)");
	ldmd_up(&d, args);
	ASSERT_STREQ(cat(SYS(&d, "/kernel/ldm_sysfs")), "2.6.9\n");
	ASSERT(!listed(d.sys, "dev", NULL));
	ASSERT(listed(SYS(&d, "/devices/platform/soc/10001000.sensor"), "label", NULL));
	ASSERT(!listed(SYS(&d, "/devices/platform/soc/10001000.sensor"), "uevent", NULL));
	ASSERT(!listed(SYS(&d, "/devices/platform/soc/10001000.sensor"), "subsystem", NULL));
	ASSERT(!listed(SYS(&d, "/devices/platform/soc/10001000.sensor"), "driver", NULL));
	ASSERT(!listed(SYS(&d, "/devices/platform/soc/10001000.sensor"), "modalias", NULL));
	ASSERT(listed(SYS(&d, "/bus/platform/drivers/demo_sensor"), "10001000.sensor", NULL));
	ldmd_down(&d);
}
