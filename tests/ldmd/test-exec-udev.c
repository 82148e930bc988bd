// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-exec-udev.c - the field's programs that read devices through libudev
 * or libsysfs, unmodified, under ldm exec against an ldmd booted on the demo
 * board with a modules directory (the sensor's driver loaded by its alias):
 * udevadm info, trigger and monitor, pyudev, systool. Each answer is checked
 * against what ldmd's tree itself says.
 */
#include <dirent.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>

#include "ldmd-util.h"

#define LDM    LDM_BUILD_DIR "/tools/ldm/ldm"
#define SENSOR "/devices/platform/soc/10001000.sensor"

struct demo {
	struct ldmd d;
	char mods[300]; /* DIR/modules, written by ldm depmod */
};

/*
 * ldmd --modules DIR/modules --board demo.dts prop_misc.ko, as scripts/demo
 * boots it, once the sensor's driver has been loaded by its alias.
 */
static void demo_up(struct demo *m)
{
	char cmd[2048];

	need_fuse();
	need_namespaces();
	if (!in_path("dtc"))
		ldm_test_skip("dtc is not installed (Debian package device-tree-compiler)");
	make_root(&m->d);
	snprintf(m->mods, sizeof(m->mods), "%s/modules", m->d.root);
	snprintf(cmd, sizeof(cmd), "mkdir %s && cp %s/modules/*.ko %s/ && %s depmod %s", m->mods,
		 LDM_BUILD_DIR, m->mods, LDM, m->mods);
	ASSERT_EQ(system(cmd), 0);
	m->d.pid = spawn_ldmd(&m->d, true,
			      (const char *[]){ "--modules", m->mods, "--board",
						LDM_SOURCE_DIR "/boards/demo.dts",
						LDM_BUILD_DIR "/modules/prop_misc.ko", NULL });
	wait_ready(&m->d);
	wait_for_file(&m->d, SYS(&m->d, SENSOR "/driver"));
}

static void demo_down(struct demo *m)
{
	char cmd[900];

	ldmd_stop(&m->d, SIGTERM);
	snprintf(cmd, sizeof(cmd), "rm -rf %s %s/*.py", m->mods, m->d.root);
	ASSERT_EQ(system(cmd), 0);
	remove_root(&m->d);
}

static void need_udevadm(void)
{
	if (!in_path("udevadm"))
		ldm_test_skip("udevadm is not installed (Debian's package udev)");
}

static void need_pyudev(void)
{
	if (system("/usr/bin/python3 -c 'import pyudev' 2>/dev/null"))
		ldm_test_skip("pyudev is not installed (Debian's package python3-pyudev)");
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* @text's lines sorted, as one string; free() it. */
static char *sorted_lines(const char *text)
{
	char *copy = strdup(text), *line, *save, **lines = NULL, **more, *out = NULL;
	size_t n = 0, len = 0;
	FILE *f = open_memstream(&out, &len);

	ASSERT(copy && f);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		more = realloc(lines, (n + 1) * sizeof(*lines));
		ASSERT(more);
		lines = more;
		lines[n++] = line;
	}
	qsort(lines, n, sizeof(*lines), by_name);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\n", lines[i]);
	ASSERT_OK(fclose(f));
	free(lines);
	free(copy);
	return out;
}

/*
 * The platform devices as the tree has them: for each entry of
 * DIR/sys/bus/platform/devices, "/sys" + where it leads, and with
 * @drivers " " + its driver's name or "None"; sorted, one a line.
 */
static char *platform_devices(const struct ldmd *d, bool drivers)
{
	char *text = NULL, *sorted, path[PATH_MAX], *abs;
	DIR *dir = opendir(SYS(d, "/bus/platform/devices"));
	size_t len = 0;
	struct dirent *de;
	FILE *f = open_memstream(&text, &len);
	ssize_t n;

	ASSERT(dir && f);
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/bus/platform/devices/%s", de->d_name);
		abs = realpath(SYS(d, path), NULL);
		ASSERT(abs);
		fprintf(f, "/sys%s", abs + strlen(d->sys));
		free(abs);
		if (drivers) {
			strcat(path, "/driver");
			n = readlink(SYS(d, path), path, sizeof(path) - 1);
			path[n > 0 ? n : 0] = '\0';
			fprintf(f, " %s", n > 0 ? strrchr(path, '/') + 1 : "None");
		}
		fputc('\n', f);
	}
	closedir(dir);
	ASSERT_OK(fclose(f));
	sorted = sorted_lines(text);
	free(text);
	return sorted;
}

