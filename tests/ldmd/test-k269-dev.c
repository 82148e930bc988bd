// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-k269-dev.c - the 2.6.9-style test drivers (tests/drivers/k269/)
 * under ldmd, used as a program uses a kernel's: through DIR/dev, whose
 * nodes are every class device with a device number (not only misc), and
 * DIR/sys, by an unmodified program under `ldm exec` and by dd.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ldmd-util.h"

#define K269(name) LDM_BUILD_DIR "/tests/modules/" name ".ko"

static void k269_up(struct ldmd *d, const char *const modules[])
{
	need_fuse();
	need_namespaces();
	ldmd_up(d, modules);
}

static const char input_run[] = "open injector: 0\n"
				"evbit: 0\n"
				"bad evbit: EINVAL\n"
				"setup: 0\n"
				"create: 0\n"
				"open lev0: 0\n"
				"version: 0\n"
				"  0x10009\n"
				"id: 0\n"
				"  0x1234\n"
				"name: 14\n"
				"  k269 keyboard\n"
				"empty read: EAGAIN\n"
				"owner: 0\n"
				"async: 0\n"
				"inject: 24\n"
				"sigio: 1\n"
				"poll: 1\n"
				"read: 24\n"
				"  type 1 code 30 value 1\n"
				"inject again: 24\n"
				"sigio: 2\n"
				"read: 24\n"
				"destroy: 0\n"
				"lev0 after: ENOENT\n";

DEFINE_TEST(
	test_k269_input_stack_through_dev,
	.description =
		"under ldm exec, a program drives the input-style stack through DIR/dev as through a kernel's /dev: value, structure and bare ioctls on the injector, the handler's node lev0 (a class_simple device of the stack's own major, not misc) appears, answers its ioctls, sends SIGIO to the process that set O_ASYNC (the driver's fasync and kill_fasync), polls and reads the injected event, and goes on destroy",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	k269_up(&d, (const char *[]){ K269("ldmin_core"), K269("ldmin_ev"), K269("ldmin_inject"),
				      NULL });
	ASSERT(listed(d.dev, "ldmin_inject", NULL));
	ASSERT(!listed(d.dev, "lev0", NULL));
	ASSERT_EQ(ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, K269_USER_PATH " input", &out), 0);
	ASSERT_STREQ(out, input_run);
	free(out);
	ASSERT(!listed(d.dev, "lev0", NULL));
	ldmd_down(&d);
}

static const char sbus_run[] = "open sbus-0: 0\n"
			       "funcs: 0\n"
			       "  0x1\n"
			       "bad slave: EINVAL\n"
			       "slave: 0\n"
			       "rdwr: 2\n"
			       "  16 17 18 19\n"
			       "read: 2\n"
			       "  20 21\n"
			       "unknown: ENOTTY\n";

/* What dd reads of the EEPROM's binary attribute, as a hex dump of @n bytes. */
static char *eeprom_as(struct ldmd *d, const char *who, size_t n)
{
	char cmd[1024], *out;

	snprintf(cmd, sizeof(cmd),
		 "%s dd if=%s bs=256 count=1 status=none | head -c %zu | od -An -c | tr -s ' '",
		 who, SYS(d, "bus/sbus/devices/0-0050/eeprom"), n);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	return out;
}