/* The sensor's temperature changes from read to read: its digits become "N". */
static void hide_value(char *out)
{
	static const char key[] = "ATTR{value}==\"";
	char *p = strstr(out, key), *digits;

	ASSERT(p);
	digits = p + sizeof(key) - 1;
	p = digits + strspn(digits, "0123456789");
	ASSERT(p > digits);
	*digits = 'N';
	memmove(digits + 1, p, strlen(p) + 1);
}

DEFINE_TEST(
	test_exec_udevadm_info_golden,
	.description =
		"udevadm info -a -p on the demo sensor, under ldm exec, prints what it prints on a machine: the device with its driver, subsystem and attributes, then its parents (golden)",
	.no_runtime = true)
{
	struct demo m;
	char *out;

	need_udevadm();
	demo_up(&m);
	exec_ok(&m.d, "udevadm info -a -p " SENSOR, &out);
	hide_value(out);
	ldm_test_golden("exec-udevadm-info-a.out", out, m.d.root);
	free(out);
	exec_ok(&m.d, "udevadm info -q path -p /bus/platform/devices/10001000.sensor", &out);
	ASSERT_STREQ(out, SENSOR "\n");
	free(out);
	demo_down(&m);
}

DEFINE_TEST(
	test_exec_udevadm_export_db,
	.description =
		"udevadm info --export-db under ldm exec lists every platform device of the tree and the misc class device with their properties; the sensor's record exactly, with DRIVER and MODALIAS",
	.no_runtime = true)
{
	char *out, *devices, *line, *save, want[256];
	struct demo m;
	int minor;

	need_udevadm();
	demo_up(&m);
	exec_ok(&m.d, "udevadm info --export-db", &out);
	ASSERT(strstr(out, "\n\nP: " SENSOR "\n"
			   "M: 10001000.sensor\n"
			   "U: platform\n"
			   "V: demo_sensor\n"
			   "E: DEVPATH=" SENSOR "\n"
			   "E: SUBSYSTEM=platform\n"
			   "E: DRIVER=demo_sensor\n"
			   "E: OF_NAME=sensor\n"
			   "E: OF_FULLNAME=/soc/sensor@10001000\n"
			   "E: OF_COMPATIBLE_0=ldm,demo-sensor\n"
			   "E: OF_COMPATIBLE_N=1\n"
			   "E: MODALIAS=of:NsensorT(null)Cldm,demo-sensor\n\n"));
	devices = platform_devices(&m.d, false);
	for (line = strtok_r(devices, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		snprintf(want, sizeof(want), "P: %s\n", line + strlen("/sys"));
		if (!strstr(out, want))
			FAIL("no record of %s in:\n%s", line, out);
	}
	free(devices);
	ASSERT_EQ(sscanf(cat(SYS(&m.d, "/class/misc/prop_misc/dev")), "10:%d", &minor), 1);
	snprintf(want, sizeof(want),
		 "P: /class/misc/prop_misc\n"
		 "M: prop_misc\n"
		 "U: misc\n"
		 "D: c 10:%d\n"
		 "N: prop_misc\n"
		 "L: 0\n"
		 "E: DEVPATH=/class/misc/prop_misc\n"
		 "E: SUBSYSTEM=misc\n"
		 "E: DEVNAME=/dev/prop_misc\n"
		 "E: MAJOR=10\n"
		 "E: MINOR=%d\n\n",
		 minor, minor);
	ASSERT(strstr(out, want));
	free(out);
	demo_down(&m);
}

/* The next message of DIR/uevent on @fd, which must come (no end of file). */
static ssize_t next_event(int fd, char *buf, size_t size)
{
	ssize_t n = ldmd_next_event(fd, buf, size);

	ASSERT(n > 0);
	return n;
}

/* Whether the event @buf of @n bytes has the property @prop ("KEY=VALUE"). */
static bool has_property(const char *buf, ssize_t n, const char *prop)
{
	for (const char *p = buf; p < buf + n; p += strlen(p) + 1)
		if (!strcmp(p, prop))
			return true;
	return false;
}

DEFINE_TEST(
	test_exec_udevadm_trigger,
	.description =
		"udevadm trigger under ldm exec: --dry-run --verbose lists the tree's platform devices and writes nothing; --action=change writes each one's uevent file, and ldmd sends a change event for each, in that order; --uuid's UUID comes back as SYNTH_UUID",
	.no_runtime = true)
{
	char *out, *listed, *devices, *line, *save, buf[4096], want[300];
	struct demo m;
	ssize_t n;
	int fd, ctl;

	need_udevadm();
	demo_up(&m);
	fd = ldmd_socket_connect(&m.d, "uevent");
	ASSERT(fd >= 0);
	ctl = ldmd_control_connect(&m.d);
	ldmd_uevent_settle(ctl, &fd, 1, NULL); /* taken before the writes */
	close(ctl);

	exec_ok(&m.d,
		"udevadm trigger --dry-run --verbose --action=change --subsystem-match=platform",
		&out);
	listed = sorted_lines(out);
	devices = platform_devices(&m.d, false);
	ASSERT_STREQ(listed, devices);
	free(listed);
	/* A write of ours: the first event, so the dry run sent none. */
	ASSERT_EQ(echo(SYS(&m.d, "/class/misc/prop_misc/uevent"), "change", 6), 6);
	next_event(fd, buf, sizeof(buf));
	ASSERT_STREQ(buf, "change@/class/misc/prop_misc");

	free(out);
	exec_ok(&m.d, "udevadm trigger --verbose --action=change --subsystem-match=platform", &out);
	listed = sorted_lines(out);
	ASSERT_STREQ(listed, devices);
	free(listed);
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		n = next_event(fd, buf, sizeof(buf));
		snprintf(want, sizeof(want), "change@%s", line + strlen("/sys"));
		ASSERT_STREQ(buf, want);
		ASSERT(has_property(buf, n, "SUBSYSTEM=platform"));
		ASSERT(has_property(buf, n, "SYNTH_UUID=0"));
	}
	free(out);
	free(devices);

	exec_ok(&m.d, "udevadm trigger --uuid --action=add --sysname-match=10001000.sensor", &out);
	ASSERT_EQ(strlen(out), 37u); /* a UUID and a newline */
	out[36] = '\0';
	n = next_event(fd, buf, sizeof(buf));
	ASSERT_STREQ(buf, "add@" SENSOR);
	snprintf(want, sizeof(want), "SYNTH_UUID=%s", out);
	ASSERT(has_property(buf, n, want));
	ASSERT(has_property(buf, n, "DRIVER=demo_sensor"));
	free(out);
	close(fd);
	demo_down(&m);
}

DEFINE_TEST(
	test_exec_udevadm_trigger_subsystems,
	.description =
		"udevadm trigger --type=subsystems under ldm exec writes the uevent files of the platform bus, its drivers and the loaded modules, and ldmd sends change for each with SUBSYSTEM=bus, drivers or module",
	.no_runtime = true)
{
	char *out, *line, *save, buf[4096], want[300], rel[300];
	bool bus = false, driver = false, module = false;
	struct demo m;
	ssize_t n;
	int fd, ctl;

	need_udevadm();
	demo_up(&m);
	fd = ldmd_socket_connect(&m.d, "uevent");
	ASSERT(fd >= 0);
	ctl = ldmd_control_connect(&m.d);
	ldmd_uevent_settle(ctl, &fd, 1, NULL); /* taken before the writes */
	close(ctl);
	exec_ok(&m.d, "udevadm trigger --type=subsystems --action=change --verbose", &out);
	/* Each path listed whose uevent file the tree has gets its event, in order. */
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		snprintf(rel, sizeof(rel), "%s/uevent", line + strlen("/sys"));
		if (access(SYS(&m.d, rel), F_OK))
			continue;
		n = next_event(fd, buf, sizeof(buf));
		snprintf(want, sizeof(want), "change@%s", line + strlen("/sys"));
		ASSERT_STREQ(buf, want);
		ASSERT(has_property(buf, n, "SYNTH_UUID=0"));
		bus |= !strcmp(line, "/sys/bus/platform") && has_property(buf, n, "SUBSYSTEM=bus");
		driver |= !strcmp(line, "/sys/bus/platform/drivers/demo_sensor") &&
			  has_property(buf, n, "SUBSYSTEM=drivers");
		module |= !strcmp(line, "/sys/module/demo_sensor") &&
			  has_property(buf, n, "SUBSYSTEM=module");
	}
	ASSERT(bus && driver && module);
	free(out);
	close(fd);
	demo_down(&m);
}