DEFINE_TEST(
	test_k269_i2c_style_bus_through_dev_and_sys,
	.description =
		"the i2c-style bus under ldmd: dd reads the EEPROM's binary attribute through DIR/sys, its serial for root and zeroed for a user without CAP_SYS_ADMIN (capable() sees the reader); under ldm exec a program uses the adapter's node sbus-0: a written pointer, a value, a structure of its pointers (as I2C_RDWR), a read",
	.no_runtime = true)
{
	struct ldmd d;
	char *out;

	k269_up(&d, (const char *[]){ K269("sbus_core"), K269("sbus_soft"), K269("sbus_eeprom"),
				      NULL });
	ASSERT(listed(d.dev, "sbus-0", NULL));
	out = eeprom_as(&d, "", 15);
	ASSERT_STREQ(out, " S N : 0 1 2 3 4 5 6 7 8 9 a b\n");
	free(out);
	out = eeprom_as(&d, "setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all --",
			4);
	ASSERT_STREQ(out, " \\0 \\0 \\0 \\0\n");
	free(out);
	ASSERT_EQ(ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, K269_USER_PATH " sbus", &out), 0);
	ASSERT_STREQ(out, sbus_run);
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_exec_lsmod_reads_ldmds_proc_modules,
	.description =
		"ldmd serves DIR/proc (modules, devices, misc, and the drivers' entries); under ldm exec kmod's own lsmod reads /proc/modules and prints byte for byte what ldm lsmod prints, with a dependency loaded, and cat reads /proc/devices and a driver's /proc/bus entry (which the machine lacks: the preload opens ldmd's)",
	.no_runtime = true)
{
	struct ldmd d;
	char *out, *want, cmd[512];

	if (system("command -v lsmod >/dev/null"))
		ldm_test_skip("kmod's lsmod is not installed (Debian package kmod)");
	k269_up(&d, (const char *[]){ LDM_BUILD_DIR "/modules/gpl_lib.ko",
				      LDM_BUILD_DIR "/modules/gpl_user.ko", K269("sbus_core"),
				      K269("sbus_soft"), NULL });
	want = cat(PROC(&d, "modules")); /* cat's buffer is its own */
	ASSERT(want && strstr(want, "gpl_lib 12288 1 gpl_user, Live 0x"));
	snprintf(cmd, sizeof(cmd), LDM_BUILD_DIR "/tools/ldm/ldm --root %s lsmod", d.root);
	ASSERT_EQ(ldm_test_run(cmd, &want), 0);
	ASSERT_EQ(ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD, "lsmod", &out), 0);
	ASSERT_STREQ(out, want);
	free(out);
	free(want);
	ASSERT_EQ(ldm_exec(&d, "LDM_PRELOAD=" LDM_PRELOAD_BUILD,
			   "sh -c 'grep -x \" 10 misc\" /proc/devices; cat /proc/bus/sbus'", &out),
		  0);
	ASSERT_STREQ(out, " 10 misc\nsbus-0\tsbus software adapter           \n");
	free(out);
	ldmd_down(&d);
}

DEFINE_TEST(
	test_proc_mount_as_proc,
	.description =
		"DIR/proc lists the runtime's files and the drivers' directories as /proc does (0444 files, 0555 directories); its shape is refused (mkdir, unlink, chmod: EPERM or EACCES); a driver's entry goes when its module does, at the next look-up",
	.no_runtime = true)
{
	char cmd[512], *out;
	struct ldmd d;

	k269_up(&d, (const char *[]){ K269("sbus_core"), K269("sbus_soft"), NULL });
	ASSERT(listed(d.proc, "modules", NULL));
	ASSERT(listed(d.proc, "devices", NULL));
	ASSERT(listed(d.proc, "misc", NULL));
	ASSERT(listed(d.proc, "bus", NULL));
	assert_mode(PROC(&d, "modules"), S_IFREG | 0444, 0);
	assert_mode(PROC(&d, "bus"), S_IFDIR | 0555, 0);
	ASSERT_STREQ(cat(PROC(&d, "bus/sbus")), "sbus-0\tsbus software adapter           \n");
	ASSERT_REFUSED(mkdir(PROC(&d, "dir"), 0755));
	ASSERT_REFUSED(unlink(PROC(&d, "modules")));
	ASSERT_REFUSED(chmod(PROC(&d, "modules"), 0666));
	snprintf(cmd, sizeof(cmd),
		 LDM_BUILD_DIR "/tools/ldm/ldm --root %s rmmod sbus_soft sbus_core", d.root);
	ASSERT_EQ(ldm_test_run(cmd, &out), 0);
	free(out);
	ASSERT_ERRNO(access(PROC(&d, "bus/sbus"), F_OK), ENOENT);
	ASSERT(!strstr(cat(PROC(&d, "modules")), "sbus"));
	ldmd_down(&d);
}

DEFINE_TEST(
	test_proc_file_open_while_ldmd_stops,
	.description =
		"a driver's /proc file held open through DIR/proc while ldmd stops (unloading its module): ldmd exits 0 with nothing mounted, and the open file then gives an error, never a crash",
	.no_runtime = true)
{
	char buf[64];
	struct ldmd d;
	int fd;

	k269_up(&d, (const char *[]){ K269("sbus_core"), K269("sbus_soft"), NULL });
	fd = open(PROC(&d, "bus/sbus"), O_RDONLY);
	ASSERT(fd >= 0);
	ASSERT(read(fd, buf, sizeof(buf)) > 0);
	ldmd_down(&d);
	ASSERT(pread(fd, buf, sizeof(buf), 0) < 0);
	close(fd);
}