/*
 * The script run under ldm exec: start @monitor with its output to a file,
 * wait (bounded) for it to say it listens, hotplug a widget (its driver
 * loads by its alias), wait until it is bound, remove it, wait for @last in
 * the output, print the output.
 */
static const char monitor_script[] =
	"sh -c 'out=$(mktemp); %s >$out 2>&1 & m=$!; "
	"wait_for() { i=0; until grep -q \"$1\" $out; do sleep 0.05; i=$((i+1)); "
	"[ $i -lt 600 ] || { echo \"no $1 in:\"; cat $out; kill $m; exit 9; }; done; }; "
	"wait_for \"%s\"; " LDM " device add widget --id 7 >/dev/null && wait_for \"%s\" && " LDM
	" device remove widget7 && wait_for \"%s\"; kill $m 2>/dev/null; wait $m 2>/dev/null; "
	"cat $out; rm $out'";

DEFINE_TEST(
	test_exec_udevadm_monitor,
	.description =
		"udevadm monitor --udev --property, unmodified, hears a hotplugged device under ldm exec as it hears udevd's: add with MODALIAS, bind with DRIVER once its driver autoloads, unbind, remove; its subsystem filter works",
	.no_runtime = true)
{
	char script[2048], *out;
	struct demo m;

	need_udevadm();
	demo_up(&m);
	snprintf(script, sizeof(script), monitor_script,
		 "udevadm monitor --udev --property --subsystem-match=platform",
		 "^UDEV - the event", "^DRIVER=widget", "^ACTION=remove");
	exec_ok(&m.d, script, &out);
	ASSERT(strstr(out, "UDEV  ["));
	ASSERT(strstr(out, "] add      /devices/platform/widget7 (platform)\n"
			   "ACTION=add\n"
			   "DEVPATH=/devices/platform/widget7\n"
			   "SUBSYSTEM=platform\n"
			   "MODALIAS=platform:widget\n"
			   "SEQNUM="));
	ASSERT(strstr(out, "] bind     /devices/platform/widget7 (platform)\n"
			   "ACTION=bind\n"
			   "DEVPATH=/devices/platform/widget7\n"
			   "SUBSYSTEM=platform\n"
			   "DRIVER=widget\n"
			   "MODALIAS=platform:widget\n"
			   "SEQNUM="));
	ASSERT(strstr(out, "] unbind   /devices/platform/widget7 (platform)\n"));
	ASSERT(strstr(out, "] remove   /devices/platform/widget7 (platform)\n"
			   "ACTION=remove\n"
			   "DEVPATH=/devices/platform/widget7\n"
			   "SUBSYSTEM=platform\n"
			   "MODALIAS=platform:widget\n"
			   "SEQNUM="));
	/* The filter ran in libudev, on the subsystem hash the forwarder put in the header. */
	ASSERT(!strstr(out, "SUBSYSTEM=module"));
	free(out);
	demo_down(&m);
}

/* Write @script to DIR/@name; the command that runs it with Debian's python3 in @cmd. */
static void python_script(const struct ldmd *d, const char *name, const char *script, char *cmd,
			  size_t size)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", d->root, name);
	f = fopen(path, "w");
	ASSERT(f);
	fputs(script, f);
	ASSERT_OK(fclose(f));
	/* The python3 of $PATH may be one without Debian's packages. */
	snprintf(cmd, size, "/usr/bin/python3 %s", path);
}

/* pyudev's Monitor, as a udev client written in Python uses it. */
static const char pyudev_monitor[] =
	"import pyudev\n"
	"ctx = pyudev.Context()\n"
	"mon = pyudev.Monitor.from_netlink(ctx)\n"
	"mon.filter_by(\"platform\")\n"
	"mon.start()\n"
	"print(\"listening\", flush=True)\n"
	"while True:\n"
	"    dev = mon.poll(timeout=30)\n"
	"    print(dev.action, dev.sys_path, dev.subsystem, dev.get(\"DRIVER\"), dev.get(\"MODALIAS\"),\n"
	"          dev.get(\"SEQNUM\") is not None, flush=True)\n"
	"    if dev.action == \"remove\":\n"
	"        break\n";

DEFINE_TEST(
	test_exec_pyudev_monitor,
	.description =
		"pyudev's Monitor, unmodified, hears a hotplugged device under ldm exec: add, bind with its autoloaded driver, unbind, remove, with their properties",
	.no_runtime = true)
{
	char script[2048], cmd[600], *out;
	struct demo m;

	need_pyudev();
	demo_up(&m);
	python_script(&m.d, "pyudev-monitor.py", pyudev_monitor, cmd, sizeof(cmd));
	snprintf(script, sizeof(script), monitor_script, cmd, "^listening", "^bind", "^remove");
	exec_ok(&m.d, script, &out);
	ASSERT_STREQ(out,
		     "listening\n"
		     "add /sys/devices/platform/widget7 platform None platform:widget True\n"
		     "bind /sys/devices/platform/widget7 platform widget platform:widget True\n"
		     "unbind /sys/devices/platform/widget7 platform None platform:widget True\n"
		     "remove /sys/devices/platform/widget7 platform None platform:widget True\n");
	free(out);
	demo_down(&m);
}

static const char pyudev_list[] =
	"import pyudev\n"
	"for dev in pyudev.Context().list_devices(subsystem=\"platform\"):\n"
	"    print(dev.sys_path, dev.driver)\n";

DEFINE_TEST(
	test_exec_pyudev_lists_devices,
	.description =
		"pyudev, unmodified, enumerates under ldm exec the platform devices the tree has, each with its driver (the sensor's loaded by its alias), and misc's class device",
	.no_runtime = true)
{
	char cmd[600], *out, *got, *want;
	struct demo m;

	need_pyudev();
	demo_up(&m);
	python_script(&m.d, "pyudev-list.py", pyudev_list, cmd, sizeof(cmd));
	exec_ok(&m.d, cmd, &out);
	got = sorted_lines(out);
	want = platform_devices(&m.d, true);
	ASSERT_STREQ(got, want);
	ASSERT(strstr(got, "/sys" SENSOR " demo_sensor\n"));
	free(out);
	free(got);
	free(want);
	python_script(&m.d, "pyudev-misc.py",
		      "import pyudev\n"
		      "for dev in pyudev.Context().list_devices(subsystem=\"misc\"):\n"
		      "    print(dev.sys_name, dev.device_node, dev.get(\"MAJOR\"))\n",
		      cmd, sizeof(cmd));
	exec_ok(&m.d, cmd, &out);
	ASSERT_STREQ(out, "prop_misc /dev/prop_misc 10\n");
	free(out);
	demo_down(&m);
}

DEFINE_TEST(
	test_exec_systool,
	.description =
		"systool -b platform -v (libsysfs) under ldm exec lists the platform devices with their attributes, and -D the drivers with the devices they hold",
	.no_runtime = true)
{
	char *out, *devices, *line, *save, want[300];
	struct demo m;

	if (!in_path("systool"))
		ldm_test_skip("systool is not installed (Debian's package sysfsutils)");
	demo_up(&m);
	exec_ok(&m.d, "systool -b platform -v", &out);
	ASSERT(!strncmp(out, "Bus = \"platform\"\n", 17));
	devices = platform_devices(&m.d, false);
	for (line = strtok_r(devices, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		snprintf(want, sizeof(want), "\"\n  Device path = \"%s\"\n", line);
		if (!strstr(out, want))
			FAIL("systool shows no device at %s:\n%s", line, out);
	}
	free(devices);
	ASSERT(strstr(out, "  Device = \"10001000.sensor\"\n"
			   "  Device path = \"/sys" SENSOR "\"\n"
			   "    label               = \"board-temp\"\n"
			   "    modalias            = \"of:NsensorT(null)Cldm,demo-sensor\"\n"
			   "    sample_rate         = \"100\"\n"
			   "    uevent              = \"DRIVER=demo_sensor\n"
			   "OF_NAME=sensor\n"));
	ASSERT(strstr(out, "    unit                = \"millicelsius\"\n"));
	free(out);

	exec_ok(&m.d, "systool -b platform -D", &out);
	ASSERT(strstr(out, "  Driver = \"demo_sensor\"\n"
			   "    Devices using \"demo_sensor\" are:\n"
			   "      Device = \"10001000.sensor\"\n"));
	free(out);
	demo_down(&m);
}
